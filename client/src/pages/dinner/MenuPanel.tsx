import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { searchProducts } from '../../menu/search.ts';
import { inMenuOrder } from '../../menu/stock.ts';
import { Icon } from '../../ui/icons.tsx';
import { useProgressiveLimit } from '../../ui/progressive.ts';

/** Dishes drawn at first (a till's grid shows about 24); more as the grid is scrolled (a 2,000-dish menu on a cheap phone). */
export const FIRST_DISHES = 32;
const MORE_DISHES = 120;

/** Whether a dish can be ordered now: listed, not sold out, and (with sizes) some size left. */
export function orderable(p: Product): boolean {
  return p.listed && !p.soldOut && (p.specs.length === 0 || p.specs.some((s) => !s.soldOut));
}

function priceOf(p: Product): string {
  if (p.specs.length === 0) return formatSoles(p.priceCents);
  return formatSoles(Math.min(...p.specs.map((s) => s.priceCents)));
}

/** The menu to order from: search, category chips, a grid of dishes (sizes and stock left shown). */
export function MenuPanel(props: { state: State; onAdd: (product: Product) => void; onCustom?: () => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('all');
  // Not deferred: the search is far under a millisecond and only the first dishes are drawn,
  // so one render per keystroke beats React's two (measured in hub/bench/menu-2000.ts).
  const deferred = query;
  const { products, categories: menuCategories } = props.state;
  const categories = useMemo(() => Object.values(menuCategories).sort((a, b) => a.sort - b.sort), [menuCategories]);
  const listed = useMemo(() => inMenuOrder({ categories: menuCategories }, Object.values(products).filter((p) => p.listed)), [products, menuCategories]);
  const shown = useMemo(() => {
    const found = searchProducts(listed, deferred);
    return deferred.trim() || category === 'all' ? found : found.filter((p) => p.categoryId === category);
  }, [listed, deferred, category]);
  // A new search or category starts over at the first dishes.
  const { limit, more, end } = useProgressiveLimit<HTMLDivElement>({ total: shown.length, first: FIRST_DISHES, step: MORE_DISHES, rootMargin: '600px 0px', resetKey: JSON.stringify([deferred, category]) });

  return (
    <section className="menu-panel">
      <input className="search" type="search" placeholder={t('order.search')} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="menu-search" />
      {/* One row that scrolls sideways (issue 9: four wrapped rows pushed the dishes below the fold on a phone); the fade and arrow say there is more. */}
      <div className="category-strip">
        <div className="chips category-row" role="tablist" aria-label={t('kitchen.moreCategories')} data-testid="category-row">
          {[{ id: 'all', label: t('order.allCategories') }, ...categories.map((c) => ({ id: c.id, label: nameIn(c.names, i18n.language) }))].map((c) => (
            <button key={c.id} role="tab" aria-selected={category === c.id} className={`chip${category === c.id ? ' active' : ''}`} onClick={() => setCategory(c.id)}>
              {c.label}
            </button>
          ))}
          {props.onCustom && (
            <button className="chip chip-custom" onClick={props.onCustom} data-testid="custom-dish">
              {t('ordering.custom')}
            </button>
          )}
        </div>
        <span className="category-more" aria-hidden="true">
          <Icon name="arrowRight" />
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="empty">{t('order.noMatch')}</p>
      ) : (
        <div className="product-grid" data-testid="menu-grid" data-query={deferred}>
          {shown.slice(0, limit).map((p, i) => {
            const can = orderable(p);
            return (
              // Keyed by place: a search keystroke updates the buttons on screen rather than rebuilding them.
              <button key={i} className="product" disabled={!can} onClick={() => props.onAdd(p)} data-testid={`product-${p.code}`}>
                <span className="product-code">{p.code}</span>
                <span className="product-name">{nameIn(p.names, i18n.language)}</span>
                {p.usesInventory && can && <span className="product-left">{t('ordering.left', { count: p.stock })}</span>}
                {/* A badge, never a strike-through (issue 9: struck-through "Agotado" read as "not sold out"). */}
                {can ? <span className="product-price">{`${p.specs.length > 0 ? '≥ ' : ''}${priceOf(p)}`}</span> : <span className="sold-out-badge">{t('order.soldOut')}</span>}
              </button>
            );
          })}
          {more && <div ref={end} className="grid-end" aria-hidden="true" />}
        </div>
      )}
    </section>
  );
}
