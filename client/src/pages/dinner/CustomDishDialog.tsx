import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCents } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';

export type CustomDish = { name: string; priceCents: number; qty: number; unit: string; remark: string };

/** A dish that is not on the menu (SPEC.md Custom dish): name, price, quantity, unit, remark. */
export function CustomDishDialog(props: { onAdd: (dish: CustomDish) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  const [qty, setQty] = useState(1);
  const [unit, setUnit] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState('');
  const add = () => {
    const cents = parseCents(price);
    if (!name.trim() || !price.trim()) return setError(t('errors.REQUIRED_FIELD'));
    if (cents === null) return setError(t('goods.invalid.price'));
    props.onAdd({ name: name.trim(), priceCents: cents, qty, unit: unit.trim(), remark: remark.trim() });
  };
  return (
    <Dialog
      title={t('ordering.customTitle')}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('ordering.add')} onConfirm={add} testId="custom-add" />}
    >
      <label className="field">
        <span>
          {t('ordering.name')} <em className="req">*</em>
        </span>
        <input value={name} maxLength={60} onChange={(e) => setName(e.target.value)} data-testid="custom-name" />
      </label>
      <div className="field-row">
        <label className="field">
          <span>
            {t('ordering.price')} <em className="req">*</em>
          </span>
          <input value={price} inputMode="decimal" onChange={(e) => setPrice(e.target.value)} data-testid="custom-price" />
        </label>
        <label className="field">
          <span>{t('ordering.unit')}</span>
          <input value={unit} maxLength={20} placeholder={t('ordering.unitPlaceholder')} onChange={(e) => setUnit(e.target.value)} />
        </label>
      </div>
      <label className="field">
        <span>{t('ordering.qty')}</span>
        <QtyStepper value={qty} max={999} onChange={setQty} />
      </label>
      <label className="field">
        <span>{t('ordering.remark')}</span>
        <input value={remark} maxLength={140} onChange={(e) => setRemark(e.target.value)} />
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
