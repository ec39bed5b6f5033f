import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { Icon } from '../../ui/icons.tsx';
import { enqueue } from '../../sync/outbox.ts';

/**
 * The bar that appears when products are selected: sold out, available,
 * delist, relist, all in one command. Products with no stock left are not
 * made available (the hub would refuse the whole batch): `onDone` says how
 * many were skipped.
 */
export function BulkBar(props: { state: State; ids: string[]; onDone: (skipped: number) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const apply = (flags: { soldOut?: boolean; listed?: boolean }) => {
    const ids = flags.soldOut === false ? props.ids.filter((id) => { const p = props.state.products[id]; return p && !(p.usesInventory && p.stock <= 0); }) : props.ids;
    if (ids.length > 0) void enqueue('product.setMany', { productIds: ids, ...flags });
    props.onDone(props.ids.length - ids.length);
  };
  return (
    <div className="bulk-bar" role="toolbar" data-testid="goods-bulk">
      <span className="bulk-count">{t('goods.selected', { count: props.ids.length })}</span>
      <button className="btn btn-small btn-danger" onClick={() => apply({ soldOut: true })} data-testid="bulk-soldout">
        {t('goods.actions.soldOut')}
      </button>
      <button className="btn btn-small" onClick={() => apply({ soldOut: false })} data-testid="bulk-available">
        {t('goods.actions.available')}
      </button>
      <button className="btn btn-small" onClick={() => apply({ listed: false })} data-testid="bulk-delist">
        {t('goods.actions.delist')}
      </button>
      <button className="btn btn-small" onClick={() => apply({ listed: true })} data-testid="bulk-relist">
        {t('goods.actions.relist')}
      </button>
      <button className="btn btn-small btn-ghost" onClick={props.onClear} aria-label={t('goods.clearSelection')}>
        <Icon name="close" />
      </button>
    </div>
  );
}
