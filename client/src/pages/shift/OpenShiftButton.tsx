import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseCents } from '#hub/domain/money.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';

/**
 * "Abrir turno" where money is about to be taken (the payment screen, a
 * deposit): money is taken only inside a shift (issue 18 item 5), so a
 * cashier with none open is asked the opening float right there, the shift
 * opens, and `onOpened` carries on with what they were doing (the settle's
 * confirmation), without leaving the screen and its payments. Someone who may
 * not open shifts (no M006) is told who can.
 */
export function OpenShiftButton(props: { onOpened: () => void; className?: string }) {
  const { t } = useTranslation();
  const canOpen = useCanSend('shift.open');
  const [asking, setAsking] = useState(false);
  const [float, setFloat] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const open = () => {
    const cents = parseCents(float.trim() === '' ? '0' : float);
    if (cents === null) return setError(t('shift.amountInvalid'));
    setBusy(true);
    // The outbox keeps the order: a settle sent after this open reaches the hub after it.
    void enqueue('shift.open', { id: uuid(), floatCents: cents }).then((r) => {
      setBusy(false);
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      showToast(t('shift.done.opened'));
    });
    setAsking(false);
    props.onOpened();
  };

  return (
    <>
      <button className={props.className ?? 'btn btn-small'} onClick={() => setAsking(true)} disabled={busy} data-testid="open-shift-here">
        {t('shift.open')}
      </button>
      {asking && (
        <Dialog
          title={t('shift.openHereTitle')}
          onClose={() => setAsking(false)}
          footer={canOpen ? <DialogActions onCancel={() => setAsking(false)} confirmLabel={t('shift.openAndGo')} onConfirm={open} testId="open-shift-confirm" /> : <DialogActions onCancel={() => setAsking(false)} confirmLabel={t('common.close')} onConfirm={() => setAsking(false)} testId="open-shift-confirm" />}
        >
          {canOpen ? (
            <>
              <p className="hint">{t('shift.openHereHint')}</p>
              <label className="field">
                <span>{t('shift.float')}</span>
                <input inputMode="decimal" value={float} onChange={(e) => setFloat(e.target.value)} placeholder="0.00" autoFocus data-testid="open-shift-float" />
              </label>
              {error && <p className="field-error">{error}</p>}
            </>
          ) : (
            <p>{t('shift.askToOpen')}</p>
          )}
        </Dialog>
      )}
    </>
  );
}
