import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { formatSoles, orderTotals } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { RESTAURANT_TIME_ZONE } from '../book/book-api.ts';
import { TAKEOUT_STATUS, type Takeout, type TakeoutChannel } from './contract.ts';
import { phoneText } from '../../ui/phone-text.ts';
import { STATUS_NAME, minutesBetween } from './takeout-view.ts';

/** Statuses that left the live state (history): their cards say when they were ordered, not how long ago. */
const ENDED: ReadonlySet<number> = new Set([TAKEOUT_STATUS.closed, TAKEOUT_STATUS.cancelled, TAKEOUT_STATUS.refused]);

/** A time of day in the restaurant's zone ("18:05"), whatever the device's own. */
export function clockOf(iso: string, lang: string): string {
  return new Date(iso).toLocaleTimeString(lang, { timeZone: RESTAURANT_TIME_ZONE, hour: '2-digit', minute: '2-digit', hour12: false });
}

/** How long ago, for a card: "recién" under a minute (never "hace 0 min"), else whole minutes. */
export function agoText(t: TFunction, from: string, now: number): string {
  const minutes = minutesBetween(from, now);
  return minutes === 0 ? t('delivery.list.justNow') : t('delivery.list.ago', { minutes });
}

/** Where an order came from: the counter, a phone call, or a web channel by its shop's name (else its id). */
export function channelText(t: TFunction, channel: TakeoutChannel, names: Readonly<Record<string, string>> = {}): string {
  if (channel === 'counter') return t('delivery.channel.counter');
  if (channel === 'phone') return t('delivery.channel.phone');
  const id = channel.slice('web:'.length);
  return t('delivery.channel.web', { name: Object.hasOwn(names, id) ? names[id]! : id });
}

/** The status as a coloured badge, by SPEC.md's name ("Por cobrar", "Recogido"...). */
export function StatusBadge(props: { takeout: Pick<Takeout, 'status' | 'ready'> }) {
  const { t } = useTranslation();
  const name = STATUS_NAME[props.takeout.status] ?? 'submitted';
  return (
    <span className={`takeout-status takeout-status-${name}`} data-testid="takeout-status">
      {t(`delivery.status.${name}`)}
    </span>
  );
}

/** The order's total while it is open (the fee is a line of it); null once it is settled (the bill has it). */
function totalOf(state: State, t: Takeout): number | null {
  const order = t.orderId ? getOwn(state.orders, t.orderId) : undefined;
  return order ? orderTotals(order, 0).totalCents : null;
}

/**
 * The takeouts of a tab as cards: code and pickup code, status, when it is due
 * and how long ago it came in, who and where, the amount (to collect or paid),
 * the rider, and "ready" once the kitchen is done. A tap opens the detail.
 */
export function TakeoutList(props: { state: State; list: readonly Takeout[]; selectedId: string; now: number; channelNames: Readonly<Record<string, string>>; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="takeout-list" data-testid="takeout-list">
      {props.list.map((tk) => {
        const total = totalOf(props.state, tk);
        const rider = tk.riderId ? getOwn(props.state.staff, tk.riderId) : undefined;
        return (
          <li key={tk.id}>
            <button className={`takeout-card takeout-card-${STATUS_NAME[tk.status] ?? 'submitted'}${tk.id === props.selectedId ? ' selected' : ''}`} onClick={() => props.onOpen(tk.id)} data-testid={`takeout-${tk.code}`}>
              <span className="takeout-card-top">
                <b className="takeout-code">{tk.code}</b>
                <span className="takeout-pickup">#{tk.pickupCode}</span>
                <StatusBadge takeout={tk} />
              </span>
              <span className="takeout-card-row">
                <span>
                  {tk.expectedAt ? t('delivery.list.for', { time: clockOf(tk.expectedAt, i18n.language) }) : t('delivery.list.asap')}
                  {' · '}
                  {ENDED.has(tk.status) ? t('delivery.list.orderedAt', { time: clockOf(tk.createdAt, i18n.language) }) : agoText(t, tk.createdAt, props.now)}
                  {/* A web order names its shop: the till answers it on that channel. */}
                  {tk.channel.startsWith('web:') && ` · ${channelText(t, tk.channel, props.channelNames)}`}
                </span>
                <span className="takeout-amount">{total !== null ? formatSoles(total) : ''}</span>
              </span>
              <span className="takeout-card-row">
                <span className="takeout-who">
                  {tk.customer.name || '—'} · {phoneText(tk.customer.phone)}
                </span>
                <span className={`takeout-pay${tk.paid ? ' paid' : ''}`}>{tk.paid ? t('delivery.detail.paid') : t('delivery.list.collect', { amount: formatSoles(tk.collectCents) })}</span>
              </span>
              {tk.method === 0 && tk.delivery ? (
                <span className="takeout-where">{tk.delivery.address}</span>
              ) : (
                <span className="takeout-where">{t('delivery.method.pickup')}</span>
              )}
              {(rider || tk.ready) && (
                <span className="takeout-card-row takeout-marks">
                  {rider && <span className="takeout-mark takeout-mark-rider">{t('delivery.list.rider', { name: rider.name })}</span>}
                  {tk.ready && <span className="takeout-mark takeout-mark-ready">{t('delivery.list.ready')}</span>}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
