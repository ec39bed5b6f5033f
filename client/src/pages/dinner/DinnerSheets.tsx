import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { CommandPayload, CommandType, Order, OrderLine, State } from '#protocol';
import { billableQty, chargedQty } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { showToast } from '../../ui/ui-store.ts';
import { clearCart, remarksOf, type CartLine } from './cart.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { LineActions, type LineAction, type LineRights } from './LineActions.tsx';
import { OrderActions, type OrderAction } from './OrderActions.tsx';
import { ReasonDialog } from './ReasonDialog.tsx';
import { RemarkDialog } from './RemarkDialog.tsx';
import { ReturnDialog } from './ReturnDialog.tsx';

/** Which sheet the ordering screen shows over itself, if any. */
export type Sheet =
  | { kind: 'line'; line: OrderLine }
  | { kind: Exclude<LineAction, 'remove' | 'hold' | 'fire' | 'rush'>; line: OrderLine }
  | { kind: 'order' }
  | { kind: Exclude<OrderAction, 'prepare' | 'rushAll'> }
  | { kind: 'prebill' }
  | null;

const GIFT_REASONS = ['regularDiscount', 'regularGift', 'newCustomer', 'freeOrder'] as const;
const CANCEL_REASONS = ['guestLeft', 'wrongDish', 'slow', 'noIngredients'] as const;

/**
 * The dialogs of the ordering screen and the commands they send: one
 * command per action (each a kitchen ticket in the printing issue). A
 * confirmed action says so ("Submit successful") once the hub has it;
 * a refusal is the outbox's toast, and gift or void by a role without the
 * right opens the manager's approval (client/src/auth).
 */
export function DinnerSheets(props: { state: State; order: Order; cart: readonly CartLine[]; tableName: string; rights: LineRights; sheet: Sheet; setSheet: (s: Sheet) => void }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { order, sheet, setSheet } = props;
  const close = () => setSheet(null);
  // Each action says what it did once the hub has it (issue 18 item 16: a pre-bill or a hang-up read "Sent successfully").
  const act = <K extends CommandType>(type: K, payload: CommandPayload<K>, done: string) => {
    close();
    void enqueue(type, payload).then((reply) => reply.ok && showToast(done));
  };
  if (!sheet) return null;
  const orderId = order.id;

  const onLine = (line: OrderLine, a: LineAction) => {
    if (a === 'remove') return act('order.removeLine', { orderId, lineId: line.id }, t('kitchen.done.remove'));
    if (a === 'hold') return act('order.holdLines', { orderId, lineIds: [line.id] }, t('kitchen.done.hold'));
    if (a === 'fire') return act('order.fire', { orderId, lineIds: [line.id] }, t('kitchen.done.fire'));
    if (a === 'rush') return act('order.rush', { orderId, lineIds: [line.id] }, t('kitchen.done.rush'));
    setSheet({ kind: a, line });
  };
  const onOrder = (a: OrderAction) => {
    if (a === 'prepare') return act('order.fire', { orderId }, t('kitchen.done.fire'));
    if (a === 'rushAll') return act('order.rush', { orderId }, t('kitchen.done.rush'));
    setSheet({ kind: a });
  };

  switch (sheet.kind) {
    case 'line':
      return <LineActions order={order} line={sheet.line} rights={props.rights} onPick={(a) => onLine(sheet.line, a)} onClose={close} />;
    case 'order':
      return <OrderActions order={order} cartCount={props.cart.length} onPick={onOrder} onClose={close} />;
    case 'return':
      return (
        <ReturnDialog
          line={sheet.line}
          onCancel={close}
          onReturn={(qty, reason, toStock) => act('order.returnLine', { orderId, lineId: sheet.line.id, qty, reason, ...(toStock ? { toStock } : {}) }, t('kitchen.done.returned'))}
        />
      );
    case 'gift':
      return (
        <ReasonDialog
          subject={nameIn(sheet.line.names, i18n.language)}
          title={t('kitchen.giftTitle')}
          reasonLabel={t('kitchen.giftReason')}
          presets={GIFT_REASONS.map((r) => t(`kitchen.giftReasons.${r}`))}
          max={chargedQty(sheet.line)}
          confirmLabel={t('kitchen.gift')}
          testId="gift-confirm"
          onCancel={close}
          onConfirm={(c) => act('order.giftLine', { orderId, lineId: sheet.line.id, qty: c.qty, reason: c.reason }, t('kitchen.done.gift'))}
        />
      );
    case 'cancel':
      return (
        <ReasonDialog
          subject={nameIn(sheet.line.names, i18n.language)}
          title={t('kitchen.cancelTitle')}
          reasonLabel={t('kitchen.cancelReason')}
          presets={CANCEL_REASONS.map((r) => t(`kitchen.cancelReasons.${r}`))}
          max={billableQty(sheet.line)}
          confirmLabel={t('kitchen.cancel')}
          testId="cancel-confirm"
          offerStock={sheet.line.stockTaken}
          danger
          onCancel={close}
          onConfirm={(c) => act('order.cancelLine', { orderId, lineId: sheet.line.id, qty: c.qty, reason: c.reason, ...(c.toStock ? { toStock: true } : {}) }, t('kitchen.done.cancel'))}
        />
      );
    case 'remark':
      return (
        <RemarkDialog
          state={props.state}
          line={sheet.line}
          onCancel={close}
          onSave={(d) => act('order.setRemark', { orderId, lineId: sheet.line.id, remark: d.text, ...(d.ids.length ? { remarkIds: [...d.ids] } : {}) }, t(sheet.line.sentBatch !== null ? 'kitchen.done.remarkSent' : 'kitchen.done.remarkSaved'))}
        />
      );
    case 'reorder':
      return (
        <ConfirmDialog
          title={t('kitchen.reorderConfirm', { name: nameIn(sheet.line.names, i18n.language) })}
          confirmLabel={t('kitchen.reorder')}
          testId="reorder-confirm"
          onCancel={close}
          onConfirm={() => act('order.reorder', { orderId, lines: [{ fromLineId: sheet.line.id, lineId: uuid() }] }, t('kitchen.done.reorder'))}
        />
      );
    case 'reorderAll':
      return (
        <ConfirmDialog
          title={t('kitchen.reorderAllConfirm')}
          confirmLabel={t('kitchen.reorderAll')}
          testId="reorder-all-confirm"
          onCancel={close}
          onConfirm={() => act('order.reorder', { orderId, lines: order.lines.map((l) => ({ fromLineId: l.id, lineId: uuid() })) }, t('kitchen.done.reorder'))}
        />
      );
    case 'prebill':
      return <ConfirmDialog title={t('kitchen.prebillConfirm')} confirmLabel={t('order.prebill')} testId="prebill-confirm" onCancel={close} onConfirm={() => act('order.prebill', { orderId }, t('kitchen.done.prebill'))} />;
    case 'withdraw':
      return (
        <ReasonDialog
          subject={props.tableName}
          title={t('kitchen.withdrawTitle')}
          reasonLabel={t('kitchen.cancelReason')}
          presets={CANCEL_REASONS.map((r) => t(`kitchen.cancelReasons.${r}`))}
          max={1}
          confirmLabel={t('kitchen.withdraw')}
          testId="withdraw-confirm"
          hint={t('kitchen.withdrawHint')}
          danger
          onCancel={close}
          onConfirm={(c) => {
            act('order.withdraw', { orderId, reason: c.reason }, t('kitchen.done.withdraw'));
            clearCart(orderId);
            navigate(PATHS.tables);
          }}
        />
      );
    case 'hangUp':
      return <HangUpDialog tableName={props.tableName} onCancel={close} onConfirm={(label) => hangUp(label)} />;
  }

  function hangUp(label: string) {
    const known = new Set(props.state.menuSettings.remarks.map((r) => r.id));
    const lines = props.cart
      .filter((c) => !c.queued)
      .map((c) => ({ lineId: c.lineId ?? uuid(), productId: c.productId, specId: c.specId ?? null, qty: c.qty, ...remarksOf(c, known) }));
    act('order.hangUp', { orderId, parkedId: uuid(), label, lines }, t('kitchen.done.hangUp', { label: label || props.tableName }));
    clearCart(orderId);
    navigate(PATHS.pending);
  }
}

/** "Hang up": the label the parked order is found by (the table's name unless changed). */
function HangUpDialog(props: { tableName: string; onCancel: () => void; onConfirm: (label: string) => void }) {
  const { t } = useTranslation();
  const [label, setLabel] = useState(props.tableName);
  return (
    <ConfirmDialog title={t('pending.hangUpConfirm')} confirmLabel={t('pending.hangUp')} testId="hangup-confirm" onCancel={props.onCancel} onConfirm={() => props.onConfirm(label.trim())}>
      <label className="field">
        <span>{t('pending.label')}</span>
        <input value={label} maxLength={40} onChange={(e) => setLabel(e.target.value)} placeholder={t('pending.labelPlaceholder')} data-testid="hangup-label" />
      </label>
    </ConfirmDialog>
  );
}
