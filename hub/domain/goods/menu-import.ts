import type { Category, CommandPayload, Product, State, Station, StockMove } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { IMPORT_REASON } from './defaults.ts';
import { buildProduct, hasAName, productProblem, sameProduct, withStockRule } from './product.ts';
import { getOwn } from '../records.ts';

/**
 * The whole-menu import (CSV or XLSX, read on the hub into this payload):
 * all or nothing. One command, so one log record and one change every
 * device applies: a half-imported menu never exists. Products are matched
 * by id (the hub's reader matched codes to ids); new ones take the file's
 * stock, existing ones keep theirs (an old file must never undo today's
 * sales). Unchanged products are left out of the event.
 */
export function importMenu(s: State, p: CommandPayload<'menu.import'>, ctx: DecideContext): Decision {
  const categories: Category[] = [];
  for (const [i, c] of p.categories.entries()) {
    if (!hasAName(c.names)) return refuse('REQUIRED_FIELD', `categories.${i}.names`);
    const before = getOwn(s.categories, c.id);
    if (!before || JSON.stringify(before) !== JSON.stringify(c)) categories.push(c);
  }
  const stations: Station[] = [];
  const stationNames = new Map(s.menuSettings.stations.map((x) => [x.name.toLowerCase(), x.id]));
  for (const [i, st] of p.stations.entries()) {
    const owner = stationNames.get(st.name.toLowerCase());
    if (owner !== undefined && owner !== st.id) return refuse('DUPLICATE_CODE', `stations.${i}.name`);
    stationNames.set(st.name.toLowerCase(), st.id);
    stations.push(st);
  }

  const known = { categories: new Set(p.categories.map((c) => c.id)), stations: new Set(p.stations.map((x) => x.id)) };
  const codes = new Set<string>();
  const ids = new Set<string>();
  const products: Product[] = [];
  const moves: StockMove[] = [];
  for (const [i, input] of p.products.entries()) {
    const code = input.code.toLowerCase();
    if (codes.has(code)) return refuse('DUPLICATE_CODE', `products.${i}.code`);
    if (ids.has(input.id)) return refuse('DUPLICATE_ID', `products.${i}.id`);
    codes.add(code);
    ids.add(input.id);
    const problem = productProblem(s, input, known);
    if (problem) return refuse(problem[0], `products.${i}.${problem[1]}`);
    const before = getOwn(s.products, input.id);
    let product = buildProduct(before, input, ctx.now);
    if (!before && input.stock) {
      product = withStockRule({ ...product, stock: input.stock });
      moves.push({ productId: product.id, delta: input.stock, stock: input.stock, reason: IMPORT_REASON, at: ctx.now, staffId: ctx.actor.staffId });
    }
    if (!before || !sameProduct(before, product)) products.push(product);
  }
  return accept([{ type: 'menu.imported', categories, stations, products, moves }]);
}
