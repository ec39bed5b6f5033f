import type { CommandPayload, Names, State } from '../../protocol/index.ts';
import { accept, refuse, type Decision } from '../decision.ts';

const hasAName = (n: Names) => Boolean(n.es || n.en || n.zh);

/** Menu and restaurant commands: categories, products, sold out, listed. */
export const menuHandlers = {
  'restaurant.rename': (_s: State, p: CommandPayload<'restaurant.rename'>): Decision =>
    accept([{ type: 'restaurant.renamed', name: p.name }]),

  'category.save': (_s: State, p: CommandPayload<'category.save'>): Decision => {
    if (!hasAName(p.names)) return refuse('REQUIRED_FIELD', 'names');
    return accept([{ type: 'category.saved', category: p }]);
  },

  'product.save': (s: State, p: CommandPayload<'product.save'>): Decision => {
    if (!p.code) return refuse('DISH_NUMBER_REQUIRED', 'code');
    if (!hasAName(p.names)) return refuse('REQUIRED_FIELD', 'names');
    if (!s.categories[p.categoryId]) return refuse('NOT_FOUND', 'categoryId');
    const code = p.code.toLowerCase();
    const clash = Object.values(s.products).some((o) => o.id !== p.id && o.code.toLowerCase() === code);
    if (clash) return refuse('DUPLICATE_CODE', 'code');
    return accept([{ type: 'product.saved', product: p }]);
  },

  'product.setSoldOut': (s: State, p: CommandPayload<'product.setSoldOut'>): Decision =>
    s.products[p.productId] ? accept([{ type: 'product.soldOutSet', ...p }]) : refuse('NOT_FOUND', 'productId'),

  'product.setListed': (s: State, p: CommandPayload<'product.setListed'>): Decision =>
    s.products[p.productId] ? accept([{ type: 'product.listedSet', ...p }]) : refuse('NOT_FOUND', 'productId'),
};
