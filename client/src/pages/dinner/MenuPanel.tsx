import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product, State } from '../../../../hub/protocol/index.ts';
import { formatSoles } from '../../../../hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';

/** Lower-case, accents removed: "ají" is found by typing "aji". */
const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Products matching a search by name in any language or by dish number. */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const q = fold(query.trim());
  if (!q) return [...products];
  return products.filter((p) => p.code.toLowerCase().startsWith(q) || fold(`${p.names.es} ${p.names.en} ${p.names.zh}`).includes(q));
}

/** The menu to order from: search, category chips, a grid of dishes. */
export function MenuPanel(props: { state: State; onAdd: (product: Product) => void }) {
  const { t, i18n } = useTranslation();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState('all');
  const deferred = useDeferredValue(query);
  const categories = useMemo(() => Object.values(props.state.categories).sort((a, b) => a.sort - b.sort), [props.state.categories]);
  const listed = useMemo(() => Object.values(props.state.products).filter((p) => p.listed).sort((a, b) => a.sort - b.sort), [props.state.products]);
  const shown = useMemo(() => {
    const found = searchProducts(listed, deferred);
    return deferred.trim() || category === 'all' ? found : found.filter((p) => p.categoryId === category);
  }, [listed, deferred, category]);

  return (
    <section className="menu-panel">
      <input className="search" type="search" placeholder={t('order.search')} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="menu-search" />
      <div className="chips">
        {[{ id: 'all', label: t('order.allCategories') }, ...categories.map((c) => ({ id: c.id, label: nameIn(c.names, i18n.language) }))].map((c) => (
          <button key={c.id} className={`chip${category === c.id ? ' active' : ''}`} onClick={() => setCategory(c.id)}>
            {c.label}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="empty">{t('order.noMatch')}</p>
      ) : (
        <div className="product-grid">
          {shown.map((p) => (
            <button key={p.id} className="product" disabled={p.soldOut} onClick={() => props.onAdd(p)} data-testid={`product-${p.code}`}>
              <span className="product-code">{p.code}</span>
              <span className="product-name">{nameIn(p.names, i18n.language)}</span>
              <span className="product-price">{p.soldOut ? t('order.soldOut') : formatSoles(p.priceCents)}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
