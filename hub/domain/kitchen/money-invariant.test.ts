import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { archivedBy } from '../archived.ts';
import { decideOn, exec, orderAt, uid } from '../test-fixtures.ts';
import { applyAll } from '../apply.ts';
import { lineTotalCents, subtotalCents } from '../money.ts';

const ORDER = uid(1);
const LINES = [uid(101), uid(102)] as const;

type Action = { kind: 'gift' | 'cancel' | 'return'; line: 0 | 1; qty: number };
const action = fc.record({ kind: fc.constantFrom('gift' as const, 'cancel' as const, 'return' as const), line: fc.constantFrom(0 as const, 1 as const), qty: fc.integer({ min: 1, max: 3 }) });

/** Applies one action if the rules accept it; a refused one changes nothing. */
function step(s: State, a: Action): State {
  const lineId = LINES[a.line];
  const d =
    a.kind === 'gift'
      ? decideOn(s, 'order.giftLine', { orderId: ORDER, lineId, qty: a.qty, reason: 'r' })
      : a.kind === 'cancel'
        ? decideOn(s, 'order.cancelLine', { orderId: ORDER, lineId, qty: a.qty, reason: 'r' })
        : decideOn(s, 'order.returnLine', { orderId: ORDER, lineId, qty: a.qty, reason: 'r' });
  return d.ok ? applyAll(s, d.events) : s;
}

describe('gifts and cancellations, for any sequence', () => {
  it('never change what the other lines cost, never go negative, and the subtotal is the sum of the lines', () => {
    fc.assert(
      fc.property(fc.array(action, { maxLength: 12 }), (actions) => {
        let s = orderAt('sent');
        for (const a of actions) {
          const before = s.orders[ORDER]!.lines.map(lineTotalCents);
          s = step(s, a);
          const after = s.orders[ORDER]!.lines.map(lineTotalCents);
          // Only the line touched may change, and only downwards.
          after.forEach((cents, i) => (i === a.line ? expect(cents).toBeLessThanOrEqual(before[i]!) : expect(cents).toBe(before[i])));
          for (const l of s.orders[ORDER]!.lines) {
            expect(l.qty - l.returnedQty - l.cancelledQty).toBeGreaterThanOrEqual(0);
            expect(l.giftedQty).toBeGreaterThanOrEqual(0);
            expect(l.giftedQty).toBeLessThanOrEqual(l.qty - l.returnedQty - l.cancelledQty);
          }
        }
        const order = s.orders[ORDER]!;
        expect(subtotalCents(order)).toBe(order.lines.reduce((n, l) => n + lineTotalCents(l), 0));
      }),
    );
  });
});

describe('order.withdraw', () => {
  it('archives the order as withdrawn (delete flag 2) with its reason and nothing charged', () => {
    const { events, state } = exec(orderAt('sent'), 'order.withdraw', { orderId: ORDER, reason: 'El cliente se fue' });
    const record = archivedBy(events[0]!);
    expect(record).toMatchObject({ id: ORDER, deleted: 2, withdrawReason: 'El cliente se fue', totalCents: 0, billNo: 0, payments: [] });
    expect(record!.lines).toHaveLength(2);
    expect(state.orders[ORDER]).toBeUndefined();
    expect(state.tables['t-s1']).toMatchObject({ status: 1, orderId: null });
    // Bill numbers count money taken: a withdrawal takes none.
    expect(state.counters.billNo).toBe(0);
  });

  it('puts unsent portions back into stock', () => {
    let s = orderAt('open');
    s = exec(s, 'product.save', { ...productOf(s, 'p-lomo'), usesInventory: true, lowStock: 0 }).state;
    s = exec(s, 'product.adjustStock', { productId: 'p-lomo', op: 'set', qty: 5, reason: 'Inventario' }).state;
    s = exec(s, 'order.addLines', { orderId: ORDER, lines: [{ lineId: uid(7), productId: 'p-lomo', qty: 2, remark: '' }] }).state;
    expect(s.products['p-lomo']!.stock).toBe(3);
    s = exec(s, 'order.withdraw', { orderId: ORDER, reason: 'Mesa equivocada' }).state;
    expect(s.products['p-lomo']!.stock).toBe(5);
  });
});

function productOf(s: State, id: string) {
  const p = s.products[id]!;
  return { id: p.id, code: p.code, names: p.names, categoryId: p.categoryId, priceCents: p.priceCents, vipPriceCents: p.vipPriceCents, specs: p.specs, remarks: p.remarks, station: p.station, soldOut: p.soldOut, listed: p.listed, sort: p.sort };
}
