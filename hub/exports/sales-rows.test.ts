import { describe, expect, it } from 'vitest';
import type { Bill } from '#protocol';
import { cashPayment } from '#protocol';
import { testBill } from '#hub/domain/einvoice/test-bills.ts';
import { BILL_HEADER, billRow, documentsOf, LINE_HEADER, lineRows, staffNamesOf, type Cell } from './sales-rows.ts';

/**
 * Issue 19 items 3 and 4: the lines export's Importe is what each line was
 * charged (returned, cancelled and gifted portions and the line's discount
 * taken off, a withdrawn order's lines at zero), so it adds up to what the
 * bills charged; the sales export tells the change apart from what guests
 * handed over, and names people.
 */

const value = (c: Cell) => c.v;
const col = (header: readonly string[], name: string) => header.indexOf(name);

/** Ceviche S/ 32 × 3 (1 returned), chicha S/ 6 × 4 (1 cancelled, 1 gifted), lomo S/ 38 with S/ 8 off. */
function dinner(): Bill {
  const bill = testBill(
    [
      { price: 3200, qty: 3, returned: 1, name: 'Ceviche' },
      { price: 600, qty: 4, gifted: 1, name: 'Chicha morada' },
      { price: 3800, qty: 1, discount: 800, name: 'Lomo saltado' },
    ],
    { fiscal: null, document: { kind: 'note', docId: '', name: '' } },
  );
  bill.lines[1] = { ...bill.lines[1]!, cancelledQty: 1 };
  // Recomputed the way settle does: goods − gifts − line discounts.
  const subtotal = 3200 * 2 + 600 * 2 + 3000;
  return { ...bill, subtotalCents: subtotal, totalCents: subtotal, dueCents: subtotal, receivedCents: 20_000, changeCents: 20_000 - subtotal, payments: [cashPayment(20_000)], operator: 'staff-demo-cashier' };
}

describe('the lines export (issue 19 item 3)', () => {
  it.each([
    ['Ceviche: 3 ordered, 1 returned', 0, 6400],
    ['Chicha: 4 ordered, 1 cancelled, 1 gifted', 1, 1200],
    ['Lomo: its S/ 8 discount taken off', 2, 3000],
  ] as const)('%s', (_name, index, cents) => {
    const row = lineRows(dinner(), undefined)[index]!;
    expect(value(row[col(LINE_HEADER, 'Importe')]!)).toBe(cents / 100);
  });

  it('Σ Importe of a bill is its subtotal; a withdrawn order charged nothing', () => {
    const bill = dinner();
    const sum = lineRows(bill, undefined).reduce((n, r) => n + Math.round((value(r[col(LINE_HEADER, 'Importe')]!) as number) * 100), 0);
    expect(sum).toBe(bill.subtotalCents);
    const withdrawn = lineRows({ ...bill, deleted: 2, subtotalCents: 0, totalCents: 0 }, undefined);
    expect(withdrawn.map((r) => value(r[col(LINE_HEADER, 'Importe')]!))).toEqual([0, 0, 0]);
  });

  it('shows the returned, cancelled and gifted portions and the discount in their own columns', () => {
    const rows = lineRows(dinner(), undefined);
    const pick = (name: string) => rows.map((r) => value(r[col(LINE_HEADER, name)]!));
    expect(pick('Devuelto')).toEqual([1, 0, 0]);
    expect(pick('Anulado')).toEqual([0, 1, 0]);
    expect(pick('Cortesía')).toEqual([0, 1, 0]);
    expect(pick('Descuento')).toEqual([0, 0, 8]);
  });
});

describe('the sales export (issue 19 item 4)', () => {
  it('what guests handed over, the change apart, and the operator by name', () => {
    const row = billRow(dinner(), undefined, documentsOf(null), staffNamesOf({ 'staff-demo-cashier': { name: 'Rosa Quispe' } }));
    expect(value(row[col(BILL_HEADER, 'Medios de pago')]!)).toBe('Efectivo 200.00');
    expect(value(row[col(BILL_HEADER, 'Vuelto')]!)).toBe(94.0);
    expect(value(row[col(BILL_HEADER, 'Total')]!)).toBe(106.0);
    expect(value(row[col(BILL_HEADER, 'Operador')]!)).toBe('Rosa Quispe');
  });
});
