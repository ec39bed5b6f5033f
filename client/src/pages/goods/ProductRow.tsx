import { memo } from 'react';
import type { TFunction } from 'i18next';
import type { Product } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { stockLevel } from '../../menu/stock.ts';

/** The price a row shows: the product's, or the range of its sizes. */
export function priceText(p: Product): string {
  if (p.specs.length === 0) return formatSoles(p.priceCents);
  const prices = p.specs.map((s) => s.priceCents);
  const lo = Math.min(...prices);
  const hi = Math.max(...prices);
  return lo === hi ? formatSoles(lo) : `${formatSoles(lo)} – ${formatSoles(hi).replace('S/ ', '')}`;
}

export type RowHandlers = {
  onSelect: (id: string) => void;
  onOpen: (id: string) => void;
  onSoldOut: (p: Product) => void;
  onStock: (id: string) => void;
  onMore: (id: string) => void;
};

/**
 * One product in the goods list: tap the name to edit; the switch beside it
 * marks it sold out (or, with no stock left, opens the stock adjustment);
 * "⋯" has the rest. Memoised: a change to one dish re-renders one row. The
 * list hands down `t` and the language rather than each row subscribing to
 * i18next itself: a search keystroke mounts a fresh set of rows, and on a
 * cheap phone those subscriptions were most of its time.
 */
export const ProductRow = memo(function ProductRow(props: { product: Product; category: string; selected: boolean; t: TFunction; lang: string } & RowHandlers) {
  const { t, lang } = props;
  const p = props.product;
  const level = stockLevel(p);
  const noStock = level === 'out';
  const soldSizes = p.specs.filter((s) => s.soldOut);
  return (
    <li className={`goods-row${p.soldOut ? ' is-soldout' : ''}${p.listed ? '' : ' is-delisted'}`} data-testid={`goods-row-${p.code}`}>
      <label className="row-check" aria-label={t('goods.actions.select')}>
        <input type="checkbox" checked={props.selected} onChange={() => props.onSelect(p.id)} data-testid={`goods-select-${p.code}`} />
      </label>
      <button className="row-main" onClick={() => props.onOpen(p.id)} data-testid={`goods-edit-${p.code}`}>
        <span className="row-name">{nameIn(p.names, lang)}</span>
        <span className="row-meta">
          {p.code} · {props.category}
          {p.specs.length > 0 && ` · ${t('goods.badge.sizes', { count: p.specs.length })}`}
        </span>
        <span className="row-badges">
          {p.soldOut && <span className="pill pill-soldout">{p.autoSoldOut ? t('goods.badge.autoSoldOut') : t('goods.badge.soldOut')}</span>}
          {!p.listed && <span className="pill pill-delisted">{t('goods.badge.delisted')}</span>}
          {level === 'low' && <span className="pill pill-low">{t('goods.badge.low', { count: p.stock })}</span>}
          {level === 'ok' && <span className="pill">{t('goods.badge.stock', { count: p.stock })}</span>}
          {soldSizes.map((s) => (
            <span key={s.id} className="pill pill-soldout">
              {t('goods.badge.sizeSoldOut', { name: nameIn(s.names, lang) })}
            </span>
          ))}
        </span>
      </button>
      <span className="row-price" data-testid={`goods-price-${p.code}`}>
        {priceText(p)}
        {p.vipPriceCents !== null && <small>{t('goods.badge.vip', { price: formatSoles(p.vipPriceCents) })}</small>}
      </span>
      <div className="row-actions">
        {noStock && p.autoSoldOut ? (
          <button className="btn btn-small" onClick={() => props.onStock(p.id)} data-testid={`goods-stock-${p.code}`}>
            {t('goods.actions.stock')}
          </button>
        ) : (
          <button
            className={`btn btn-small switch${p.soldOut ? ' is-on' : ''}`}
            aria-pressed={p.soldOut}
            onClick={() => props.onSoldOut(p)}
            data-testid={`goods-soldout-${p.code}`}
          >
            {p.soldOut ? t('goods.actions.available') : t('goods.actions.soldOut')}
          </button>
        )}
        <button className="btn btn-small" aria-label={t('goods.actions.more')} onClick={() => props.onMore(p.id)} data-testid={`goods-more-${p.code}`}>
          ⋯
        </button>
      </div>
    </li>
  );
});
