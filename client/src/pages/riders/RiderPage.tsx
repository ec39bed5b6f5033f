import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { CommandReply, Takeout } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { session } from '../../auth/session.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { Dialog, DialogActions } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { RiderAvatar } from './RiderAvatar.tsx';
import { RiderOrderCard } from './RiderOrderCard.tsx';
import { riderOrders } from './rider-orders.ts';
import { profileOf } from './rider-view.ts';
import './riders.css';

/** The three taps a rider makes. */
type RiderCommand = { type: 'takeout.pickedUp'; payload: { takeoutId: string } } | { type: 'takeout.delivered'; payload: { takeoutId: string; collectedCents?: number } } | { type: 'takeout.assignRider'; payload: { takeoutId: string; riderId: string } };
function send(c: RiderCommand): Promise<CommandReply> {
  if (c.type === 'takeout.pickedUp') return enqueue(c.type, c.payload);
  if (c.type === 'takeout.delivered') return enqueue(c.type, c.payload);
  return enqueue(c.type, c.payload);
}

/**
 * /pages/take_out/rider (M005; a rider's home): the signed-in rider's delivery orders with
 * what to collect and the change to bring, the address with a maps link, and the taps
 * "picked up" and "delivered"; the orders waiting for a rider, to take one. "Delivered" asks
 * once more (a wrong tap on the street is costly), with the cash to collect in the question.
 */
export function RiderPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const { staff: me } = useSnapshot(session);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Takeout | null>(null);
  if (!state || !me) return <p className="empty">{t('riders.loading')}</p>;
  const profile = profileOf(state, me.id);
  const { mine, waiting } = riderOrders(state, me.id);

  const run = (tk: Takeout, c: RiderCommand, done: string) => {
    setBusy(tk.id);
    void send(c).then((r) => {
      setBusy(null);
      if (!r.ok) return showToast(bodyErrorText(t, r.code), 'error');
      showToast(done);
    });
  };
  const step = (tk: Takeout) => {
    if (tk.status === 3) return run(tk, { type: 'takeout.pickedUp', payload: { takeoutId: tk.id } }, t('riders.done.pickedUp'));
    setConfirming(tk);
  };
  const deliver = (tk: Takeout) => {
    setConfirming(null);
    run(tk, { type: 'takeout.delivered', payload: { takeoutId: tk.id, ...(tk.collectCents > 0 ? { collectedCents: tk.collectCents } : {}) } }, t('riders.done.delivered'));
  };

  return (
    <div className="rider-page" data-testid="rider-page">
      <header className="rider-me">
        <RiderAvatar profile={profile} name={me.name} size={48} />
        <span className="rider-me-name">
          <b>
            {profile.number && <span className="rider-number">{profile.number}</span>} {me.name}
          </b>
          <small>{t('riders.sent', { count: profile.sentCount })}</small>
        </span>
      </header>
      <p className={`rider-held${profile.heldCents > 0 ? ' is-holding' : ''}`} data-testid="rider-held">
        {profile.heldCents > 0 ? t('riders.holding', { amount: formatSoles(profile.heldCents) }) : t('riders.holdingNone')}
      </p>

      <h2 className="rider-section">{t('riders.mine')}</h2>
      {mine.length === 0 && <p className="empty">{t('riders.mineNone')}</p>}
      {mine.map((tk) => (
        <RiderOrderCard key={tk.id} state={state} takeout={tk} busy={busy === tk.id} onStep={() => step(tk)} />
      ))}

      {waiting.length > 0 && (
        <>
          <h2 className="rider-section">{t('riders.waiting')}</h2>
          {waiting.map((tk) => (
            <RiderOrderCard key={tk.id} state={state} takeout={tk} busy={busy === tk.id} onTake={() => run(tk, { type: 'takeout.assignRider', payload: { takeoutId: tk.id, riderId: me.id } }, t('riders.taken'))} />
          ))}
        </>
      )}
      <p className="hint">{t('riders.noGps')}</p>

      {confirming && (
        <Dialog
          title={t('riders.confirmDelivered', { code: confirming.code })}
          onClose={() => setConfirming(null)}
          footer={<DialogActions onCancel={() => setConfirming(null)} confirmLabel={t('riders.delivered')} onConfirm={() => deliver(confirming)} testId="rider-confirm-delivered" />}
        >
          {confirming.collectCents > 0 && <p className="rider-collect">{t('riders.confirmCollected', { amount: formatSoles(confirming.collectCents) })}</p>}
        </Dialog>
      )}
    </div>
  );
}
