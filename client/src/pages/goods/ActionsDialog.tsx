import { useTranslation } from 'react-i18next';
import type { Product } from '#protocol';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** The "⋯" sheet of one product: edit, stock, delist or relist, and sold out per size. */
export function ActionsDialog(props: { product: Product; onClose: () => void; onEdit: () => void; onStock: () => void }) {
  const { t, i18n } = useTranslation();
  const p = props.product;
  const act = (f: () => void) => () => {
    f();
    props.onClose();
  };
  return (
    <Dialog
      title={nameIn(p.names, i18n.language)}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.close')}
        </button>
      }
    >
      <div className="action-list">
        <button className="btn" onClick={props.onEdit} data-testid="action-edit">
          {t('goods.actions.edit')}
        </button>
        {p.usesInventory && (
          <button className="btn" onClick={props.onStock} data-testid="action-stock">
            {t('goods.actions.stock')}
          </button>
        )}
        <button className="btn" onClick={act(() => void enqueue('product.setListed', { productId: p.id, listed: !p.listed }))} data-testid="action-listed">
          {p.listed ? t('goods.actions.delist') : t('goods.actions.relist')}
        </button>
        {p.specs.map((s) => (
          <button
            key={s.id}
            className={`btn${s.soldOut ? ' is-on' : ''}`}
            onClick={act(() => void enqueue('product.setSpecSoldOut', { productId: p.id, specId: s.id, soldOut: !s.soldOut }))}
            data-testid={`action-spec-${s.id}`}
          >
            {s.soldOut ? t('goods.actions.sizeAvailable', { name: nameIn(s.names, i18n.language) }) : t('goods.actions.sizeSoldOut', { name: nameIn(s.names, i18n.language) })}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
