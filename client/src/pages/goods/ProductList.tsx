import { useTranslation } from 'react-i18next';
import type { Product, State } from '#protocol';
import { nameIn } from '../../i18n/index.ts';
import { useProgressiveLimit } from '../../ui/progressive.ts';
import { ProductRow, type RowHandlers } from './ProductRow.tsx';

/** Rows drawn at first (a till shows about 12, a phone 7); more follow as the list is scrolled: 2,000 rows at once are slow on a cheap phone. */
export const FIRST_ROWS = 16;
const MORE_ROWS = 48;

/**
 * The goods list, drawn progressively: the first rows at once, the next ones
 * when the end comes near. `resetKey` (the filter) starts over at the top; a
 * change to the products alone keeps how far the list was drawn.
 */
export function ProductList(
  props: { state: State; products: readonly Product[]; lang: string; selected: ReadonlySet<string>; resetKey: string; query: string } & RowHandlers,
) {
  const { limit, more, end } = useProgressiveLimit<HTMLLIElement>({ total: props.products.length, first: FIRST_ROWS, step: MORE_ROWS, rootMargin: '400px 0px', resetKey: props.resetKey });
  const { t } = useTranslation();
  const { categories } = props.state;
  return (
    // data-query: the search this list shows, so a benchmark can tell when a keystroke has been drawn.
    <ul className="goods-list" data-testid="goods-list" data-query={props.query}>
      {props.products.slice(0, limit).map((p, i) => (
        <ProductRow
          // Keyed by place, not by product: a search keystroke then updates the rows on screen
          // instead of tearing them down and building new ones (rows hold no state of their own).
          key={i}
          product={p}
          category={categories[p.categoryId] ? nameIn(categories[p.categoryId]!.names, props.lang) : ''}
          selected={props.selected.has(p.id)}
          t={t}
          lang={props.lang}
          onSelect={props.onSelect}
          onOpen={props.onOpen}
          onSoldOut={props.onSoldOut}
          onStock={props.onStock}
          onMore={props.onMore}
        />
      ))}
      {more && <li ref={end} className="goods-more" aria-hidden="true" />}
    </ul>
  );
}
