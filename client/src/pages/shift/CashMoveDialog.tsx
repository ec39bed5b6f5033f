import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CashDirection } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

const PRESETS = ['change', 'market', 'deposit', 'other'] as const;

/** Cash put in or taken out of the drawer: an amount and a reason (a preset or typed). */
export function CashMoveDialog(props: { direction: CashDirection; onClose: () => void; onSave: (amountCents: number, reason: string) => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    const cents = parseCents(amount);
    if (cents === null || cents === 0) return setError(t('shift.amountInvalid'));
    if (!reason.trim()) return setError(t('shift.reasonRequired'));
    props.onSave(cents, reason.trim());
  };
  return (
    <Dialog
      title={props.direction === 'in' ? t('shift.moveIn') : t('shift.moveOut')}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={props.direction === 'in' ? t('shift.moveIn') : t('shift.moveOut')} onConfirm={submit} testId="shift-move-save" />}
    >
      <label className="field">
        <span>
          {t('shift.amount')} <em className="req">*</em>
        </span>
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="shift-move-amount" autoFocus />
      </label>
      <div className="chips">
        {PRESETS.map((p) => (
          <button key={p} type="button" className={`chip${reason === t(`shift.reasons.${p}`) ? ' active' : ''}`} onClick={() => setReason(t(`shift.reasons.${p}`))}>
            {t(`shift.reasons.${p}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>
          {t('shift.reason')} <em className="req">*</em>
        </span>
        <input value={reason} maxLength={80} onChange={(e) => setReason(e.target.value)} data-testid="shift-move-reason" />
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
