import { describe, expect, it } from 'vitest';
import type { StockMove } from '#protocol';
import { orderAt } from '../test-fixtures.ts';
import { dropStockMoves, legacyStockMoves, type StateWithStockMoves } from './stock-history-upgrade.ts';

const move: StockMove = { productId: 'p-1', delta: 3, stock: 3, reason: 'compra', at: '2025-03-14T20:00:00.000Z', staffId: null };

describe('store migration 4: the stock history leaves the live state', () => {
  it('drops a format-3 history and keeps everything else, without touching its argument', () => {
    const old: StateWithStockMoves = Object.freeze({ ...orderAt('ordered'), stockMoves: [move] });
    expect(legacyStockMoves(old)).toEqual([move]);
    const up = dropStockMoves(old);
    expect(Object.hasOwn(up, 'stockMoves')).toBe(false);
    expect(up).toEqual(orderAt('ordered'));
    expect(old.stockMoves).toEqual([move]);
  });

  it('is a no-op on a state without one, and finds no legacy moves there', () => {
    const today = orderAt('ordered');
    expect(dropStockMoves(today)).toBe(today);
    expect(legacyStockMoves(today)).toEqual([]);
  });
});
