import { describe, expect, it } from 'vitest';
import { TICKET_LANGUAGES, type PrintDocument } from '#protocol';
import { testBill } from '../../einvoice/test-bills.ts';
import { receiptDocument } from './receipt.ts';

/** The texts of a document, one per block. */
function texts(doc: PrintDocument): string[] {
  return doc.blocks.map((b) => (b.kind === 'text' ? b.text : b.kind === 'columns' ? `${b.left} | ${b.right}` : ''));
}

/**
 * A member's receipt (issue 22): the member's number and short name (never a phone), the coupon
 * that is the bill's discount, and what the VIP prices saved on the charged portions.
 */
describe("a member's receipt", () => {
  // 2 ceviches at the VIP S/ 28 (list S/ 32), one of them gifted; a chicha; a S/ 15 coupon.
  const base = testBill([{ price: 2800, qty: 2, gifted: 1, name: 'Ceviche' }, { price: 600, qty: 1, name: 'Chicha morada' }], { orderDiscount: { kind: 'amount', cents: 1500 } });
  const bill = {
    ...base,
    lines: base.lines.map((l) => (l.names.es === 'Ceviche' ? { ...l, listUnitPriceCents: 3200 } : l)),
    member: { id: 'm-1', no: '000042', name: 'Ana P.' },
    coupon: { code: 'VERANO-7KQ2M9XA', batchId: 'b-1', name: 'Verano 15', deductionCents: 1500, category: 1 as const },
  };

  it('in Spanish: member, coupon and the saving on the one charged VIP portion', () => {
    const all = texts(receiptDocument({ businessName: 'X', ruc: '', address: '', bill, cashier: '' }, 'es'));
    expect(all).toContain('Socio 000042 Ana P.');
    expect(all).toContain('Cupón VERANO-7KQ2M9XA (Verano 15)');
    expect(all).toContain('Ahorro de socio (precios VIP) | S/ 4.00');
  });

  it.each(TICKET_LANGUAGES)('in %s: the member number and the coupon code print', (lang) => {
    const all = texts(receiptDocument({ businessName: 'X', ruc: '', address: '', bill, cashier: '' }, lang)).join('\n');
    expect(all).toContain('000042 Ana P.');
    expect(all).toContain('VERANO-7KQ2M9XA');
  });

  it('a bill without a member or coupon prints none of it', () => {
    const all = texts(receiptDocument({ businessName: 'X', ruc: '', address: '', bill: base, cashier: '' }, 'es')).join('\n');
    expect(all).not.toMatch(/Socio|Cupón|Ahorro/);
  });
});
