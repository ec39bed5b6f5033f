import { useTranslation } from 'react-i18next';
import type { Product } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** Choosing the size of a dish that has sizes; sold-out sizes cannot be picked. */
export function SpecPicker(props: { product: Product; onPick: (specId: string) => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const p = props.product;
  return (
    <Dialog
      title={t('ordering.chooseSize', { name: nameIn(p.names, i18n.language) })}
      onClose={props.onCancel}
      footer={
        <button className="btn" onClick={props.onCancel}>
          {t('common.cancel')}
        </button>
      }
    >
      <div className="size-list">
        {p.specs.map((s) => (
          <button key={s.id} className="btn size" disabled={s.soldOut} onClick={() => props.onPick(s.id)} data-testid={`size-${s.id}`}>
            <span>{nameIn(s.names, i18n.language)}</span>
            <b>{s.soldOut ? t('order.soldOut') : formatSoles(s.priceCents)}</b>
          </button>
        ))}
      </div>
    </Dialog>
  );
}
