import type { Bill, BillFiscal, FiscalSettings, LunchBox, OrderDiscount, OrderLine, SaleDocument } from '#protocol';
import { cashPayment } from '#protocol';
import { orderTotals } from '../money.ts';
import { SAMPLE_FISCAL } from './samples.ts';

/** A dish line for tax tests: price, portions, and what happened to them. */
export type LineSpec = { price: number; qty?: number; gifted?: number; discount?: number; returned?: number; productId?: string; name?: string };

/** An order line with every field at its default but those given. */
export function testLine(i: number, spec: LineSpec): OrderLine {
  return {
    id: `l-${i}`, productId: spec.productId ?? `p-${i}`, code: String(100 + i), names: { es: spec.name ?? `Plato ${i}`, en: '', zh: '' },
    specId: null, specNames: null, unitPriceCents: spec.price, vipUnitPriceCents: null, qty: spec.qty ?? 1, unit: '', remark: '', station: '',
    sentBatch: 1, returnedQty: spec.returned ?? 0, returnReason: '', returnToStock: false, restockedQty: 0, stockTaken: false,
    giftedQty: spec.gifted ?? 0, giftReason: '', cancelledQty: 0, cancelReason: '', held: false, rushCount: 0, discountCents: spec.discount ?? 0, originTableId: null,
  };
}

/** What else a test bill may carry. */
export type BillSpec = { orderDiscount?: OrderDiscount; tip?: number; lunchBox?: LunchBox; minimum?: number; deposit?: number; paidAt?: string; document?: SaleDocument; fiscal?: BillFiscal | null };

/** A settled bill whose amounts come from the real money rules (orderTotals), as settle records them. */
export function testBill(lines: LineSpec[], spec: BillSpec = {}): Bill {
  const orderLines = lines.map((l, i) => testLine(i + 1, l));
  const totals = orderTotals({ lines: orderLines, orderDiscount: spec.orderDiscount ?? null, tipCents: spec.tip ?? 0, lunchBox: spec.lunchBox ?? null, depositCents: spec.deposit ?? 0 }, spec.minimum ?? 0);
  const fiscal = spec.fiscal === undefined ? { type: '03' as const, series: 'B001', number: 1 } : spec.fiscal;
  return {
    id: 'o-1', billNo: 1, orderNo: 1, tableId: 't-1', tableName: 'S1', people: 2,
    customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' },
    lines: orderLines, ...totals,
    receivedCents: totals.dueCents, changeCents: 0, payMethod: 'cash', openedAt: '2026-03-02T17:00:00.000Z', paidAt: spec.paidAt ?? '2026-03-02T18:00:00.000Z',
    operator: 'staff-1', orderDiscount: spec.orderDiscount ?? null, lunchBox: spec.lunchBox ?? null, payments: totals.dueCents ? [cashPayment(totals.dueCents)] : [], isAccount: 0,
    document: spec.document ?? { kind: 'boleta', docId: '', name: '' }, printRequested: false,
    ...(fiscal ? { fiscal } : {}),
  };
}

/** The sample settings, general regime (18 %), or the reduced one. */
export function testSettings(over: Partial<FiscalSettings> = {}): FiscalSettings {
  return { ...SAMPLE_FISCAL, ...over };
}
