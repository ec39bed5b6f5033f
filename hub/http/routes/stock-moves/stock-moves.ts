import Router from '@koa/router';
import type { Engine } from '#hub/engine/engine.ts';
import { aliasesOf } from '#domain';
import type { StockHistoryPage, StockMove } from '#protocol';
import { stockHistoryQuerySchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

const DEFAULT_LIMIT = 20;

/**
 * GET /api/goods/stock-moves?productId=&offset=&limit=
 * Who moved stock, when and why, newest first, a page at a time: for goods
 * managers (M015). The moves live in the stock day files (and, since the last
 * snapshot, in the engine's memory); devices never replicate them.
 */
export function stockMoveRoutes(engine: Engine): Router {
  const router = new Router();
  router.get('/api/goods/stock-moves', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M015')) throw new HttpError('FORBIDDEN', 'M015');
    const q = parseBody(stockHistoryQuerySchema, { ...ctx.query });
    const offset = q.offset ?? 0;
    const limit = q.limit ?? DEFAULT_LIMIT;
    // One more than the page shows tells whether older moves match.
    const found = await newestMoves(engine, q.productId, offset + limit + 1);
    const body: StockHistoryPage = { ok: true, moves: found.slice(offset, offset + limit), more: found.length > offset + limit };
    ctx.body = body;
  });
  return router;
}

/**
 * Up to `wanted` matching moves, newest first: the in-memory tail, then day
 * files from the newest back, stopping at the first day that completes the count.
 */
async function newestMoves(engine: Engine, productId: string | undefined, wanted: number): Promise<StockMove[]> {
  const matches = (m: StockMove) => productId === undefined || m.productId === productId;
  const out: StockMove[] = [];
  const recent = engine.recentStockMoves();
  // While a snapshot is being written, a day file may already hold part of the
  // tail: file entries from the tail's first seq on are read from memory only.
  const firstInMemory = recent[0]?.seq ?? Infinity;
  for (let i = recent.length - 1; i >= 0 && out.length < wanted; i--) if (matches(recent[i]!.move)) out.push(recent[i]!.move);
  const days = await engine.stock.days();
  for (let d = days.length - 1; d >= 0 && out.length < wanted; d--) {
    const filed = await engine.stock.readDay(days[d]!);
    for (let i = filed.length - 1; i >= 0 && out.length < wanted; i--) {
      const e = filed[i]!;
      if (e.seq < firstInMemory && matches(e.move)) out.push(e.move);
    }
  }
  return out;
}
