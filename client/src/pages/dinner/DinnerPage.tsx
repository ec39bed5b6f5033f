import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { Order, Product, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { groupMinimumCents } from '#hub/domain/table-ops/group-minimum.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { nameIn } from '../../i18n/index.ts';
import { PATHS } from '../../routes.ts';
import { enqueue, outbox } from '../../sync/outbox.ts';
import { replica } from '../../sync/replica.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { useReadySeen } from '../../ui/KitchenReadySignal.tsx';
import { NoOpenOrder } from '../../ui/NoOpenOrder.tsx';
import { TotalsList } from '../../ui/TotalsList.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { addToCart, dropSent, queueForSending, reconcileCart, unqueue, useCart } from './cart.ts';
import { totalsWithCart } from './cart-prices.ts';
import { CustomDishDialog } from './CustomDishDialog.tsx';
import { DinnerSheets, type Sheet } from './DinnerSheets.tsx';
import { MenuPanel } from './MenuPanel.tsx';
import { OrderPanel } from './OrderPanel.tsx';
import { refusalText } from './refusal.ts';
import { SpecPicker } from './SpecPicker.tsx';
import './ordering.css';

/** Ordering at a table: pick dishes, send them to the kitchen, act on what was sent, pre-bill, go to payment. */
export function DinnerPage() {
  const [params] = useSearchParams();
  const { state, pendingIds } = useView();
  // Ids from the address bar are looked up as own entries only: a link with ?tableId=constructor shows "no table", not a crash.
  const table = state ? getOwn(state.tables, params.get('tableId') ?? '') : undefined;
  const order = state && table?.orderId ? getOwn(state.orders, table.orderId) : undefined;
  if (!state || !table || !order) {
    return <NoOpenOrder />;
  }
  return <OrderScreen state={state} order={order} tableName={table.name} minimum={groupMinimumCents(state.tables, order)} pendingIds={pendingIds} />;
}

/**
 * The order's number once the hub gave it; "pending" only while the order
 * itself is still on its way (issue 9: an order numbered long ago read
 * "order number pending" whenever any later tap was queued offline).
 */
function useOrderNo(order: Order): string {
  const { t } = useTranslation();
  const { state } = useSnapshot(replica);
  const known = state ? getOwn(state.orders, order.id) : undefined;
  return known ? String(known.no) : t('order.pendingNo');
}

function OrderScreen(props: { state: State; order: Order; tableName: string; minimum: number; pendingIds: ReadonlySet<string> }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  // A role without these aliases does not see their buttons (the hub would refuse them anyway); gift and void may ask a manager.
  const rights = { return: useCanSend('order.returnLine'), gift: useCanSend('order.giftLine'), cancel: useCanSend('order.cancelLine') };
  const canPay = useCanSend('order.settle');
  const { state, order } = props;
  const cart = useCart(order.id);
  useCartSettled(order.id);
  // The table is open here: the map's "ready to serve" mark for it goes.
  useReadySeen(order.id);
  // Queued lines show among the ordered ones (the view folds their command); one the view could not fold stays visible here.
  const shownLineIds = new Set(order.lines.map((l) => l.id));
  const shownCart = cart.filter((c) => !c.queued || !c.lineId || !shownLineIds.has(c.lineId));
  const toSend = cart.filter((c) => !c.queued);
  const [pane, setPane] = useState<'menu' | 'order'>('menu');
  const [sizing, setSizing] = useState<Product | null>(null);
  const [custom, setCustom] = useState(false);
  const [sheet, setSheet] = useState<Sheet>(null);
  const picked = (p: Product, specId: string | null = null) => {
    addToCart(order.id, p.id, specId);
    // SPEC.md section 8 "Added successfully", naming the dish: the waiter looking at the guest sees the tap landed.
    showToast(`${nameIn(p.names, i18n.language)} · ${t('success.added')}`);
  };
  const add = (p: Product) => (p.specs.length > 0 ? setSizing(p) : picked(p));
  // The cart counts: the guest hears the amount with the dishes not yet sent.
  const totals = totalsWithCart(state, order, shownCart, props.minimum);
  const unsent = order.lines.some((l) => l.sentBatch === null);
  // The tab and the send button count alike, in portions: all the table's dishes, and those the kitchen does not have yet.
  const orderedQty = order.lines.reduce((n, l) => n + l.qty, 0) + shownCart.reduce((n, c) => n + c.qty, 0);
  const toSendQty = order.lines.reduce((n, l) => n + (l.sentBatch === null ? l.qty : 0), 0) + toSend.reduce((n, c) => n + c.qty, 0);
  const prebilled = order.status === 'prebilled';
  const orderNo = useOrderNo(order);

  // One gesture, one command: the lines and the send stand or fall together, and the cart is
  // kept until the hub takes it. Refused, the lines come back to the cart and the toast names the dish.
  const send = () => {
    const lines = queueForSending(order.id, new Set(state.menuSettings.remarks.map((r) => r.id)));
    if (lines.length === 0) {
      void enqueue('order.send', { orderId: order.id }).then((reply) => reply.ok && showToast(t('kitchen.done.send')));
      return;
    }
    const ids = new Set(lines.map((l) => l.lineId));
    void enqueue('order.addLines', { orderId: order.id, lines, send: true }, { ownsRefusal: true }).then((reply) => {
      if (reply.ok) {
        showToast(t('kitchen.done.send'));
        return dropSent(order.id, ids);
      }
      unqueue(order.id, ids);
      showToast(refusalText(t, i18n.language, replica.state, reply.code, reply.message), 'error');
    });
  };

  return (
    <div className={`dinner pane-${pane}`}>
      <header className="dinner-head">
        <Link href={PATHS.tables} className="btn btn-ghost" aria-label={t('order.back')} data-testid="order-back">
          <Icon name="arrowLeft" />
        </Link>
        <h1>{t('order.title', { table: props.tableName, no: orderNo })}</h1>
        <span className="people">{t('tables.people', { count: order.people })}</span>
      </header>
      <div className="pane-tabs">
        <button className={`chip${pane === 'menu' ? ' active' : ''}`} onClick={() => setPane('menu')}>
          {t('app.menu')}
        </button>
        <button className={`chip${pane === 'order' ? ' active' : ''}`} onClick={() => setPane('order')} data-testid="pane-order">
          {t('order.orderedCount', { count: orderedQty })} · {formatSoles(totals.subtotalCents)}
        </button>
      </div>
      <div className="dinner-body">
        {!prebilled && <MenuPanel state={state} onAdd={add} onCustom={() => setCustom(true)} />}
        <section className="order-panel">
          {prebilled && <p className="note">{t('order.prebilledNote')}</p>}
          <OrderPanel state={state} order={order} cart={shownCart} pendingIds={props.pendingIds} onLine={(line) => setSheet({ kind: 'line', line })} />
          <TotalsList totals={totals} testId="order-total" />
        </section>
      </div>
      <footer className="action-bar">
        <button className="btn" onClick={() => setSheet({ kind: 'order' })} data-testid="order-more">
          {t('kitchen.more')}
        </button>
        {!prebilled && (
          <button className="btn btn-primary" disabled={toSend.length === 0 && !unsent} onClick={send} data-testid="send">
            {toSendQty > 0 ? t('order.sendCount', { count: toSendQty }) : t('order.send')}
          </button>
        )}
        {!prebilled ? (
          <button className="btn" disabled={unsent || shownCart.length > 0 || order.lines.length === 0} onClick={() => setSheet({ kind: 'prebill' })} data-testid="prebill">
            {t('order.prebill')}
          </button>
        ) : (
          <button className="btn" onClick={() => void enqueue('order.cancelPrebill', { orderId: order.id }).then((reply) => reply.ok && showToast(t('kitchen.done.cancelPrebill')))} data-testid="cancel-prebill">
            {t('order.cancelPrebill')}
          </button>
        )}
        {canPay && (
          <button
            className="btn btn-accent"
            // Dishes ordered but not sent (a seated hung-up order) do not grey it: the payment screen says why and sends them in one tap (issue 18 item 13).
            disabled={shownCart.length > 0 || order.lines.length === 0}
            onClick={() => navigate(`${PATHS.payment}?orderId=${encodeURIComponent(order.id)}`)}
            data-testid="settle"
          >
            {/* What is left to pay: a reservation deposit is already paid (the payment screen's "Por cobrar"). */}
            {t('order.settle')} {formatSoles(totals.dueCents)}
          </button>
        )}
      </footer>
      <DinnerSheets state={state} order={order} cart={shownCart} tableName={props.tableName} rights={rights} sheet={sheet} setSheet={setSheet} />
      {sizing && (
        <SpecPicker
          product={sizing}
          onCancel={() => setSizing(null)}
          onPick={(specId) => {
            picked(sizing, specId);
            setSizing(null);
          }}
        />
      )}
      {custom && (
        <CustomDishDialog
          onCancel={() => setCustom(false)}
          onAdd={(d) => {
            void enqueue('order.addCustomDish', { orderId: order.id, lineId: uuid(), name: d.name, priceCents: d.priceCents, qty: d.qty, unit: d.unit, remark: d.remark });
            showToast(`${d.name} · ${t('success.added')}`);
            setCustom(false);
          }}
        />
      )}
    </div>
  );
}

/**
 * Settles the cart against answers it may have missed: a reload forgets the
 * promise of a send, not its lines. Lines the hub's order has leave the cart;
 * queued lines no longer in the outbox, once online, were refused and come back.
 */
function useCartSettled(orderId: string): void {
  const { state, status } = useSnapshot(replica);
  const { items } = useSnapshot(outbox);
  useEffect(() => {
    const hubOrder = replica.state ? getOwn(replica.state.orders, orderId) : undefined;
    const inOrder = new Set(hubOrder?.lines.map((l) => l.id) ?? []);
    const inOutbox = new Set(outbox.items.flatMap((i) => (i.command.payload as { lines?: { lineId: string }[] }).lines?.map((l) => l.lineId) ?? []));
    reconcileCart(orderId, inOrder, inOutbox, status === 'online');
  }, [orderId, state, items, status]);
}
