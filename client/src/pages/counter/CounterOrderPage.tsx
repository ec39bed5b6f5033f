import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Product, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { nameIn } from '../../i18n/index.ts';
import { enqueue } from '../../sync/outbox.ts';
import { replica } from '../../sync/replica.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { addToCart, queueForSending, unqueue, useCart } from '../dinner/cart.ts';
import { pickUnitCents } from '../dinner/cart-prices.ts';
import { MenuPanel } from '../dinner/MenuPanel.tsx';
import { refusalText } from '../dinner/refusal.ts';
import { SpecPicker } from '../dinner/SpecPicker.tsx';
import { counterErrors, counterPayload, limaDate, lunchBoxCents } from './counter-order.ts';
import { CounterCart } from './CounterCart.tsx';
import { resetCounterDraft, setCounterForm, useCounterDraft } from './counter-draft-store.ts';
import { CounterForm } from './CounterForm.tsx';
import { COUNTER_BOARD_PATH, COUNTER_ORDERS_PATH, counterPayPath } from './paths.ts';
import '../dinner/ordering.css';
import './counter.css';

/**
 * `/pages/oder_food/index` (SPEC.md M002): take-away at the counter, built for
 * speed. The dinner page's menu (search, categories, sizes) on one side; the
 * cart with prices and remarks, the guest, the order type, lunch boxes and
 * pay now or on pickup on the other (one pane at a time on a phone). One
 * command creates it (`takeout.create`, channel counter, picked up at the
 * store): the hub numbers it, gives the pickup code and sends it to the kitchen.
 */
export function CounterOrderPage() {
  const { state } = useView();
  const { t } = useTranslation();
  if (!state) return <p className="empty">{t('counter.loading')}</p>;
  return <CounterScreen state={state} />;
}

function CounterScreen(props: { state: State }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { state } = props;
  const draft = useCounterDraft();
  const cart = useCart(draft.orderId);
  const canPay = useCanSend('order.settle');
  const [pane, setPane] = useState<'menu' | 'order'>('menu');
  const [sizing, setSizing] = useState<Product | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const form = canPay ? draft.form : { ...draft.form, payLater: true };
  const goodsCents = cart.reduce((n, c) => n + pickUnitCents(state, c) * c.qty, 0);
  const portions = cart.reduce((n, c) => n + c.qty, 0);
  const boxCents = lunchBoxCents(form, portions);
  const totalCents = goodsCents + boxCents;
  const now = new Date();
  const day = limaDate(now);
  const errors = counterErrors(form, cart.length, day, now);

  const picked = (p: Product, specId: string | null = null) => {
    addToCart(draft.orderId, p.id, specId);
    showToast(`${nameIn(p.names, i18n.language)} · ${t('success.added')}`);
  };

  const create = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) {
      setPane('order');
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.counter-form [aria-invalid="true"]')?.scrollIntoView({ block: 'center' }));
      showToast(t(errors.cart ? 'errors.CART_EMPTY' : 'counter.fix'), 'error');
      return;
    }
    if (busy) return;
    setBusy(true);
    const ids = { takeoutId: draft.takeoutId, orderId: draft.orderId };
    const lines = queueForSending(draft.orderId, new Set(state.menuSettings.remarks.map((r) => r.id)));
    void enqueue('takeout.create', counterPayload(form, ids, lines, day), { ownsRefusal: true }).then((reply) => {
      setBusy(false);
      if (!reply.ok) {
        unqueue(ids.orderId, new Set(lines.map((l) => l.lineId)));
        showToast(refusalText(t, i18n.language, replica.state, reply.code, reply.message), 'error');
        return;
      }
      const code = replica.state?.takeouts?.[ids.takeoutId]?.pickupCode ?? '';
      resetCounterDraft();
      setTried(false);
      setPane('menu');
      showToast(t('counter.created', { code }));
      // Paid now: straight to the payment screen; on pickup: the next guest's order starts here.
      if (!form.payLater) navigate(counterPayPath(ids.orderId));
    });
  };

  return (
    <div className={`dinner counter-order pane-${pane}`} data-testid="counter-page">
      <header className="dinner-head counter-head">
        <h1>{t('counter.title')}</h1>
        <Link href={COUNTER_ORDERS_PATH} className="btn" data-testid="counter-orders-link">
          {t('counter.orders')}
        </Link>
        <Link href={COUNTER_BOARD_PATH} className="btn btn-ghost counter-board-link" data-testid="counter-board-link">
          {t('counter.openBoard')}
        </Link>
      </header>
      <div className="pane-tabs">
        <button className={`chip${pane === 'menu' ? ' active' : ''}`} onClick={() => setPane('menu')} data-testid="pane-menu">
          {t('app.menu')}
        </button>
        <button className={`chip${pane === 'order' ? ' active' : ''}`} onClick={() => setPane('order')} data-testid="pane-order">
          {t('counter.orderPane', { count: portions })} · {formatSoles(totalCents)}
        </button>
      </div>
      <div className="dinner-body">
        <MenuPanel state={state} onAdd={(p) => (p.specs.length > 0 ? setSizing(p) : picked(p))} />
        <section className="order-panel">
          <h3>{t('counter.dishes')}</h3>
          <CounterCart state={state} orderId={draft.orderId} cart={cart} />
          {tried && errors.cart && (
            <p className="field-error" role="alert">
              {t('errors.CART_EMPTY')}
            </p>
          )}
          <CounterForm draft={form} errors={errors} showErrors={tried} canPay={canPay} onChange={setCounterForm} />
          <dl className="totals">
            <dt>{t('counter.goods')}</dt>
            <dd>{formatSoles(goodsCents)}</dd>
            {boxCents > 0 && (
              <>
                <dt>{t('counter.boxes')}</dt>
                <dd data-testid="counter-boxes">{formatSoles(boxCents)}</dd>
              </>
            )}
            <dt className="grand">{t('order.total')}</dt>
            <dd className="grand" data-testid="counter-total">
              {formatSoles(totalCents)}
            </dd>
          </dl>
        </section>
      </div>
      <footer className="action-bar">
        <button className="btn btn-accent" disabled={busy} onClick={create} data-testid="counter-create">
          {t(form.payLater ? 'counter.create' : 'counter.createPay')} · {formatSoles(totalCents)}
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
    </div>
  );
}
