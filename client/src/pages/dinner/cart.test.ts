import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { remarksOf, settledCart, type CartLine } from './cart.ts';
import { totalsWithCart } from './cart-prices.ts';

const line = (key: string, over: Partial<CartLine> = {}): CartLine => ({ key, productId: 'p-201', qty: 1, remark: '', ...over });

describe('settledCart (a reload forgot the answer to a send; the hub state and the outbox still know)', () => {
  const queued = line('a', { lineId: 'L1', queued: true });
  it.each<[string, CartLine, string[], string[], boolean, CartLine | null]>([
    ['never sent: stays as it is', line('a'), [], [], true, line('a')],
    ['queued, still in the outbox: stays queued', queued, [], ['L1'], true, queued],
    ['queued, the hub has the line: leaves the cart', queued, ['L1'], [], true, null],
    ['queued, gone from the outbox, not in the order (refused): back to the waiter, same line id', queued, [], [], true, line('a', { lineId: 'L1', queued: false })],
    ['queued, outbox not loaded yet after a reload, offline: stays queued (no second send offered)', queued, [], [], false, queued],
    ['refused earlier, later taken with its line id: leaves the cart', line('a', { lineId: 'L1' }), ['L1'], [], true, null],
  ])('%s', (_label, input, inOrder, inOutbox, online, expected) => {
    expect(settledCart([input], new Set(inOrder), new Set(inOutbox), online)).toEqual(expected ? [expected] : []);
  });
});

describe('totalsWithCart (issue 9: the cart counted as S/ 0.00)', () => {
  const state = {
    products: {
      'p-1': { id: 'p-1', priceCents: 1000, specs: [] },
      'p-2': { id: 'p-2', priceCents: 500, specs: [{ id: 'big', priceCents: 900 }] },
    },
  } as unknown as State;
  it.each<[string, { productId: string; specId?: string | null; qty: number }[], number, number]>([
    ['an empty cart adds nothing', [], 0, 2000],
    ['two of a dish', [{ productId: 'p-1', qty: 2 }], 2000, 2000],
    ['a size at its own price', [{ productId: 'p-2', specId: 'big', qty: 1 }], 900, 2000],
    ['a dish gone from the menu counts 0', [{ productId: 'gone', qty: 3 }], 0, 2000],
  ])('%s', (_label, cart, subtotal, minimum) => {
    const t = totalsWithCart(state, { lines: [] }, cart, minimum);
    expect(t.subtotalCents).toBe(subtotal);
    expect(t.totalCents).toBe(Math.max(subtotal, minimum));
  });
});

describe('remarksOf: what a cart line sends as remarks', () => {
  const known = new Set(['notSpicy', 'noOnion']);
  it.each([
    { name: 'free text trimmed, no presets field when none', line: { remark: '  término medio ', remarkIds: [] }, out: { remark: 'término medio' } },
    { name: 'presets kept in order', line: { remark: '', remarkIds: ['noOnion', 'notSpicy'] }, out: { remark: '', remarkIds: ['noOnion', 'notSpicy'] } },
    { name: 'a preset deleted since it was tapped is left out (no chip to untick, the hub would refuse it)', line: { remark: 'x', remarkIds: ['gone', 'notSpicy'] }, out: { remark: 'x', remarkIds: ['notSpicy'] } },
    { name: 'only deleted presets: none', line: { remark: '', remarkIds: ['gone'] }, out: { remark: '' } },
    { name: 'a line stored before remark ids existed', line: { remark: 'sin ají' }, out: { remark: 'sin ají' } },
  ])('$name', ({ line, out }) => {
    expect(remarksOf(line, known)).toEqual(out);
  });
});
