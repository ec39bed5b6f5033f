import type { State, StockMove } from '#protocol';

/** A state of format 3 or before: it may still hold the stock history. */
export type StateWithStockMoves = State & { stockMoves?: StockMove[] };

/**
 * The stock history a state of format 3 kept in memory (up to 500 moves,
 * newest last); none for any other state. The engine files these in the
 * stock day files before migration 4 drops them, so none is lost.
 */
export function legacyStockMoves(state: State): readonly StockMove[] {
  const moves = (state as StateWithStockMoves).stockMoves;
  return Array.isArray(moves) ? moves : [];
}

/**
 * Store migration 4 (see ../migrations): the stock history leaves the live
 * state (it grew with every adjustment and went into every snapshot) for the
 * `stock/` day files, read page by page by GET /api/goods/stock-moves. Pure,
 * and a no-op on a state without it.
 */
export function dropStockMoves(state: State): State {
  if (!Object.hasOwn(state, 'stockMoves')) return state;
  const { stockMoves: _dropped, ...rest } = state as StateWithStockMoves;
  return rest;
}
