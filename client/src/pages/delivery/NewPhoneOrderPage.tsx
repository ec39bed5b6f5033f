import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { Product, State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { nameIn } from '../../i18n/index.ts';
import { enqueue, outbox } from '../../sync/outbox.ts';
import { replica } from '../../sync/replica.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { todayOfRestaurant } from '../book/book-api.ts';
import { addToCart, queueForSending, unqueue, useCart, type CartLine } from '../dinner/cart.ts';
import { pickUnitCents } from '../dinner/cart-prices.ts';
import { CustomDishDialog } from '../dinner/CustomDishDialog.tsx';
import { MenuPanel } from '../dinner/MenuPanel.tsx';
import { refusalText } from '../dinner/refusal.ts';
import { SpecPicker } from '../dinner/SpecPicker.tsx';
import { DELIVERY_PATH, TAKEOUT_PAY_PATH } from './paths.ts';
import { PhoneCart } from './PhoneCart.tsx';
import { addCustom, removeCustom, resetDraft, setForm, usePhoneDraft } from './phone-draft-store.ts';
import { draftErrors, draftMoney, phoneOrderPayload } from './phone-order.ts';
import { PhoneOrderForm } from './PhoneOrderForm.tsx';
import { takeoutById } from './takeouts.ts';
import '../dinner/ordering.css';
import './delivery.css';

/**
 * /pages/take_out/new (M005, not in SPEC.md): an order taken on the phone.
 * The dinner page's menu and cart on one side; the dishes, the caller, the
 * address and the money on the other (one pane at a time on a phone). One
 * command creates it (`takeout.create`, channel phone): the hub numbers it and
 * gives the pickup code, sends the dishes to the kitchen (unless it is for
 * later) and adds the delivery fee as a line.
 */
export function NewPhoneOrderPage() {
  const { state } = useView();
  const { t } = useTranslation();
  if (!state) return <p className="empty">{t('delivery.loading')}</p>;
  return <PhoneOrderScreen state={state} />;
}

/**
 * The draft against answers a reload made it miss: once the hub has its takeout, the draft is
 * done (a new call starts clean); dishes marked as on their way with no create in the outbox any
 * more (refused while the page was gone) are the cashier's again. The latter only once online:
 * before that the outbox may still be loading.
 */
function useDraftSettled(takeoutId: string, orderId: string, cart: readonly CartLine[]): void {
  const { state, status } = useSnapshot(replica);
  const { items } = useSnapshot(outbox);
  useEffect(() => {
    if (replica.state && takeoutById(replica.state, takeoutId)) return resetDraft();
    const queued = cart.filter((c) => c.queued && c.lineId).map((c) => c.lineId!);
    if (status !== 'online' || queued.length === 0) return;
    const sending = outbox.items.some((i) => i.command.type === 'takeout.create' && (i.command.payload as { takeoutId?: string }).takeoutId === takeoutId);
    if (!sending) unqueue(orderId, new Set(queued));
  }, [state, items, status, takeoutId, orderId, cart]);
}

function PhoneOrderScreen(props: { state: State }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const { state } = props;
  const draft = usePhoneDraft();
  const cart = useCart(draft.orderId);
  useDraftSettled(draft.takeoutId, draft.orderId, cart);
  const canTip = useCanSend('order.setTip');
  const canPay = useCanSend('order.settle');
  const [pane, setPane] = useState<'menu' | 'order'>('menu');
  const [sizing, setSizing] = useState<Product | null>(null);
  const [custom, setCustom] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const goodsCents = cart.reduce((n, c) => n + pickUnitCents(state, c) * c.qty, 0) + draft.custom.reduce((n, c) => n + c.priceCents * c.qty, 0);
  const money = draftMoney(draft.form);
  const totalCents = goodsCents + money.feeCents + (canTip ? money.tipCents : 0);
  const day = todayOfRestaurant();
  const errors = draftErrors(draft.form, cart.length + draft.custom.length, goodsCents, day, new Date());
  const count = cart.reduce((n, c) => n + c.qty, 0) + draft.custom.reduce((n, c) => n + c.qty, 0);

  const picked = (p: Product, specId: string | null = null) => {
    addToCart(draft.orderId, p.id, specId);
    showToast(`${nameIn(p.names, i18n.language)} · ${t('success.added')}`);
  };

  const create = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) {
      // On a phone the errors are on the order pane: show it.
      setPane('order');
      // The first field to fix in sight (a phone's long form), once the errors are drawn.
      requestAnimationFrame(() => document.querySelector<HTMLElement>('.phone-order [aria-invalid="true"]')?.scrollIntoView({ block: 'center' }));
      showToast(t(errors.cart ? 'errors.CART_EMPTY' : 'delivery.form.fix'), 'error');
      return;
    }
    if (busy) return;
    setBusy(true);
    const ids = { takeoutId: draft.takeoutId, orderId: draft.orderId };
    const payLater = draft.form.payLater;
    const lines = queueForSending(draft.orderId, new Set(state.menuSettings.remarks.map((r) => r.id)));
    const customLines = draft.custom.map((c) => ({ lineId: c.lineId, name: c.name, priceCents: c.priceCents, qty: c.qty, unit: c.unit, remark: c.remark }));
    // The tip only for a role that may set one (the payment screen's tab is `payment`'s too).
    const form = canTip ? draft.form : { ...draft.form, tip: '' };
    const payload = { ...phoneOrderPayload(form, ids, lines, day), ...(customLines.length ? { customLines } : {}) };
    void enqueue('takeout.create', payload, { ownsRefusal: true }).then((reply) => {
      setBusy(false);
      if (!reply.ok) {
        unqueue(draft.orderId, new Set(lines.map((l) => l.lineId)));
        showToast(refusalText(t, i18n.language, replica.state, reply.code, reply.message), 'error');
        return;
      }
      resetDraft();
      showToast(t('delivery.done.created'));
      // Paid now: straight to the payment screen; else the new order's detail (its code, the rider to assign).
      navigate(payLater || !canPay ? `${DELIVERY_PATH}?id=${encodeURIComponent(ids.takeoutId)}` : `${TAKEOUT_PAY_PATH}?orderId=${encodeURIComponent(ids.orderId)}&id=${encodeURIComponent(ids.takeoutId)}`);
    });
  };

  return (
    <div className={`dinner phone-order pane-${pane}`} data-testid="phone-order-page">
      <header className="dinner-head">
        <Link href={`${DELIVERY_PATH}?`} className="btn btn-ghost" aria-label={t('delivery.detail.back')} data-testid="phone-order-back">
          <Icon name="arrowLeft" />
        </Link>
        <h1>{t('delivery.newPhoneOrder')}</h1>
      </header>
      <div className="pane-tabs">
        <button className={`chip${pane === 'menu' ? ' active' : ''}`} onClick={() => setPane('menu')} data-testid="pane-menu">
          {t('app.menu')}
        </button>
        <button className={`chip${pane === 'order' ? ' active' : ''}`} onClick={() => setPane('order')} data-testid="pane-order">
          {t('delivery.form.orderPane', { count })} · {formatSoles(totalCents)}
        </button>
      </div>
      <div className="dinner-body">
        <MenuPanel state={state} onAdd={(p) => (p.specs.length > 0 ? setSizing(p) : picked(p))} onCustom={() => setCustom(true)} />
        <section className="order-panel">
          <h3>{t('delivery.form.dishes')}</h3>
          <PhoneCart state={state} orderId={draft.orderId} cart={cart} custom={draft.custom} onRemoveCustom={removeCustom} />
          {tried && errors.cart && (
            <p className="field-error" role="alert">
              {t('errors.CART_EMPTY')}
            </p>
          )}
          <PhoneOrderForm draft={draft.form} errors={errors} showErrors={tried} totalCents={totalCents} canTip={canTip} onChange={setForm} />
          <dl className="totals">
            <dt>{t('delivery.form.goods')}</dt>
            <dd>{formatSoles(goodsCents)}</dd>
            {money.feeCents > 0 && (
              <>
                <dt>{t('delivery.form.fee')}</dt>
                <dd>{formatSoles(money.feeCents)}</dd>
              </>
            )}
            {canTip && money.tipCents > 0 && (
              <>
                <dt>{t('delivery.form.tip')}</dt>
                <dd>{formatSoles(money.tipCents)}</dd>
              </>
            )}
            <dt className="grand">{t('order.total')}</dt>
            <dd className="grand" data-testid="phone-total">
              {formatSoles(totalCents)}
            </dd>
          </dl>
        </section>
      </div>
      <footer className="action-bar">
        <button className="btn btn-accent" disabled={busy} onClick={create} data-testid="phone-create">
          {t('delivery.form.create')} · {formatSoles(totalCents)}
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
      {custom && (
        <CustomDishDialog
          onCancel={() => setCustom(false)}
          onAdd={(d) => {
            addCustom(d);
            showToast(`${d.name} · ${t('success.added')}`);
            setCustom(false);
          }}
        />
      )}
    </div>
  );
}
