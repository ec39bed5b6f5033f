import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSoles, parseCents } from '#hub/domain/money.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import type { Takeout } from './contract.ts';
import { changeToBringCents, paidByShop } from './takeout-view.ts';

/**
 * "Delivered": for an order still to be paid, the cash the rider collected at
 * the door (the amount to collect, changeable when the guest paid a little
 * more or less); the hub settles the order in cash held by the rider, handed
 * in at the till later. A paid order just asks once.
 */
export function DeliveredDialog(props: { takeout: Takeout; onCancel: () => void; onConfirm: (collectedCents: number | null) => void }) {
  const { t } = useTranslation();
  const tk = props.takeout;
  const collecting = !tk.paid && tk.collectCents > 0;
  // The hub settles a factura only at the till (TAKEOUT_NOT_PAID): say so before the rider's tap is refused.
  const facturaUnpaid = !tk.paid && tk.invoiceType === 'factura';
  // A web order the shop was paid for is settled at the till by transfer (the hub refuses 'delivered' before: TAKEOUT_NOT_PAID).
  const shopPaid = paidByShop(tk);
  const [amount, setAmount] = useState(collecting ? (tk.collectCents / 100).toFixed(2) : '');
  const [error, setError] = useState('');
  const change = changeToBringCents(tk);
  const confirm = () => {
    if (shopPaid) return setError(t('delivery.delivered.paidByShop'));
    if (facturaUnpaid) return setError(t('delivery.delivered.factura'));
    if (!collecting) return props.onConfirm(null);
    const cents = parseCents(amount);
    if (cents === null || cents <= 0) return setError(t('delivery.form.errors.amount'));
    props.onConfirm(cents);
  };
  return (
    <Dialog
      title={t('delivery.delivered.title', { code: tk.code })}
      onClose={props.onCancel}
      footer={<DialogActions onCancel={props.onCancel} confirmLabel={t('delivery.actions.delivered')} onConfirm={confirm} testId="delivered-confirm" />}
    >
      {shopPaid && <p className="field-error">{t('delivery.delivered.paidByShop')}</p>}
      {facturaUnpaid && !shopPaid && <p className="field-error">{t('delivery.delivered.factura')}</p>}
      {collecting ? (
        <>
          <p>{t('delivery.delivered.collect', { amount: formatSoles(tk.collectCents) })}</p>
          {change > 0 && <p className="hint">{t('delivery.delivered.change', { payWith: formatSoles(tk.delivery?.changeForCents ?? 0), change: formatSoles(change) })}</p>}
          <label className="field">
            <span>
              {t('delivery.delivered.collected')} <em className="req">*</em>
            </span>
            <input value={amount} inputMode="decimal" onChange={(e) => (setAmount(e.target.value), setError(''))} data-testid="delivered-amount" />
          </label>
          <p className="hint">{t('delivery.delivered.handIn')}</p>
        </>
      ) : (
        <p>{t('delivery.delivered.paid')}</p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
