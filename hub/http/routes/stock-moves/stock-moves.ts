import Router from '@koa/router';
import type { Engine } from '../../../engine/engine.ts';
import { aliasesOf } from '../../../domain/index.ts';
import type { StockHistoryPage } from '../../../protocol/index.ts';
import { stockHistoryQuerySchema } from '../../../protocol/index.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

const DEFAULT_LIMIT = 20;

/**
 * GET /api/goods/stock-moves?productId=&offset=&limit=
 * Who moved stock, when and why, newest first, a page at a time: for goods
 * managers (M015). The hub keeps the latest moves (STOCK_MOVES_KEPT); devices
 * never replicate them (hub/presenters).
 */
export function stockMoveRoutes(engine: Engine): Router {
  const router = new Router();
  router.get('/api/goods/stock-moves', (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M015')) throw new HttpError('FORBIDDEN', 'M015');
    const q = parseBody(stockHistoryQuerySchema, { ...ctx.query });
    const all = engine.state.stockMoves;
    const matching = q.productId === undefined ? all : all.filter((m) => m.productId === q.productId);
    const offset = q.offset ?? 0;
    const limit = q.limit ?? DEFAULT_LIMIT;
    // Stored oldest first: the page counts from the newest end.
    const end = Math.max(0, matching.length - offset);
    const moves = matching.slice(Math.max(0, end - limit), end).reverse();
    const body: StockHistoryPage = { ok: true, moves, total: matching.length };
    ctx.body = body;
  });
  return router;
}
