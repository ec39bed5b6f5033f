import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { State } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { Icon } from '../../ui/icons.tsx';
import { AddressMap } from './AddressMap.tsx';
import { TAKEOUT_STATUS, type Takeout } from './contract.ts';
import { RefundPanel } from '../refunds/index.ts';
import { RiderAvatar } from '../riders/RiderAvatar.tsx';
import { profileOf } from '../riders/rider-view.ts';
import '../riders/riders.css';
import { TakeoutActions } from './TakeoutActions.tsx';
import { TakeoutLines } from './TakeoutLines.tsx';
import { phoneText } from '../../ui/phone-text.ts';
import { StatusBadge, agoText, channelText, clockOf } from './TakeoutList.tsx';
import { riderLastStep } from './takeout-view.ts';

/** A phone number anyone can tap to call (a rider's phone dials it). */
function Phone(props: { phone: string; testId?: string }) {
  if (!props.phone) return <>—</>;
  return (
    <a href={`tel:${props.phone}`} className="takeout-phone" data-testid={props.testId}>
      <Icon name="phone" /> {phoneText(props.phone)}
    </a>
  );
}

/** One fact of the detail: a label and its value, on one row. */
function Fact(props: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="bill-fact">
      <dt>{props.label}</dt>
      <dd data-testid={props.testId}>{props.children}</dd>
    </div>
  );
}

/**
 * One takeout: who ordered and where it goes (address, reference, phones, the
 * map or the link), the times SPEC lists (merchant receive, rider receive,
 * service) with the others the hub keeps, the rider and what they did last,
 * the dishes and the money, and the actions of its status; once paid, the
 * refunds room's panel.
 */
export function TakeoutDetail(props: { state: State; takeout: Takeout; now: number; channelNames?: Readonly<Record<string, string>>; onBack: () => void; readOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const tk = props.takeout;
  const d = tk.delivery;
  const rider = tk.riderId ? getOwn(props.state.staff, tk.riderId) : undefined;
  const riderProfile = tk.riderId ? profileOf(props.state, tk.riderId) : undefined;
  const last = riderLastStep(tk);
  const time = (iso: string | null) => (iso ? clockOf(iso, i18n.language) : '—');
  // SPEC's times and the others the hub keeps, in the order they happened (a delivery paid at the door is paid after it left).
  const rows: [string, string | null][] = [
    [t('delivery.times.created'), tk.createdAt],
    [t('delivery.times.merchantReceived'), tk.merchantReceivedAt],
    [t('delivery.times.paid'), tk.paidAt],
    [t('delivery.times.riderReceived'), tk.riderReceivedAt],
    [t('delivery.times.pickedUp'), tk.pickedUpAt],
    [t('delivery.times.delivered'), tk.deliveredAt],
    [t('delivery.times.service'), tk.serviceAt],
    [t('delivery.times.closed'), tk.closedAt],
  ];
  const times = rows.flatMap(([label, at], i) => (at ? [{ label, at, i }] : [])).sort((x, y) => x.at.localeCompare(y.at) || x.i - y.i);
  const ended = tk.status === TAKEOUT_STATUS.cancelled || tk.status === TAKEOUT_STATUS.refused;
  return (
    <article className="takeout-detail" data-testid="takeout-detail">
      <header className="takeout-detail-head">
        <button className="btn btn-ghost btn-icon takeout-back" onClick={props.onBack} aria-label={t('delivery.detail.back')} data-testid="takeout-back">
          <Icon name="arrowLeft" />
        </button>
        <div className="takeout-detail-title">
          <h2>
            {tk.code} <span className="takeout-pickup">#{tk.pickupCode}</span>
          </h2>
          <span className="hint">
            {channelText(t, tk.channel, props.channelNames)} · {t(tk.method === 0 ? 'delivery.method.delivery' : 'delivery.method.pickup')} · {t(`delivery.type.${tk.type}`)}
          </span>
        </div>
        <StatusBadge takeout={tk} />
      </header>

      {!props.readOnly && <TakeoutActions state={props.state} takeout={tk} />}
      {ended && tk.cancelReason && (
        <p className="note" data-testid="takeout-reason">
          {t(tk.status === TAKEOUT_STATUS.refused ? 'delivery.detail.refusedBecause' : 'delivery.detail.cancelledBecause', { reason: tk.cancelReason })}
        </p>
      )}

      <div className="takeout-detail-grid">
        <div className="takeout-col">
          {d && tk.method === 0 && (
            <section className="bill-card">
              <h2>{t('delivery.detail.where')}</h2>
              <AddressMap address={d.address} reference={d.reference}>
                <dl className="bill-facts">
                  <Fact label={t('delivery.form.receiverName')}>{d.receiverName || '—'}</Fact>
                  <Fact label={t('delivery.form.receiverPhone')}>
                    <Phone phone={d.receiverPhone} testId="receiver-phone" />
                  </Fact>
                  {d.contactPhone && (
                    <Fact label={t('delivery.form.contactPhone')}>
                      <Phone phone={d.contactPhone} />
                    </Fact>
                  )}
                  {d.distanceM > 0 && <Fact label={t('delivery.form.distance')}>{t('delivery.detail.km', { km: (d.distanceM / 1000).toFixed(1) })}</Fact>}
                </dl>
              </AddressMap>
            </section>
          )}
          <TakeoutLines state={props.state} takeout={tk} />
        </div>

        <div className="takeout-col">
          {tk.method === 0 && (
            <section className="bill-card" data-testid="takeout-rider">
              <h2>{t('delivery.detail.rider')}</h2>
              {rider && riderProfile ? (
                <div className="takeout-rider">
                  <RiderAvatar name={rider.name} profile={riderProfile} />
                  <div>
                    <b>
                      {rider.name}
                      {riderProfile.number ? ` · ${riderProfile.number}` : ''}
                    </b>
                    {riderProfile.phone && <Phone phone={riderProfile.phone} />}
                    {last && (
                      <p className="takeout-rider-last" data-testid="rider-last">
                        {t(`delivery.riderStep.${last.step}`, { time: time(last.at), ago: agoText(t, last.at, props.now) })}
                      </p>
                    )}
                    {riderProfile.heldCents > 0 && (
                      <p className="hint" data-testid="rider-held-cash">
                        {t('delivery.detail.riderHolds', { amount: formatSoles(riderProfile.heldCents) })}
                      </p>
                    )}
                  </div>
                </div>
              ) : (
                <p className="hint">{t('delivery.detail.noRider')}</p>
              )}
            </section>
          )}

          <section className="bill-card">
            <h2>{t('delivery.detail.customer')}</h2>
            <dl className="bill-facts">
              <Fact label={t('delivery.form.name')}>{tk.customer.name || '—'}</Fact>
              <Fact label={t('delivery.form.phone')}>
                <Phone phone={tk.customer.phone} testId="customer-phone" />
              </Fact>
              {tk.memberNo && <Fact label={t('delivery.detail.member')}>{tk.memberNo}</Fact>}
              <Fact label={t('delivery.detail.expected')} testId="takeout-expected">
                {tk.expectedAt ? time(tk.expectedAt) : t('delivery.detail.asap')}
              </Fact>
              <Fact label={t('delivery.form.invoiceType')}>{t(`delivery.invoice.${tk.invoiceType}`)}</Fact>
              {tk.note && (
                <Fact label={t('delivery.form.note')} testId="takeout-note">
                  {tk.note}
                </Fact>
              )}
            </dl>
          </section>

          <section className="bill-card">
            <h2>{t('delivery.detail.times')}</h2>
            <dl className="bill-facts" data-testid="takeout-times">
              {times.map(({ label, at }) => (
                <Fact key={label} label={label}>
                  {time(at)}
                </Fact>
              ))}
            </dl>
          </section>
        </div>
      </div>

      {/* Full or partial refund of the settled order (the refunds room's panel: SPEC's states, reason, drawer or transfer, credit note). */}
      {tk.paid && tk.billId && tk.billDay && <RefundPanel billId={tk.billId} day={tk.billDay} />}
    </article>
  );
}
