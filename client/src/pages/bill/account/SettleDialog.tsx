import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandPayload, Debt, DebtMethod } from '#protocol';
import { DEBT_METHODS } from '#protocol';
import { formatSoles, parseCents } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../../ui/Dialog.tsx';
import { needsOperationNo, remainingOf, settlePreview } from './account-view.ts';
import { MethodOptions } from '../../../ui/MethodOptions.tsx';

/**
 * Collects a debt: the method, the amount received (what is still owed, to
 * start with) and, for Yape, Plin or a transfer, the operation number. Cash
 * may be more than owed: the change is shown. `busy` while the hub answers.
 */
export function SettleDialog(props: { debt: Debt; busy: boolean; onClose: () => void; onSettle: (payload: CommandPayload<'account.settle'>) => void }) {
  const { t } = useTranslation();
  const remaining = remainingOf(props.debt);
  const [method, setMethod] = useState<DebtMethod>('cash');
  const [amount, setAmount] = useState((remaining / 100).toFixed(2));
  const [operationNo, setOperationNo] = useState('');
  const [error, setError] = useState('');
  const cents = parseCents(amount);
  const preview = cents === null ? null : settlePreview(method, cents, remaining);

  const submit = () => {
    if (cents === null || cents === 0) return setError(t('account.amountInvalid'));
    if (preview?.overpaid) return setError(t('errors.DEBT_OVERPAID'));
    if (needsOperationNo(method) && operationNo.trim().length < 4) return setError(t('errors.OPERATION_NO_REQUIRED'));
    setError('');
    const payment = needsOperationNo(method) || operationNo.trim() ? { method, amountCents: cents, operationNo: operationNo.trim() } : { method, amountCents: cents };
    props.onSettle({ billId: props.debt.billId, payments: [payment] });
  };

  return (
    <Dialog
      title={t('account.settleTitle', { no: props.debt.billNo, person: props.debt.person })}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('account.confirmSettle')} onConfirm={submit} testId="account-settle-confirm" disabled={props.busy} />}
    >
      <div className="account-form">
        <label className="field">
          <span>{t('account.method')}</span>
          <select value={method} onChange={(e) => setMethod(e.target.value as DebtMethod)} data-testid="account-method">
            <MethodOptions methods={DEBT_METHODS} />
          </select>
        </label>
        <label className="field">
          <span>{t('account.amount')}</span>
          <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="account-amount" />
        </label>
        {needsOperationNo(method) && (
          <label className="field">
            <span>
              {t('account.operationNo')} <em className="req">*</em>
            </span>
            <input value={operationNo} maxLength={30} onChange={(e) => setOperationNo(e.target.value)} data-testid="account-operation" />
          </label>
        )}
        <dl className="account-rows">
          <dt>{t('account.remaining')}</dt>
          <dd>{formatSoles(remaining)}</dd>
          {preview && !preview.overpaid && method === 'cash' && (
            <>
              <dt>{t('account.change')}</dt>
              <dd data-testid="account-change">{formatSoles(preview.changeCents)}</dd>
            </>
          )}
          {preview && !preview.overpaid && (
            <>
              <dt>{preview.leftCents === 0 ? t('account.paidOff') : t('account.afterThis')}</dt>
              <dd>{formatSoles(preview.leftCents)}</dd>
            </>
          )}
        </dl>
        {error && <p className="field-error">{error}</p>}
        {props.busy && <p className="hint">{t('account.waiting')}</p>}
      </div>
    </Dialog>
  );
}
