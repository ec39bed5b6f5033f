import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { State } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { enqueue } from '../../sync/outbox.ts';
import { showToast } from '../../ui/ui-store.ts';
import { ReasonDialog } from '../dinner/ReasonDialog.tsx';
import type { Takeout } from './contract.ts';
import { DeliveredDialog } from './DeliveredDialog.tsx';
import { RiderPicker } from './RiderPicker.tsx';
import { actionsFor, needsSending, type TakeoutAction } from './takeout-view.ts';
import { ADD_DISHES_PATH, TAKEOUT_PAY_PATH } from './paths.ts';

type Asking = null | 'refuse' | 'cancel' | 'assignRider' | 'delivered';

/** Which command each action sends: its button shows only to a role that may send it (the hub refuses anyway). */
function useAllowed(): Record<TakeoutAction | 'send', boolean> {
  return {
    accept: useCanSend('takeout.accept'),
    refuse: useCanSend('takeout.refuse'),
    assignRider: useCanSend('takeout.assignRider'),
    markReady: useCanSend('takeout.markReady'),
    pay: useCanSend('order.settle'),
    addDishes: useCanSend('takeout.addLines'),
    pickedUp: useCanSend('takeout.pickedUp'),
    delivered: useCanSend('takeout.delivered'),
    handOver: useCanSend('takeout.handOver'),
    close: useCanSend('takeout.close'),
    cancel: useCanSend('takeout.cancel'),
    reprintKitchen: useCanSend('takeout.reprint'),
    reprintSlip: useCanSend('takeout.reprint'),
    send: useCanSend('order.send'),
  };
}

/** Actions that take something away, drawn in red. */
const DANGER: ReadonlySet<TakeoutAction> = new Set(['refuse', 'cancel']);

/**
 * The buttons of a takeout in its status (`actionsFor`), the main one first and
 * filled: accept or refuse a web order (a reason), assign a rider, mark ready,
 * take payment (the payment screen, by order id), picked up, delivered (with
 * the cash collected), hand over, close, cancel (a reason), reprints. A
 * scheduled order's dishes not yet sent get "send to kitchen".
 */
export function TakeoutActions(props: { state: State; takeout: Takeout }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const allowed = useAllowed();
  const [asking, setAsking] = useState<Asking>(null);
  const tk = props.takeout;
  const ref = { takeoutId: tk.id };
  const order = tk.orderId ? getOwn(props.state.orders, tk.orderId) : undefined;
  const unsent = needsSending(tk, order);
  const actions = actionsFor(tk).filter((a) => allowed[a]);

  const done = (text: string) => (reply: { ok: boolean }) => reply.ok && showToast(text);
  const run = (a: TakeoutAction) => {
    switch (a) {
      case 'accept':
        return void enqueue('takeout.accept', ref).then(done(t('delivery.done.accepted')));
      case 'markReady':
        return void enqueue('takeout.markReady', ref).then(done(t('delivery.done.ready')));
      case 'pickedUp':
        return void enqueue('takeout.pickedUp', ref).then(done(t('delivery.done.pickedUp')));
      case 'handOver':
        return void enqueue('takeout.handOver', ref).then(done(t('delivery.done.handedOver')));
      case 'close':
        return void enqueue('takeout.close', ref).then(done(t('delivery.done.closed')));
      case 'reprintKitchen':
        return void enqueue('takeout.reprint', { ...ref, what: 'kitchen' }).then(done(t('delivery.done.reprinted')));
      case 'reprintSlip':
        return void enqueue('takeout.reprint', { ...ref, what: 'slip' }).then(done(t('delivery.done.reprinted')));
      case 'addDishes':
        return navigate(`${ADD_DISHES_PATH}?id=${encodeURIComponent(tk.id)}`);
      case 'pay':
        return tk.orderId ? navigate(`${TAKEOUT_PAY_PATH}?orderId=${encodeURIComponent(tk.orderId)}&id=${encodeURIComponent(tk.id)}`) : undefined;
      case 'refuse':
      case 'cancel':
      case 'assignRider':
      case 'delivered':
        return setAsking(a);
      default:
        return undefined;
    }
  };

  return (
    <>
      <div className="takeout-actions" data-testid="takeout-actions">
        {unsent && allowed.send && order && (
          <button className="btn btn-primary" onClick={() => void enqueue('order.send', { orderId: order.id }).then(done(t('kitchen.done.send')))} data-testid="takeout-send">
            {t('delivery.actions.send')}
          </button>
        )}
        {actions.map((a, i) => (
          <button key={a} className={`btn${i === 0 && !unsent && !DANGER.has(a) ? ' btn-primary' : ''}${DANGER.has(a) ? ' btn-danger-outline' : ''}`} onClick={() => run(a)} data-testid={`takeout-${a}`}>
            {a === 'assignRider' && tk.riderId ? t('delivery.actions.changeRider') : t(`delivery.actions.${a}`)}
          </button>
        ))}
      </div>
      {(asking === 'refuse' || asking === 'cancel') && (
        <ReasonDialog
          subject={`${tk.code} · ${tk.customer.name || tk.customer.phone}`}
          title={t(asking === 'refuse' ? 'delivery.refuse.title' : 'delivery.cancel.title')}
          reasonLabel={t('delivery.reason')}
          presets={Object.values(t(asking === 'refuse' ? 'delivery.reasons.refuse' : 'delivery.reasons.cancel', { returnObjects: true }))}
          max={1}
          confirmLabel={t(`delivery.actions.${asking}`)}
          testId={`takeout-${asking}-dialog`}
          danger
          hint={asking === 'cancel' ? t('delivery.cancel.hint') : t('delivery.refuse.hint')}
          onCancel={() => setAsking(null)}
          onConfirm={({ reason }) => {
            const what = asking;
            setAsking(null);
            const reply = what === 'refuse' ? enqueue('takeout.refuse', { ...ref, reason }) : enqueue('takeout.cancel', { ...ref, reason });
            void reply.then(done(t(what === 'refuse' ? 'delivery.done.refused' : 'delivery.done.cancelled')));
          }}
        />
      )}
      {asking === 'assignRider' && (
        <RiderPicker
          state={props.state}
          onCancel={() => setAsking(null)}
          onPick={(riderId) => {
            setAsking(null);
            void enqueue('takeout.assignRider', { ...ref, riderId }).then(done(t('delivery.done.assigned')));
          }}
        />
      )}
      {asking === 'delivered' && (
        <DeliveredDialog
          takeout={tk}
          onCancel={() => setAsking(null)}
          onConfirm={(collectedCents) => {
            setAsking(null);
            void enqueue('takeout.delivered', { ...ref, ...(collectedCents !== null ? { collectedCents } : {}) }).then(done(t('delivery.done.delivered')));
          }}
        />
      )}
    </>
  );
}
