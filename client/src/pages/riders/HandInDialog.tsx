import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSoles, parseCents } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import type { RiderRow } from './rider-view.ts';

/**
 * The cashier receives a rider's cash: what the rider holds is shown and typed in by default;
 * less is allowed (the rest stays owed, and says so). The hand-in id is minted once per dialog,
 * so a double tap on "Receive" hands in once (RIDER_HANDIN_DONE).
 */
export function HandInDialog(props: { rider: RiderRow; onClose: () => void; onConfirm: (cents: number) => void }) {
  const { t } = useTranslation();
  const held = props.rider.heldCents;
  const [amount, setAmount] = useState((held / 100).toFixed(2));
  const [error, setError] = useState('');
  const cents = parseCents(amount);
  const submit = () => {
    if (cents === null || cents < 1 || cents > held) return setError(t('riders.handIn.amountInvalid'));
    props.onConfirm(cents);
  };
  return (
    <Dialog
      title={t('riders.handIn.dialog', { name: props.rider.name })}
      onClose={props.onClose}
      footer={<DialogActions onCancel={props.onClose} confirmLabel={t('riders.handIn.confirm')} onConfirm={submit} testId="rider-handin-confirm" />}
    >
      <dl className="shift-rows">
        <dt>{t('riders.handIn.expected')}</dt>
        <dd data-testid="rider-handin-expected">{formatSoles(held)}</dd>
      </dl>
      <label className="field">
        <span>{t('riders.handIn.amount')}</span>
        <input inputMode="decimal" value={amount} onChange={(e) => {
            setAmount(e.target.value);
            setError('');
          }}
          data-testid="rider-handin-amount" autoFocus />
      </label>
      {cents !== null && cents > 0 && cents < held && <p className="hint">{t('riders.handIn.short', { amount: formatSoles(held - cents) })}</p>}
      {error && <p className="field-error">{error}</p>}
    </Dialog>
  );
}
