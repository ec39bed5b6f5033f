import { describe, expect, it } from 'vitest';
import { settledCart, type CartLine } from './cart.ts';

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
