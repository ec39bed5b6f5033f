import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#protocol';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

const PRESETS = ['guest', 'noTable', 'weather', 'other'] as const;

/** Cancelling a reservation asks for a reason (SPEC.md section 5): a preset or typed. */
export function CancelReservationDialog(props: { reservation: Reservation; onClose: () => void; onCancel: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const submit = () => {
    if (!reason.trim()) return setError(t('book.cancel.required'));
    props.onCancel(reason.trim());
  };
  return (
    <Dialog
      title={t('book.cancel.title', { name: props.reservation.customerName })}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('book.cancel.confirm')} onConfirm={submit} testId="book-cancel-confirm" danger />}
    >
      <div className="chips">
        {PRESETS.map((p) => (
          <button key={p} type="button" className={`chip${reason === t(`book.cancel.presets.${p}`) ? ' active' : ''}`} onClick={() => setReason(t(`book.cancel.presets.${p}`))}>
            {t(`book.cancel.presets.${p}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>
          {t('book.cancel.reason')} <em className="req">*</em>
        </span>
        <input value={reason} maxLength={140} onChange={(e) => setReason(e.target.value)} data-testid="book-cancel-reason" />
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
