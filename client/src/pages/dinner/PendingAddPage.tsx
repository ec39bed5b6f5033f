import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { ParkedOrder, Product, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { nameIn } from '../../i18n/index.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { QtyStepper } from '../../ui/QtyStepper.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { addToCart, changeQty, clearCart, remarksOf, useCart, type CartLine } from './cart.ts';
import { pickUnitCents } from './cart-prices.ts';
import { MenuPanel } from './MenuPanel.tsx';
import { parkedCartKey, parkedCents } from './parked.ts';
import { seatParked } from './PendingPage.tsx';
import { SeatDialog } from './SeatDialog.tsx';
import { SpecPicker } from './SpecPicker.tsx';
import './ordering.css';
import { remarkShown } from './RemarkEditor.tsx';

/**
 * /pages/dining_table/pending_add: a new parked order (`?` without
 * parkedId), or dishes added to one. Dishes picked here stay on this device
 * until "Hang up" saves them to the hub; leaving or seating with unsaved
 * dishes asks first (SPEC.md section 8: "Please hang up the order first",
 * "Please save the pending order first").
 */
export function PendingAddPage() {
  const [params] = useSearchParams();
  const { state } = useView();
  const { t } = useTranslation();
  const parkedId = params.get('parkedId');
  if (!state) return <p className="empty">{t('tables.loading')}</p>;
  const parked = parkedId ? getOwn(state.parked, parkedId) : undefined;
  if (parkedId && !parked) return <p className="empty">{t('pending.notFound')}</p>;
  return <PendingAdd key={parkedId ?? 'new'} state={state} parked={parked ?? null} />;
}

function cartLinesToParked(cart: readonly CartLine[], state: State) {
  const known = new Set(state.menuSettings.remarks.map((r) => r.id));
  return cart.map((c) => ({ lineId: c.lineId ?? uuid(), productId: c.productId, specId: c.specId ?? null, qty: c.qty, ...remarksOf(c, known) }));
}

function PendingAdd(props: { state: State; parked: ParkedOrder | null }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { state, parked } = props;
  const key = parkedCartKey(parked?.id ?? null);
  const cart = useCart(key);
  const [label, setLabel] = useState('');
  const [people, setPeople] = useState(2);
  const [sizing, setSizing] = useState<Product | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [seating, setSeating] = useState(false);
  const cartCents = cart.reduce((n, c) => n + pickUnitCents(state, c) * c.qty, 0);
  const picked = (p: Product, specId: string | null = null) => {
    addToCart(key, p.id, specId);
    showToast(`${nameIn(p.names, i18n.language)} · ${t('success.added')}`);
  };

  /** Saves the cart to the hub: a new parked order, or more dishes for this one. */
  const hangUp = (): boolean => {
    if (cart.length === 0) {
      showToast(t('errors.CART_EMPTY'), 'error');
      return false;
    }
    const lines = cartLinesToParked(cart, state);
    if (parked) void enqueue('pending.addLines', { parkedId: parked.id, lines }).then((r) => r.ok && showToast(t('kitchen.done.parkedAdd', { label: parked.label })));
    else void enqueue('pending.hangUp', { parkedId: uuid(), label: label.trim(), people, lines }).then((r) => r.ok && showToast(t('kitchen.done.hangUp', { label: label.trim() })));
    clearCart(key);
    return true;
  };
  const back = () => (cart.length > 0 ? setLeaving(true) : navigate(PATHS.pending));

  return (
    <div className="dinner pane-menu pending-add">
      <header className="dinner-head">
        <button className="btn btn-ghost" onClick={back} aria-label={t('pending.back')} data-testid="pending-back">
          <Icon name="arrowLeft" />
        </button>
        <h1>{parked ? t('pending.addTitle', { label: parked.label || t('pending.no', { no: parked.no }) }) : t('pending.newTitle')}</h1>
      </header>
      {!parked && (
        <div className="pending-fields">
          <label className="field">
            <span>{t('pending.label')}</span>
            <input value={label} maxLength={40} placeholder={t('pending.labelPlaceholder')} onChange={(e) => setLabel(e.target.value)} data-testid="pending-label" />
          </label>
          <label className="field">
            <span>{t('pending.people')}</span>
            <QtyStepper value={people} max={99} onChange={setPeople} />
          </label>
        </div>
      )}
      <div className="dinner-body">
        <MenuPanel state={state} onAdd={(p) => (p.specs.length > 0 ? setSizing(p) : picked(p))} />
        <section className="order-panel">
          {parked && parked.lines.length > 0 && (
            <>
              <h3>{t('pending.inOrder')}</h3>
              <ul className="lines">
                {parked.lines.map((l) => {
                  const product = l.productId ? getOwn(state.products, l.productId) : undefined;
                  const remark = remarkShown(state, { ids: l.remarkIds ?? [], text: l.remark }, i18n.language);
                  return (
                    <li key={l.lineId} className="line">
                      <span className="line-qty">{l.qty}×</span>
                      <span className="line-name">
                        {l.custom ? l.custom.name : product ? nameIn(product.names, i18n.language) : ''}
                        {remark && <small className="line-remark">{remark}</small>}
                      </span>
                      <button className="btn note-btn btn-danger-outline" onClick={() => void enqueue('pending.removeLine', { parkedId: parked.id, lineId: l.lineId })}>
                        {t('order.remove')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
          <h3>{t('pending.toAdd')}</h3>
          {cart.length === 0 ? (
            <p className="hint">{t('order.cartEmpty')}</p>
          ) : (
            <ul className="lines cart">
              {cart.map((c) => {
                const product = getOwn(state.products, c.productId);
                return (
                  <li key={c.key} className="line cart-line" data-testid="pending-cart-line">
                    <div className="cart-row">
                      <span className="line-name">{product ? nameIn(product.names, i18n.language) : ''}</span>
                      <span className="line-total">{formatSoles(pickUnitCents(state, c) * c.qty)}</span>
                    </div>
                    <div className="cart-controls">
                      <div className="stepper">
                        <button className="btn step-btn" onClick={() => changeQty(key, c.key, -1)} aria-label="-">
                          −
                        </button>
                        <span className="qty">{c.qty}</span>
                        <button className="btn step-btn" onClick={() => changeQty(key, c.key, 1)} aria-label="+">
                          <Icon name="plus" />
                        </button>
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          <dl className="totals">
            <dt className="grand">{t('order.total')}</dt>
            <dd className="grand" data-testid="pending-total">
              {formatSoles((parked ? parkedCents(state, parked) : 0) + cartCents)}
            </dd>
          </dl>
        </section>
      </div>
      <footer className="action-bar">
        {parked && (
          <button
            className="btn"
            // SPEC.md section 8: dishes not yet saved must be hung up before the order is seated.
            onClick={() => (cart.length > 0 ? showToast(t('pending.hangUpFirst'), 'error') : setSeating(true))}
            data-testid="pending-add-seat"
          >
            {t('pending.seat')}
          </button>
        )}
        <button className="btn btn-primary" onClick={() => hangUp() && navigate(PATHS.pending)} data-testid="pending-hangup">
          {t('pending.hangUp')}
          {cart.length > 0 && ` · ${formatSoles(cartCents)}`}
        </button>
      </footer>
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
      {leaving && (
        <Dialog
          title={t('pending.saveFirst')}
          onClose={() => setLeaving(false)}
          footer={
            <>
              <button
                className="btn btn-danger-outline"
                onClick={() => {
                  clearCart(key);
                  setLeaving(false);
                  navigate(PATHS.pending);
                }}
                data-testid="leave-discard"
              >
                {t('pending.leave')}
              </button>
              <button className="btn btn-primary" onClick={() => (setLeaving(false), hangUp() && navigate(PATHS.pending))} data-testid="leave-hangup">
                {t('pending.hangUp')}
              </button>
            </>
          }
        >
          <p>{t('pending.dishes', { count: cart.reduce((n, c) => n + c.qty, 0) })} · {formatSoles(cartCents)}</p>
        </Dialog>
      )}
      {seating && parked && (
        <SeatDialog
          state={state}
          parked={parked}
          onClose={() => setSeating(false)}
          onPick={(table) => {
            setSeating(false);
            seatParked(parked, table, navigate, t('pending.seated', { table: table.name }));
          }}
        />
      )}
    </div>
  );
}
