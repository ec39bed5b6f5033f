import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLine } from '#protocol';
import { billableQty } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';

const REASONS = ['guestLeft', 'slow', 'change', 'noIngredients'] as const;

/** Returning a dish that went to the kitchen needs a reason (SPEC.md section 5). */
export function ReturnDialog(props: { line: OrderLine; onCancel: () => void; onReturn: (qty: number, reason: string, toStock: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const max = billableQty(props.line);
  const [qty, setQty] = useState(1);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [toStock, setToStock] = useState(false);
  const submit = () => {
    if (!reason.trim()) return setError(t('errors.REASON_REQUIRED'));
    props.onReturn(qty, reason.trim(), toStock);
  };
  return (
    <Dialog
      title={t('order.returnTitle')}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('order.return')} onConfirm={submit} testId="return-confirm" danger />}
    >
      <p>
        <b>{nameIn(props.line.names, i18n.language)}</b>
      </p>
      <label className="field">
        <span>{t('order.qty')}</span>
        <QtyStepper value={qty} max={max} onChange={setQty} />
      </label>
      <div className="field">
        <span>
          {t('order.returnReason')} <em className="req">*</em>
        </span>
        <div className="chips">
          {REASONS.map((r) => {
            const text = t(`order.returnReasons.${r}`);
            return (
              <button key={r} className={`chip${reason === text ? ' active' : ''}`} onClick={() => setReason(text)}>
                {text}
              </button>
            );
          })}
        </div>
        <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} data-testid="return-reason" />
      </div>
      {props.line.stockTaken && (
        <label className="check" title={t('ordering.toStockHint')}>
          <input type="checkbox" checked={toStock} onChange={(e) => setToStock(e.target.checked)} data-testid="return-to-stock" />
          {t('ordering.toStock')}
        </label>
      )}
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
