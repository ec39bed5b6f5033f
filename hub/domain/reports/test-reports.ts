import type { Bill, BillCorrection, BillPayment, PayMethod } from '#protocol';
import { cashPayment } from '#protocol';
import { testBill, type BillSpec, type LineSpec } from '../einvoice/test-bills.ts';
import { pay } from '../shift/test-shift.ts';
import type { ReportContext } from './aggregate.ts';

/**
 * Bills for the report tests, with their amounts from the real money rules
 * (testBill runs orderTotals as settlement does). Payments default to one
 * cash payment of what was due.
 */

/** Products 'p-1'.. are 'Fondos' except 'p-9' (drinks); custom dishes ask for the name of their category. */
export const CTX: ReportContext = {
  closingHour: 3,
  categoryOf: (productId) =>
    productId === null ? { id: 'ignored', name: 'Fuera de carta' } : productId === 'p-9' ? { id: 'c-drinks', name: 'Bebidas' } : { id: 'c-mains', name: 'Fondos' },
};

export type ReportBillSpec = BillSpec & { id?: string; payments?: BillPayment[]; change?: number; over?: Partial<Bill> };

/** A paid bill: lines and adjustments as testBill, then the payments (received = their sum, change as given). */
export function reportBill(lines: LineSpec[], spec: ReportBillSpec = {}): Bill {
  const base = testBill(lines, { fiscal: null, ...spec });
  const payments = spec.payments ?? (base.dueCents ? [cashPayment(base.dueCents + (spec.change ?? 0))] : []);
  const received = payments.reduce((n, p) => n + p.amountCents, 0);
  const methods = new Set(payments.map((p) => p.method));
  const payMethod: Bill['payMethod'] = methods.size > 1 ? 'mixed' : (payments[0]?.method ?? 'cash');
  const id = spec.id ?? base.id;
  return { ...base, id, payments, receivedCents: received, changeCents: spec.change ?? 0, payMethod, ...spec.over };
}

/** A withdrawn order as the archive keeps it (hub/domain/kitchen/withdraw.ts): the lines, nothing charged. */
export function withdrawnBill(lines: LineSpec[], paidAt = '2026-03-02T19:00:00.000Z'): Bill {
  const base = testBill(lines, { fiscal: null, paidAt });
  return {
    ...base, billNo: 0, subtotalCents: 0, minSpendFeeCents: 0, totalCents: 0, receivedCents: 0, changeCents: 0, goodsCents: 0, giftCents: 0,
    lineDiscountCents: 0, orderDiscountCents: 0, lunchBoxCents: 0, tipCents: 0, dueCents: 0, payments: [], document: { kind: 'note', docId: '', name: '' },
    deleted: 2, withdrawReason: 'Cliente se fue',
  };
}

/** A refund given back after settlement (a void when `kind` says so). */
export function correction(amountCents: number, method: PayMethod, at = '2026-03-05T15:00:00.000Z', kind: BillCorrection['kind'] = 'refund'): BillCorrection {
  return { id: `c-${amountCents}`, billId: 'o-1', billNo: 1, kind, lines: [{ lineId: 'l-1', qty: 1 }], amountCents, reason: 'Frío', method, at, by: 'owner-1' };
}

export { pay };
