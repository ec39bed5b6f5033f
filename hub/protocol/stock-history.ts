import { z } from 'zod';
import { idSchema } from './ids.ts';
import type { StockMove } from './features/goods.ts';

/**
 * The stock history (manual adjustments and imports), asked for page by page
 * by goods managers (M015): it is not part of the live state devices hold.
 */
export const stockHistoryQuerySchema = z.object({
  productId: idSchema.optional(),
  /** Moves to skip, newest first (the next page starts where the last ended). */
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export type StockHistoryQuery = z.infer<typeof stockHistoryQuerySchema>;

/**
 * GET /api/goods/stock-moves answer: newest first; `more` says older moves
 * match too (the hub reads only the day files a page needs, so it gives no total).
 */
export type StockHistoryPage = { ok: true; moves: StockMove[]; more: boolean };
