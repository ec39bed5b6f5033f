import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';

/** What a reason dialog sends: how many portions, why, and whether they go back to stock. */
export type ReasonChoice = { qty: number; reason: string; toStock: boolean };

/**
 * Portions of a line and a required reason (SPEC.md section 5: return,
 * withdrawal, gift, cancellation), with the restaurant's presets as chips
 * and free text. Used by return, gift and cancel.
 */
export function ReasonDialog(props: {
  /** What it is about, shown in bold: the dish, or the table for a whole order. */
  subject: string;
  title: string;
  reasonLabel: string;
  presets: readonly string[];
  max: number;
  confirmLabel: string;
  testId: string;
  /** Offer "back to inventory" (only for portions that came out of stock). */
  offerStock?: boolean;
  danger?: boolean;
  /** A line under the subject saying what follows (a withdrawal frees the table). */
  hint?: string;
  onCancel: () => void;
  onConfirm: (choice: ReasonChoice) => void;
}) {
  const { t } = useTranslation();
  const [qty, setQty] = useState(props.max);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [toStock, setToStock] = useState(false);
  const submit = () => {
    // SPEC.md section 8: "Please enter or select a reason".
    if (!reason.trim()) return setError(t('errors.REASON_REQUIRED'));
    props.onConfirm({ qty, reason: reason.trim(), toStock });
  };
  return (
    <Dialog
      title={props.title}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={props.confirmLabel} onConfirm={submit} testId={props.testId} danger={props.danger} />}
    >
      <p>
        <b>{props.subject}</b>
      </p>
      {props.hint && <p className="hint">{props.hint}</p>}
      {props.max > 1 && (
        <label className="field">
          <span>{t('order.qty')}</span>
          <QtyStepper value={qty} max={props.max} onChange={setQty} />
        </label>
      )}
      <div className="field">
        <span>
          {props.reasonLabel} <em className="req">*</em>
        </span>
        <div className="chips reason-chips">
          {props.presets.map((text) => (
            <button key={text} className={`chip${reason === text ? ' active' : ''}`} onClick={() => (setReason(text), setError(''))}>
              {text}
            </button>
          ))}
        </div>
        <input value={reason} maxLength={140} onChange={(e) => (setReason(e.target.value), setError(''))} data-testid={`${props.testId}-reason`} />
      </div>
      {props.offerStock && (
        <label className="check" title={t('ordering.toStockHint')}>
          <input type="checkbox" checked={toStock} onChange={(e) => setToStock(e.target.checked)} data-testid={`${props.testId}-stock`} />
          {t('ordering.toStock')}
        </label>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
