import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { State, Takeout } from '#protocol';
import { formatSoles, orderTotals } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { useCanSend } from '../../auth/aliases.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { counterTab, counterTakeouts, type CounterTab } from './counter-takeouts.ts';
import { COUNTER_BOARD_PATH, COUNTER_NEW_PATH, counterPayPath } from './paths.ts';
import { canSpeak, speak, spokenCode, speechLang } from './speech.ts';
import './counter.css';

const TABS: readonly CounterTab[] = ['preparing', 'ready', 'toBePaid'];

/**
 * `/pages/oder_food/order` (SPEC.md M002): today's orders picked up at the
 * counter, in three columns (one under the other on a phone): preparing, ready,
 * to be paid. Each card: the pickup code large, the guest, the total, and the
 * one or two taps it needs next (mark ready, take payment, hand over, call).
 */
export function CounterOrdersPage() {
  const { t } = useTranslation();
  const { state } = useView();
  if (!state) return <p className="empty">{t('counter.loading')}</p>;
  const live = counterTakeouts(state);
  return (
    <div className="counter-orders" data-testid="counter-orders">
      <header className="dinner-head counter-head">
        <h1>{t('counter.orders')}</h1>
        <Link href={COUNTER_NEW_PATH} className="btn btn-accent" data-testid="counter-new">
          {t('counter.newOrder')}
        </Link>
        <Link href={COUNTER_BOARD_PATH} className="btn btn-ghost counter-board-link">
          {t('counter.openBoard')}
        </Link>
      </header>
      <div className="counter-columns">
        {TABS.map((tab) => {
          const here = live.filter((x) => counterTab(x) === tab);
          return (
            <section key={tab} className={`counter-column col-${tab}`} data-testid={`column-${tab}`}>
              <h2>
                {t(`counter.tabs.${tab}`)} <span className="count">{here.length}</span>
              </h2>
              {here.length === 0 ? <p className="hint">{t('counter.none')}</p> : here.map((x) => <CounterCard key={x.id} state={state} takeout={x} />)}
            </section>
          );
        })}
      </div>
    </div>
  );
}

/** "19:30" of an ISO time, in Lima. */
function clock(iso: string): string {
  return new Date(iso).toLocaleTimeString('es-PE', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'America/Lima' });
}

function CounterCard(props: { state: State; takeout: Takeout }) {
  const { t, i18n } = useTranslation();
  const x = props.takeout;
  const canReady = useCanSend('takeout.markReady');
  const canHand = useCanSend('takeout.handOver');
  const canPay = useCanSend('order.settle');
  const order = x.orderId ? getOwn(props.state.orders, x.orderId) : undefined;
  const due = order ? orderTotals(order, 0).dueCents : 0;
  const ref = { takeoutId: x.id };
  const after = (text: string) => (reply: { ok: boolean }) => void (reply.ok && showToast(text));
  return (
    <article className={`counter-card${x.ready ? ' ready' : ''}`} data-testid={`counter-card-${x.pickupCode}`}>
      <div className="card-head">
        <b className="pickup-code">{x.pickupCode}</b>
        <span className={`pill ${x.paid ? 'pill-ok' : 'pill-warn'}`}>{x.paid ? t('counter.paid') : t('counter.unpaid')}</span>
      </div>
      <p className="card-meta">
        {/* the code in a span: a bare "T-0002" broke at its hyphen on a phone */}
        {x.customer.name || <span>{x.code}</span>}
        {x.type === 'reservation' && x.expectedAt && <span> · {t('counter.pickupAt', { time: clock(x.expectedAt) })}</span>}
        {!x.paid && order && <span> · {formatSoles(due)}</span>}
      </p>
      <div className="card-actions">
        {!x.ready && canReady && (
          <button className="btn" onClick={() => void enqueue('takeout.markReady', ref).then(after(t('counter.done.ready', { code: x.pickupCode })))} data-testid={`ready-${x.pickupCode}`}>
            {t('counter.markReady')}
          </button>
        )}
        {!x.paid && x.orderId && canPay && (
          <Link href={counterPayPath(x.orderId)} className="btn btn-accent" data-testid={`pay-${x.pickupCode}`}>
            {t('counter.takePayment')}
          </Link>
        )}
        {x.ready && canSpeak() && (
          <button className="btn btn-ghost" onClick={() => speak(`${t('counter.speech', { code: spokenCode(x.pickupCode) })}`, speechLang(i18n.language))} data-testid={`call-${x.pickupCode}`}>
            {t('counter.call')}
          </button>
        )}
        {x.paid && canHand && (
          <button className="btn btn-primary" onClick={() => void enqueue('takeout.handOver', ref).then(after(t('counter.done.handedOver', { code: x.pickupCode })))} data-testid={`handover-${x.pickupCode}`}>
            {t('counter.handOver')}
          </button>
        )}
      </div>
    </article>
  );
}
