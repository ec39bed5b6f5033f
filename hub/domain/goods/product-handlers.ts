import type { CommandPayload, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { buildProduct, productProblem } from './product.ts';
import { getOwn } from '../records.ts';

/** Product commands of the goods page: save, sold out, listed, sizes sold out, bulk switches. */
export const productHandlers = {
  'product.save': (s: State, p: CommandPayload<'product.save'>, ctx: DecideContext): Decision => {
    const problem = productProblem(s, p);
    if (problem) return refuse(problem[0], problem[1]);
    return accept([{ type: 'product.saved', product: buildProduct(getOwn(s.products, p.id), p, ctx.now) }]);
  },

  'product.setSoldOut': (s: State, p: CommandPayload<'product.setSoldOut'>): Decision => {
    const product = getOwn(s.products, p.productId);
    if (!product) return refuse('NOT_FOUND', 'productId');
    // "Available" with nothing in stock would only refuse every order: restock first.
    if (!p.soldOut && product.usesInventory && product.stock <= 0) return refuse('INSUFFICIENT_STOCK', product.code);
    return accept([{ type: 'product.soldOutSet', ...p }]);
  },

  'product.setListed': (s: State, p: CommandPayload<'product.setListed'>): Decision =>
    getOwn(s.products, p.productId) ? accept([{ type: 'product.listedSet', ...p }]) : refuse('NOT_FOUND', 'productId'),

  'product.setMany': (s: State, p: CommandPayload<'product.setMany'>): Decision => {
    for (const id of p.productIds) {
      const product = getOwn(s.products, id);
      if (!product) return refuse('NOT_FOUND', 'productIds');
      if (p.soldOut === false && product.usesInventory && product.stock <= 0) return refuse('INSUFFICIENT_STOCK', product.code);
    }
    const ids = [...new Set(p.productIds)];
    return accept([
      {
        type: 'product.manySet',
        productIds: ids,
        ...(p.soldOut !== undefined ? { soldOut: p.soldOut } : {}),
        ...(p.listed !== undefined ? { listed: p.listed } : {}),
      },
    ]);
  },

  'product.setSpecSoldOut': (s: State, p: CommandPayload<'product.setSpecSoldOut'>): Decision => {
    const product = getOwn(s.products, p.productId);
    if (!product) return refuse('NOT_FOUND', 'productId');
    if (!product.specs.some((x) => x.id === p.specId)) return refuse('NOT_FOUND', 'specId');
    return accept([{ type: 'product.specSoldOutSet', ...p }]);
  },
};
