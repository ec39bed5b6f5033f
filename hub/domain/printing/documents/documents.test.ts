import { describe, expect, it } from 'vitest';
import { cashPayment, SALE_NOTE, TICKET_LANGUAGES, type Bill, type KitchenTicket, type PrintDocument, type TicketLanguage } from '#protocol';
import { formatSoles, orderTotals } from '../../money.ts';
import { addLines, exec, openTable, P, T, uid } from '../../test-fixtures.ts';
import { printer, stationMenu } from '../test-printers.ts';
import { kitchenTicketDocument } from './kitchen-ticket.ts';
import { prebillDocument } from './prebill.ts';
import { receiptDocument } from './receipt.ts';
import { markedReprint } from './reprint.ts';
import { setupSlipDocument } from './setup-slip.ts';
import { CHINESE_SAMPLE, SPANISH_SAMPLE, testPageDocument } from './test-page.ts';

/** The texts of a document, one per block. */
function texts(doc: PrintDocument): string[] {
  return doc.blocks.map((b) => (b.kind === 'text' ? b.text : b.kind === 'columns' ? `${b.left} | ${b.right}` : b.kind === 'qr' ? `QR:${b.data}` : ''));
}

const ticket: KitchenTicket = {
  station: 'st-cocina',
  stationName: 'Cocina',
  orderId: uid(1),
  orderNo: 42,
  table: 'S1',
  waiter: 'Begoña',
  people: 4,
  at: '2025-03-14T19:05:00.000Z',
  marker: 'cancel',
  reason: 'el cliente cambió de opinión',
  lines: [{ lineId: uid(101), name: 'Ají de gallina', qty: 2, remark: 'sin ají, señor', held: false }],
};

describe('kitchen ticket', () => {
  const markers: Record<TicketLanguage, string> = { es: 'ANULADO', en: 'VOID', zh: '取消' };
  it.each(TICKET_LANGUAGES)('in %s: marker inverted and large, table, order, Lima time, waiter, people, line and remark, accents kept', (lang) => {
    const doc = kitchenTicketDocument(ticket, lang);
    const marker = doc.blocks.find((b) => b.kind === 'text' && b.invert);
    expect(marker).toMatchObject({ text: markers[lang], size: 'large' });
    const all = texts(doc).join('\n');
    for (const part of ['S1', '#42', '14:05', 'Begoña', '4', '2 × Ají de gallina', 'sin ají, señor', 'el cliente cambió de opinión']) expect(all).toContain(part);
    expect(doc.blocks.find((b) => b.kind === 'text' && b.text === '2 × Ají de gallina')).toMatchObject({ size: 'large' });
    expect(doc.cut).toBe(true);
  });

  it('a new ticket has no marker; a held line says so', () => {
    const doc = kitchenTicketDocument({ ...ticket, marker: 'new', reason: '', lines: [{ ...ticket.lines[0]!, held: true }] }, 'es');
    expect(doc.blocks.filter((b) => b.kind === 'text' && b.invert).map((b) => (b.kind === 'text' ? b.text : ''))).toEqual(['  ESPERAR: no preparar aún']);
  });

  it('REPRINT goes on top, once', () => {
    const doc = kitchenTicketDocument(ticket, 'zh');
    const again = markedReprint(doc, 'zh');
    expect(texts(again)[0]).toBe('重印');
    expect(markedReprint(again, 'es')).toEqual(again);
  });
});

/** A settled bill of the test restaurant: 2 ceviche, 1 chicha, a 10 % discount, a tip, paid with S/ 100 cash. */
function settledBill(): Bill {
  let s = openTable(stationMenu(), T.s1, uid(1), 2);
  s = addLines(s, uid(1), [
    { lineId: uid(101), productId: P.ceviche.id, qty: 2 },
    { lineId: uid(102), productId: P.chicha.id, qty: 1 },
  ]);
  s = exec(s, 'order.send', { orderId: uid(1) }).state;
  s = exec(s, 'order.setDiscount', { orderId: uid(1), discount: { kind: 'percent', percent: 10 } }).state;
  s = exec(s, 'order.setTip', { orderId: uid(1), tipCents: 500 }).state;
  const step = exec(s, 'order.settle', { orderId: uid(1), payments: [{ method: 'cash', amountCents: 10_000 }], document: { kind: 'boleta', docId: '', name: '' }, print: true });
  const settled = step.events.find((e) => e.type === 'order.settled');
  if (settled?.type !== 'order.settled') throw new Error('not settled');
  return settled.bill;
}

describe('pre-bill and receipt', () => {
  const bill = settledBill();
  const totals = orderTotals(bill, 0);

  it('the bill the rules settled adds up as orderTotals counts it (the receipt prints those amounts)', () => {
    expect(totals.totalCents).toBe(bill.totalCents);
    const all = texts(receiptDocument({ businessName: 'Cevichería Ñaño', ruc: '20131312955', address: 'Av. José Gálvez 123, Lima', bill, cashier: 'Óscar' }, 'es')).join('\n');
    for (const amount of [totals.goodsCents, -totals.orderDiscountCents, totals.tipCents, totals.totalCents, bill.receivedCents, bill.changeCents]) expect(all).toContain(formatSoles(amount));
    for (const part of ['Cevichería Ñaño', 'RUC 20131312955', 'Av. José Gálvez 123, Lima', `Cuenta N.º ${bill.billNo}`, 'Óscar', 'Efectivo', 'Vuelto', '¡Gracias por su visita!']) {
      expect(all).toContain(part);
    }
    // A boleta asked for before e-invoicing was set up (no number): the paper is a sale note and says why, never "electrónica".
    expect(bill.document.kind).toBe('boleta');
    expect(all).toContain('NOTA DE VENTA');
    expect(all).toContain('Comprobante electrónico no emitido');
    expect(all).not.toContain('ELECTRÓNICA');
  });

  const receiptWords: Record<TicketLanguage, string[]> = { es: ['Propina', 'Descuento', 'TOTAL'], en: ['Tip', 'Discount', 'TOTAL', 'Change'], zh: ['小费', '折扣', '合计', '找零', '现金'] };
  it.each(TICKET_LANGUAGES)('receipt in %s', (lang) => {
    const all = texts(receiptDocument({ businessName: 'X', ruc: '', address: '', bill, cashier: '' }, lang)).join('\n');
    for (const w of receiptWords[lang]) expect(all).toContain(w);
  });

  it('dollars paid show as given and at which rate; operation numbers print; a sale note has no QR (fiscal receipts: fiscal-receipt.test.ts)', () => {
    const usd = { ...cashPayment(3745), method: 'usd' as const, usdCents: 1000, rateMilli: 3745 };
    const yape = { ...cashPayment(2000), method: 'yape' as const, accountCode: 106, operationNo: '12345678' };
    const doc = receiptDocument({ businessName: 'X', ruc: '', address: '', bill: { ...bill, payments: [usd, yape], document: SALE_NOTE }, cashier: '' }, 'es');
    const all = texts(doc).join('\n');
    expect(all).toContain('Dólares US$ 10.00 × 3.745 | S/ 37.45');
    expect(all).toContain('Op. 12345678');
    expect(all).toContain('NOTA DE VENTA');
    expect(doc.blocks.some((b) => b.kind === 'qr')).toBe(false);
  });

  const prebillWords: Record<TicketLanguage, string> = { es: 'Este documento no es un comprobante de pago', en: 'This is not a receipt', zh: '本单据不是付款凭证' };
  it.each(TICKET_LANGUAGES)('pre-bill in %s: lines, amounts as orderTotals, "not a receipt"', (lang) => {
    const doc = prebillDocument({ restaurantName: 'Ñaño', tableName: 'S1', orderNo: 7, people: 2, lines: bill.lines, totals, at: bill.paidAt }, lang);
    const all = texts(doc).join('\n');
    expect(all).toContain(prebillWords[lang]);
    expect(all).toContain(formatSoles(totals.totalCents));
    expect(all).toContain(lang === 'zh' ? '2 × 菜 101' : lang === 'en' ? '2 × Dish 101' : '2 × Plato 101');
  });

  it('a minimum-spend top-up and lunch boxes show, and the total is still orderTotals', () => {
    const withMin = orderTotals({ lines: bill.lines, lunchBox: { mode: 'perOrder', priceCents: 150 } }, 20_000);
    const all = texts(prebillDocument({ restaurantName: '', tableName: 'VIP', orderNo: 1, people: 2, lines: bill.lines, totals: withMin, at: bill.paidAt }, 'es')).join('\n');
    expect(all).toContain(`Completa consumo mínimo | ${formatSoles(withMin.minSpendFeeCents)}`);
    expect(all).toContain(`Táper | ${formatSoles(150)}`);
    expect(all).toContain(`TOTAL | ${formatSoles(withMin.totalCents)}`);
  });
});

describe('test page and setup slip', () => {
  it('the test page names the printer, its paper and code page, every Spanish accent, Chinese, a QR and columns', () => {
    const all = texts(testPageDocument(printer('pr-caja', { name: 'Caja', paper: 58, codePage: 'cp850' }), '2025-03-14T19:05:00.000Z')).join('\n');
    for (const part of ['Caja', '58 mm', 'cp850', SPANISH_SAMPLE, CHINESE_SAMPLE, 'QR:TEST pr-caja', 'TOTAL | S/ 50.00']) expect(all).toContain(part);
    for (const ch of ['á', 'é', 'í', 'ó', 'ú', 'ñ', 'Ñ', 'ü', '¿', '¡']) expect(SPANISH_SAMPLE).toContain(ch);
  });

  it('the setup slip carries the restaurant name and leaves the address to the runner', () => {
    const doc = setupSlipDocument('Cevichería Ñaño', 'es');
    expect(texts(doc)).toContain('Cevichería Ñaño');
    expect(doc.blocks.some((b) => b.kind === 'qr')).toBe(false);
  });
});
