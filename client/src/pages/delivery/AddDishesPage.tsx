import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { Product, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { replica } from '../../sync/replica.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { addToCart, dropSent, queueForSending, unqueue, useCart } from '../dinner/cart.ts';
import { pickUnitCents } from '../dinner/cart-prices.ts';
import { CustomDishDialog, type CustomDish } from '../dinner/CustomDishDialog.tsx';
import { MenuPanel } from '../dinner/MenuPanel.tsx';
import { refusalText } from '../dinner/refusal.ts';
import { SpecPicker } from '../dinner/SpecPicker.tsx';
import type { Takeout } from './contract.ts';
import { DELIVERY_PATH } from './paths.ts';
import { PhoneCart } from './PhoneCart.tsx';
import type { DraftCustomLine } from './phone-draft-store.ts';
import { canAddDishes } from './takeout-view.ts';
import { takeoutById } from './takeouts.ts';
import '../dinner/ordering.css';
import './delivery.css';

/**
 * /pages/take_out/add?id= (M002, not in SPEC.md): the guest calls back for one more drink. The
 * menu and the cart (the dinner cart, keyed by the takeout's order) for an unpaid takeout still
 * at the restaurant; one `takeout.addLines` adds them, sent to the kitchen unless the web order
 * is still waiting for "accept" (which sends everything then).
 */
export function AddDishesPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const [params] = useSearchParams();
  const tk = state ? takeoutById(state, params.get('id') ?? '') : undefined;
  if (!state) return <p className="empty">{t('delivery.loading')}</p>;
  if (!tk || !tk.orderId || !canAddDishes(tk)) {
    return (
      <div className="delivery-add-none">
        <p className="empty">{t('delivery.add.none')}</p>
        <Link href={`${DELIVERY_PATH}?`} className="btn">
          {t('delivery.detail.back')}
        </Link>
      </div>
    );
  }
  return <AddDishesScreen state={state} takeout={tk} orderId={tk.orderId} />;
}

function AddDishesScreen(props: { state: State; takeout: Takeout; orderId: string }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { state, takeout: tk, orderId } = props;
  const cart = useCart(orderId);
  const [custom, setCustom] = useState<DraftCustomLine[]>([]);
  const [pane, setPane] = useState<'menu' | 'order'>('menu');
  const [sizing, setSizing] = useState<Product | null>(null);
  const [typing, setTyping] = useState(false);
  const [busy, setBusy] = useState(false);
  const order = getOwn(state.orders, orderId);
  const back = `${DELIVERY_PATH}?id=${encodeURIComponent(tk.id)}`;
  const addedCents = cart.reduce((n, c) => n + pickUnitCents(state, c) * c.qty, 0) + custom.reduce((n, c) => n + c.priceCents * c.qty, 0);
  const count = cart.reduce((n, c) => n + c.qty, 0) + custom.reduce((n, c) => n + c.qty, 0);
  // A web order not yet accepted keeps its dishes until "accept" sends them all.
  const send = tk.status !== 0 && tk.status !== 1;

  const picked = (p: Product, specId: string | null = null) => {
    addToCart(orderId, p.id, specId);
    showToast(`${nameIn(p.names, i18n.language)} · ${t('success.added')}`);
  };
  const add = () => {
    if (count === 0) return showToast(t('errors.CART_EMPTY'), 'error');
    if (busy) return;
    setBusy(true);
    const lines = queueForSending(orderId, new Set(state.menuSettings.remarks.map((r) => r.id)));
    const ids = new Set(lines.map((l) => l.lineId));
    const customLines = custom.map((c) => ({ lineId: c.lineId, name: c.name, priceCents: c.priceCents, qty: c.qty, unit: c.unit, remark: c.remark }));
    void enqueue('takeout.addLines', { takeoutId: tk.id, lines, ...(customLines.length ? { customLines } : {}), send }, { ownsRefusal: true }).then((reply) => {
      setBusy(false);
      if (!reply.ok) {
        unqueue(orderId, ids);
        showToast(refusalText(t, i18n.language, replica.state, reply.code, reply.message), 'error');
        return;
      }
      dropSent(orderId, ids);
      showToast(t('delivery.done.added'));
      navigate(back);
    });
  };

  return (
    <div className={`dinner phone-order pane-${pane}`} data-testid="add-dishes-page">
      <header className="dinner-head">
        <Link href={back} className="btn btn-ghost" aria-label={t('delivery.detail.back')}>
          <Icon name="arrowLeft" />
        </Link>
        <h1>{t('delivery.add.title', { code: tk.code })}</h1>
      </header>
      <div className="pane-tabs">
        <button className={`chip${pane === 'menu' ? ' active' : ''}`} onClick={() => setPane('menu')}>
          {t('app.menu')}
        </button>
        <button className={`chip${pane === 'order' ? ' active' : ''}`} onClick={() => setPane('order')} data-testid="pane-order">
          {t('delivery.form.orderPane', { count })} · {formatSoles(addedCents)}
        </button>
      </div>
      <div className="dinner-body">
        <MenuPanel state={state} onAdd={(p) => (p.specs.length > 0 ? setSizing(p) : picked(p))} onCustom={() => setTyping(true)} />
        <section className="order-panel">
          <h3>{t('delivery.add.already')}</h3>
          <ul className="lines">
            {order?.lines.map((l) => (
              <li key={l.id} className="line">
                <span className="line-qty">{l.qty}×</span>
                <span className="line-name">{nameIn(l.names, i18n.language)}</span>
              </li>
            ))}
          </ul>
          <h3>{t('delivery.add.adding')}</h3>
          <PhoneCart state={state} orderId={orderId} cart={cart} custom={custom} onRemoveCustom={(id) => setCustom((list) => list.filter((c) => c.lineId !== id))} />
        </section>
      </div>
      <footer className="action-bar">
        <button className="btn btn-accent" disabled={busy || count === 0} onClick={add} data-testid="add-dishes">
          {t(send ? 'delivery.add.addSend' : 'delivery.add.add', { count })} · {formatSoles(addedCents)}
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
      {typing && (
        <CustomDishDialog
          onCancel={() => setTyping(false)}
          onAdd={(d: CustomDish) => {
            setCustom((list) => [...list, { ...d, lineId: uuid() }]);
            showToast(`${d.name} · ${t('success.added')}`);
            setTyping(false);
          }}
        />
      )}
    </div>
  );
}
