import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { showToast } from '../../ui/ui-store.ts';
import { HandInDialog } from './HandInDialog.tsx';
import { RiderAvatar } from './RiderAvatar.tsx';
import { ridersHoldingCash, type RiderRow } from './rider-view.ts';
import './riders.css';

/**
 * On the shift page, for whoever takes payment: each rider holding cash collected at doors, and
 * "Receive" (rider.handIn). The drawer's expected cash grows by what is received, never by what
 * was collected (hub/domain/riders/README.md).
 */
export function HandInCard(props: { state: State }) {
  const { t } = useTranslation();
  const canReceive = useCanSend('rider.handIn');
  const [open, setOpen] = useState<{ rider: RiderRow; id: string } | null>(null);
  if (!canReceive || !props.state.riders) return null;
  const holding = ridersHoldingCash(props.state);

  const receive = (cents: number) => {
    if (!open) return;
    const { rider, id } = open;
    setOpen(null);
    void enqueue('rider.handIn', { id, riderId: rider.staffId, cents }).then((r) => {
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      showToast(t('riders.handIn.done', { amount: formatSoles(cents) }));
    });
  };

  return (
    <section className="shift-card" data-testid="rider-cash">
      <h2>{t('riders.handIn.title')}</h2>
      <p className="hint">{t('riders.handIn.hint')}</p>
      {holding.length === 0 && <p className="hint">{t('riders.handIn.none')}</p>}
      <ul className="rider-cash-list">
        {holding.map((r) => (
          <li key={r.staffId} data-testid={`rider-cash-${r.staffId}`}>
            <RiderAvatar profile={r} name={r.name} size={36} />
            <span className="rider-cash-name">
              <b>{r.name}</b>
              <small>{t('riders.handIn.holds', { amount: formatSoles(r.heldCents) })}</small>
            </span>
            <button className="btn btn-primary" onClick={() => setOpen({ rider: r, id: uuid() })} data-testid={`rider-receive-${r.staffId}`}>
              {t('riders.handIn.receive')}
            </button>
          </li>
        ))}
      </ul>
      {open && <HandInDialog rider={open.rider} onClose={() => setOpen(null)} onConfirm={receive} />}
    </section>
  );
}
