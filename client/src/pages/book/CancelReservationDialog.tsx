import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reservation } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';

const PRESETS = ['guest', 'noTable', 'weather', 'other'] as const;

/** What becomes of a paid deposit: given back (by the method it came) or kept (issue 18 item 6). */
export type DepositChoice = { action: 'refund' | 'keep' };

/** The deposit a reservation holds as paid (the hub's `paidDepositOf`): the one taken, or one marked paid before deposits had a method. */
export function paidDepositCents(r: Reservation): number {
  if (r.depositOutcome) return 0;
  return r.deposit?.amountCents ?? (r.depositPaid ? r.depositCents : 0);
}

/**
 * Cancelling a reservation asks for a reason (SPEC.md section 5): a preset or typed; a no-show
 * needs none. Either way, a paid deposit is given back or kept, the cashier's choice (required).
 */
export function CancelReservationDialog(props: { reservation: Reservation; noShow?: boolean; onClose: () => void; onCancel: (reason: string, deposit: DepositChoice | undefined) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [deposit, setDeposit] = useState<DepositChoice['action'] | null>(null);
  const [error, setError] = useState('');
  const paid = paidDepositCents(props.reservation);
  const submit = () => {
    if (!props.noShow && !reason.trim()) return setError(t('book.cancel.required'));
    if (paid > 0 && !deposit) return setError(t('errors.DEPOSIT_ACTION_REQUIRED'));
    props.onCancel(reason.trim(), deposit ? { action: deposit } : undefined);
  };
  const name = props.reservation.customerName;
  return (
    <Dialog
      title={props.noShow ? t('book.cancel.noShowTitle', { name }) : t('book.cancel.title', { name })}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={props.noShow ? t('book.actions.noShow') : t('book.cancel.confirm')} onConfirm={submit} testId="book-cancel-confirm" danger />}
    >
      {!props.noShow && (
        <>
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
        </>
      )}
      {paid > 0 && (
        <fieldset className="book-deposit-choice">
          <legend>{t('book.cancel.depositPaid', { amount: formatSoles(paid) })}</legend>
          <div className="chips">
            <button type="button" className={`chip${deposit === 'refund' ? ' active' : ''}`} onClick={() => setDeposit('refund')} data-testid="book-deposit-refund">
              {t('book.cancel.refund')}
            </button>
            <button type="button" className={`chip${deposit === 'keep' ? ' active' : ''}`} onClick={() => setDeposit('keep')} data-testid="book-deposit-keep">
              {t('book.cancel.keep')}
            </button>
          </div>
        </fieldset>
      )}
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
