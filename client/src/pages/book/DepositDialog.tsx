import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandPayload, DepositMethod, Reservation } from '#protocol';
import { DEPOSIT_METHODS, OPERATION_METHODS } from '#protocol';
import { formatSoles, parseCents } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { OpenShiftButton } from '../shift/OpenShiftButton.tsx';

/** The operation-number shape the hub asks for (hub/domain/reservations/deposit.ts). */
const OPERATION_NO = /^[A-Za-z0-9-]{4,30}$/;

/**
 * "Cobrar adelanto" (issue 18 item 6): a deposit is a payment. The amount
 * (the one asked, by default), how it was paid, the operation number for
 * Yape, Plin and transfers, whether to print its receipt; the confirm button
 * says the amount. With no shift open the cashier opens one here first.
 */
export function DepositDialog(props: { reservation: Reservation; shiftOpen: boolean; onClose: () => void; onPay: (payload: CommandPayload<'reservation.payDeposit'>) => void }) {
  const { t } = useTranslation();
  const r = props.reservation;
  const [amount, setAmount] = useState(r.depositCents > 0 ? (r.depositCents / 100).toFixed(2) : '');
  const [method, setMethod] = useState<DepositMethod>('cash');
  const [operationNo, setOperationNo] = useState('');
  const [print, setPrint] = useState(true);
  const [error, setError] = useState('');
  const [opened, setOpened] = useState(false);
  const cents = parseCents(amount);
  const needsOperation = OPERATION_METHODS.includes(method);

  const submit = () => {
    if (cents === null || cents < 1) return setError(t('book.depositPay.badAmount'));
    const op = operationNo.trim();
    if ((needsOperation || op !== '') && !OPERATION_NO.test(op)) return setError(t('errors.OPERATION_NO_REQUIRED'));
    props.onPay({ reservationId: r.id, payment: { method, amountCents: cents, ...(op ? { operationNo: op } : {}) }, print });
  };

  return (
    <Dialog
      title={t('book.depositPay.title', { name: r.customerName })}
      onClose={props.onClose}
      footer={
        <DialogActions
          onCancel={props.onClose}
          confirmLabel={t('book.depositPay.confirm', { amount: formatSoles(cents ?? 0) })}
          onConfirm={submit}
          disabled={!props.shiftOpen && !opened}
          testId="deposit-confirm"
        />
      }
    >
      {!props.shiftOpen && !opened && (
        <div className="book-shift-needed" data-testid="deposit-no-shift">
          <p className="field-error">{t('errors.NO_OPEN_SHIFT')}</p>
          <OpenShiftButton onOpened={() => setOpened(true)} />
        </div>
      )}
      <label className="field">
        <span>{t('book.depositPay.amount')}</span>
        <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="deposit-amount" />
      </label>
      <div className="chips" role="radiogroup" aria-label={t('book.depositPay.method')}>
        {DEPOSIT_METHODS.map((m) => (
          <button key={m} type="button" role="radio" aria-checked={method === m} className={`chip${method === m ? ' active' : ''}`} onClick={() => setMethod(m)} data-testid={`deposit-method-${m}`}>
            {t(`pay.methods.${m}`)}
          </button>
        ))}
      </div>
      <label className="field">
        <span>
          {t('book.depositPay.operation')} {needsOperation ? <em className="req">*</em> : <small className="hint">({t('common.optional')})</small>}
        </span>
        <input value={operationNo} maxLength={30} onChange={(e) => setOperationNo(e.target.value)} data-testid="deposit-operation" />
      </label>
      <label className="book-check">
        <input type="checkbox" checked={print} onChange={(e) => setPrint(e.target.checked)} data-testid="deposit-print" /> {t('book.depositPay.print')}
      </label>
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
