import { useTranslation } from 'react-i18next';
import type { Order, OrderLine } from '#protocol';
import { billableQty, chargedQty } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { Dialog } from '../../ui/Dialog.tsx';

/** What a tap on an ordered dish can lead to (each a command, most through a confirm or a reason). */
export type LineAction = 'remove' | 'return' | 'cancel' | 'gift' | 'hold' | 'fire' | 'rush' | 'remark' | 'reorder';

/**
 * The actions a line allows in its state, in the order a waiter looks for
 * them; the hub's rules (hub/domain/kitchen) decide again. A pre-billed order
 * allows only a gift (the payment screen's gift tab).
 */
/** Which of the guarded actions this person may use (or ask a manager to approve). */
export type LineRights = { return: boolean; gift: boolean; cancel: boolean };

export function actionsFor(order: Order, line: OrderLine, can: LineRights): LineAction[] {
  const open = order.status === 'open';
  const sent = line.sentBatch !== null;
  const live = billableQty(line) > 0;
  const out: LineAction[] = [];
  if (open && !sent) out.push('remove');
  if (open && sent && live && !line.held) out.push('rush');
  if (open && live && line.held) out.push('fire');
  if (open && live && !line.held) out.push('hold');
  if (can.gift && chargedQty(line) > 0) out.push('gift');
  if (can.cancel && open && sent && live) out.push('cancel');
  if (can.return && open && sent && live) out.push('return');
  if (open && live) out.push('remark');
  if (open) out.push('reorder');
  return out;
}

const LABEL: Record<LineAction, 'order.remove' | 'order.return' | `kitchen.${Exclude<LineAction, 'remove' | 'return'>}`> = {
  remove: 'order.remove',
  return: 'order.return',
  cancel: 'kitchen.cancel',
  gift: 'kitchen.gift',
  hold: 'kitchen.hold',
  fire: 'kitchen.fire',
  rush: 'kitchen.rush',
  remark: 'kitchen.remark',
  reorder: 'kitchen.reorder',
};
const DANGER: ReadonlySet<LineAction> = new Set(['remove', 'return', 'cancel']);

/** The sheet of actions for one ordered dish. */
export function LineActions(props: { order: Order; line: OrderLine; rights: LineRights; onPick: (action: LineAction) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const actions = actionsFor(props.order, props.line, props.rights);
  return (
    <Dialog
      title={nameIn(props.line.names, i18n.language)}
      onClose={props.onClose}
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.cancel')}
        </button>
      }
    >
      {props.line.held && <p className="hint">{t('kitchen.heldHint')}</p>}
      <div className="action-grid">
        {actions.map((a) => (
          <button key={a} className={`btn action-btn${DANGER.has(a) ? ' btn-danger-outline' : ''}`} onClick={() => props.onPick(a)} data-testid={`line-${a}`}>
            {t(LABEL[a])}
          </button>
        ))}
      </div>
    </Dialog>
  );
}
