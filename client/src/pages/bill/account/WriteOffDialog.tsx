import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Debt } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { remainingOf } from './account-view.ts';

/**
 * Writes a debt off with a reason. A cashier's write-off is refused by the
 * hub until a manager approves it: the app's approval dialog
 * (auth/ApprovalDialog.tsx) opens by itself and the command goes again.
 */
export function WriteOffDialog(props: { debt: Debt; busy: boolean; onClose: () => void; onWriteOff: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (!reason.trim()) return setError(t('account.reasonRequired'));
    setError('');
    props.onWriteOff(reason.trim());
  };
  return (
    <Dialog
      title={t('account.writeOffTitle', { no: props.debt.billNo, person: props.debt.person })}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('account.confirmWriteOff')} onConfirm={submit} testId="account-writeoff-confirm" danger disabled={props.busy} />}
    >
      <div className="account-form">
        <p>{t('account.writeOffHint', { amount: formatSoles(remainingOf(props.debt)) })}</p>
        <label className="field">
          <span>
            {t('account.reason')} <em className="req">*</em>
          </span>
          <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} data-testid="account-reason" />
        </label>
        {error && <p className="field-error">{error}</p>}
        {props.busy && <p className="hint">{t('account.waiting')}</p>}
      </div>
    </Dialog>
  );
}
