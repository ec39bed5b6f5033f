import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '#protocol';
import { nameIn } from '../../i18n/index.ts';
import { restockCount } from '../../menu/stock.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { ActionsDialog } from './ActionsDialog.tsx';
import { BulkBar } from './BulkBar.tsx';
import { CategoriesDialog } from './CategoriesDialog.tsx';
import { filterProducts, NO_FILTER, STATUS_FILTERS, type GoodsFilter, type StatusFilter } from './goods-filter.ts';
import { GoodsMenu } from './GoodsMenu.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { MenuSettingsDialog } from './MenuSettingsDialog.tsx';
import { ProductDialog } from './ProductDialog.tsx';
import { ProductList } from './ProductList.tsx';
import { StockDialog } from './StockDialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import './goods.css';

type Open =
  | { kind: 'product'; id: string | null }
  | { kind: 'stock'; id: string }
  | { kind: 'actions'; id: string }
  | { kind: 'categories' }
  | { kind: 'settings' }
  | { kind: 'import' };

/**
 * Goods management (SPEC.md /pages/goods/index, alias M015): the menu as a
 * searchable list with filters, create and edit, sold out and delisted one by
 * one or in bulk, stock adjustments, categories, stations and remark presets,
 * import and export. Every change is a command; every device sees it at once.
 */
export function GoodsPage() {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const [filter, setFilter] = useState<GoodsFilter>(NO_FILTER);
  // No deferred value: searching 2,000 products takes well under a millisecond and only the
  // first rows are drawn, so one render per keystroke is quicker than React's two.
  const query = filter.query;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<Open | null>(null);

  // Recomputed only when the menu or the filter changes, not on every change to the state.
  const products = state?.products;
  const menuCategories = state?.categories;
  const { category, status } = filter;
  const shown = useMemo(
    () => (products && menuCategories ? filterProducts({ products, categories: menuCategories }, { query, category, status }) : []),
    [products, menuCategories, category, status, query],
  );
  const categories = useMemo(() => Object.values(menuCategories ?? {}).sort((a, b) => a.sort - b.sort), [menuCategories]);
  const allShown = useMemo(() => shown.length > 0 && shown.every((p) => selected.has(p.id)), [shown, selected]);

  const onSelect = useCallback((id: string) => {
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const onOpen = useCallback((id: string) => setOpen({ kind: 'product', id }), []);
  const onStock = useCallback((id: string) => setOpen({ kind: 'stock', id }), []);
  const onMore = useCallback((id: string) => setOpen({ kind: 'actions', id }), []);
  const onSoldOut = useCallback((p: Product) => void enqueue('product.setSoldOut', { productId: p.id, soldOut: !p.soldOut }), []);

  if (!state) return <p className="empty">{t('goods.loading')}</p>;
  const restock = restockCount(state);
  const set = (patch: Partial<GoodsFilter>) => setFilter((f) => ({ ...f, ...patch }));
  const close = () => setOpen(null);
  const picked = open && 'id' in open && open.id ? state.products[open.id] : undefined;

  return (
    <div className="goods-page">
      <header className="goods-head">
        <h1>{t('goods.title')}</h1>
        <button className="btn btn-primary" onClick={() => setOpen({ kind: 'product', id: null })} data-testid="goods-new">
          + <span className="wide-only">{t('goods.new')}</span>
          <span className="narrow-only">{t('goods.newShort')}</span>
        </button>
        <GoodsMenu
          lang={i18n.language}
          onCategories={() => setOpen({ kind: 'categories' })}
          onSettings={() => setOpen({ kind: 'settings' })}
          onImport={() => setOpen({ kind: 'import' })}
        />
      </header>
      {restock > 0 && filter.status !== 'low' && (
        <button className="low-alert" onClick={() => set({ status: 'low' })} data-testid="goods-low-alert">
          <Icon name="warning" /> {t('goods.lowAlert', { count: restock })}
        </button>
      )}
      <div className="goods-filters">
        <input
          className="search"
          type="search"
          placeholder={t('goods.search')}
          value={filter.query}
          onChange={(e) => set({ query: e.target.value })}
          data-testid="goods-search"
        />
        <select value={filter.category} onChange={(e) => set({ category: e.target.value })} aria-label={t('goods.form.category')} data-testid="goods-category">
          <option value="all">{t('goods.allCategories')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {nameIn(c.names, i18n.language)}
            </option>
          ))}
        </select>
        <select value={filter.status} onChange={(e) => set({ status: e.target.value as StatusFilter })} aria-label={t('goods.status.all')} data-testid="goods-status">
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {t(`goods.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="goods-listbar">
        <label className="select-all">
          <input
            type="checkbox"
            checked={allShown}
            onChange={() => setSelected(allShown ? new Set() : new Set(shown.map((p) => p.id)))}
            data-testid="goods-select-all"
          />
          {t('goods.selectAll')}
        </label>
        <span className="hint" data-testid="goods-count">
          {t('goods.count', { count: shown.length })}
        </span>
      </div>
      {Object.keys(state.products).length === 0 ? (
        <p className="empty">{t('goods.empty')}</p>
      ) : shown.length === 0 ? (
        <p className="empty">{t('goods.noMatch')}</p>
      ) : (
        <ProductList
          state={state}
          products={shown}
          lang={i18n.language}
          selected={selected}
          resetKey={`${filter.category}|${filter.status}|${query}`}
          query={query}
          onSelect={onSelect}
          onOpen={onOpen}
          onSoldOut={onSoldOut}
          onStock={onStock}
          onMore={onMore}
        />
      )}
      {selected.size > 0 && (
        <BulkBar
          state={state}
          ids={[...selected].filter((id) => state.products[id])}
          onDone={(skipped) => {
            setSelected(new Set());
            if (skipped > 0) showToast(t('errors.INSUFFICIENT_STOCK'), 'error');
          }}
          onClear={() => setSelected(new Set())}
        />
      )}
      {open?.kind === 'product' && <ProductDialog state={state} product={picked} onClose={close} />}
      {open?.kind === 'stock' && picked && <StockDialog state={state} product={picked} onClose={close} />}
      {open?.kind === 'actions' && picked && (
        <ActionsDialog
          product={picked}
          onClose={close}
          onEdit={() => setOpen({ kind: 'product', id: picked.id })}
          onStock={() => setOpen({ kind: 'stock', id: picked.id })}
        />
      )}
      {open?.kind === 'categories' && <CategoriesDialog state={state} onClose={close} />}
      {open?.kind === 'settings' && <MenuSettingsDialog state={state} onClose={close} />}
      {open?.kind === 'import' && <ImportDialog onClose={close} />}
    </div>
  );
}
