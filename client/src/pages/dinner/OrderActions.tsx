import { useTranslation } from 'react-i18next';
import type { Order } from '#protocol';
import { Dialog } from '../../ui/Dialog.tsx';
import { ParkedLinks } from './ParkedLinks.tsx';

/** Whole-order actions behind "More": prepare (fire held dishes), rush, reorder all, hang up, withdraw; then "add to" each pending order. */
export type OrderAction = 'prepare' | 'rushAll' | 'reorderAll' | 'hangUp' | 'withdraw';

/** Which whole-order actions the order allows now (the hub decides again). */
export function orderActionsFor(order: Order, cartCount: number): OrderAction[] {
  if (order.status !== 'open') return ['withdraw'];
  const sent = order.lines.some((l) => l.sentBatch !== null);
  const out: OrderAction[] = [];
  if (order.lines.some((l) => l.held)) out.push('prepare');
  if (order.lines.some((l) => l.sentBatch !== null && !l.held)) out.push('rushAll');
  if (order.lines.length > 0) out.push('reorderAll');
  // Only an order the kitchen has nothing of can be hung up (hub/domain/pending).
  if (!sent && order.lines.length + cartCount > 0) out.push('hangUp');
  out.push('withdraw');
  return out;
}

const LABEL = {
  prepare: 'kitchen.prepare',
  rushAll: 'kitchen.rushAll',
  reorderAll: 'kitchen.reorderAll',
  hangUp: 'pending.hangUp',
  withdraw: 'kitchen.withdraw',
} as const satisfies Record<OrderAction, string>;

/** The sheet of whole-order actions. */
export function OrderActions(props: { order: Order; cartCount: number; onPick: (action: OrderAction) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('kitchen.moreTitle')}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      }
    >
      <div className="action-grid">
        {orderActionsFor(props.order, props.cartCount).map((a) => (
          <button key={a} className={`btn action-btn${a === 'withdraw' ? ' btn-danger-outline' : ''}`} onClick={() => props.onPick(a)} data-testid={`order-${a}`}>
            {t(LABEL[a])}
          </button>
        ))}
      </div>
      {/* Orders hung up earlier (a guest at the bar, a phone order): add dishes to one without going through /pending. */}
      <ParkedLinks className="action-grid parked-links" />
    </Dialog>
  );
}
