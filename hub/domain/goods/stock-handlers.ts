import type { CommandPayload, State, StockMove } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { soldOutRuleEvents } from './stock.ts';
import { getOwn } from '../records.ts';

const MAX_STOCK = 1_000_000;

/**
 * Manual stock adjustments: a delivery (add), waste or breakage (remove), or
 * a count (set). Each needs a reason and is recorded with who and when, in
 * the log record and in the state's recent moves shown on the goods page.
 */
export const stockHandlers = {
  'product.adjustStock': (s: State, p: CommandPayload<'product.adjustStock'>, ctx: DecideContext): Decision => {
    const product = getOwn(s.products, p.productId);
    if (!product) return refuse('NOT_FOUND', 'productId');
    if (!product.usesInventory) return refuse('INCORRECT_INPUT', 'usesInventory');
    if (!p.reason) return refuse('REASON_REQUIRED', 'reason');
    if (p.op !== 'set' && p.qty === 0) return refuse('INCORRECT_INPUT', 'qty');
    if (p.op === 'remove' && p.qty > product.stock) return refuse('INSUFFICIENT_STOCK', product.code);
    const stock = p.op === 'set' ? p.qty : p.op === 'add' ? product.stock + p.qty : product.stock - p.qty;
    if (stock > MAX_STOCK) return refuse('INCORRECT_INPUT', 'qty');
    const move: StockMove = {
      productId: product.id,
      delta: stock - product.stock,
      stock,
      reason: p.reason,
      at: ctx.now,
      staffId: ctx.actor.staffId,
    };
    return accept([{ type: 'product.stockAdjusted', move }, ...soldOutRuleEvents(s, product.id, stock)]);
  },
};
