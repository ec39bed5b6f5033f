import { useTranslation } from 'react-i18next';
import type { State, Takeout } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { phoneText } from '../../ui/phone-text.ts';
import { mapsLink } from '../delivery/address-map.ts';
import { changeToBring, dishesOf, nextStep, telLink } from './rider-orders.ts';

/**
 * One delivery order on the rider's phone: the code to say at the kitchen, the guest, where
 * (with a link the phone opens in its maps app), what to carry, what to collect and the change
 * to bring, and the one next tap. Big targets: it is used standing, one-handed, in the street.
 */
export function RiderOrderCard(props: { state: State; takeout: Takeout; busy: boolean; onStep?: () => void; onTake?: () => void }) {
  const { t, i18n } = useTranslation();
  const tk = props.takeout;
  const d = tk.delivery;
  const step = nextStep(tk);
  const change = changeToBring(tk);
  const dishes = dishesOf(props.state, tk, (names) => nameIn(names, i18n.language));
  const time = (iso: string) => new Date(iso).toLocaleTimeString(i18n.language, { timeZone: 'America/Lima', hour: '2-digit', minute: '2-digit' });
  const statusKey = tk.status === 4 ? 'pickedUp' : tk.status === 3 ? 'riderReceived' : tk.status === 12 ? 'toBePaid' : 'received';
  const receiverPhone = d?.receiverPhone || d?.contactPhone || tk.customer.phone;
  return (
    <article className={`rider-order${tk.status === 4 ? ' is-on-the-way' : ''}`} data-testid={`rider-order-${tk.code}`}>
      <header className="rider-order-head">
        <span className="rider-pickup" aria-label={t('riders.pickup', { code: tk.pickupCode })}>
          {tk.pickupCode}
        </span>
        <span className="rider-order-code">
          <b>{tk.code}</b>
          <small>{t(`riders.status.${statusKey}`)}</small>
          {step === 'pickedUp' && <small className={tk.ready ? 'rider-ready' : ''}>{tk.ready ? t('riders.ready') : t('riders.preparing')}</small>}
        </span>
        {tk.expectedAt && <span className="rider-time">{t('riders.expected', { time: time(tk.expectedAt) })}</span>}
      </header>

      <div className="rider-money" data-testid="rider-money">
        {tk.collectCents > 0 ? <b className="rider-collect">{t('riders.collect', { amount: formatSoles(tk.collectCents) })}</b> : <b className="rider-paid">{t('riders.paid')}</b>}
        {change && (change.changeCents > 0 ? <span>{t('riders.changeFor', { bill: formatSoles(change.billCents), change: formatSoles(change.changeCents) })}</span> : <span>{t('riders.changeExact')}</span>)}
      </div>

      <dl className="rider-where">
        <dt>{t('riders.receiver')}</dt>
        <dd>
          <span className="rider-who">{d?.receiverName || tk.customer.name || '—'}</span>
          {receiverPhone && (
            <a className="btn rider-call" href={telLink(receiverPhone)} data-testid="rider-call">
              {t('riders.call')} {phoneText(receiverPhone)}
            </a>
          )}
        </dd>
        {d?.address && (
          <>
            <dt>{t('riders.address')}</dt>
            <dd>
              <span className="rider-address">{d.address}</span>
              {d.reference && <small className="rider-reference">{`${t('riders.reference')}: ${d.reference}`}</small>}
              <a className="btn rider-map" href={mapsLink(d.address)} target="_blank" rel="noopener noreferrer" data-testid="rider-map">
                {t('riders.openMap')}
              </a>
            </dd>
          </>
        )}
      </dl>

      {dishes.length > 0 && (
        <div className="rider-dishes">
          <b>{t('riders.dishes')}</b>
          <ul>
            {dishes.map((l) => (
              <li key={l.key}>
                <span className="rider-qty">{l.qty} ×</span> {l.name}
              </li>
            ))}
          </ul>
        </div>
      )}

      {props.onTake && (
        <button className="btn btn-primary rider-action" disabled={props.busy} onClick={props.onTake} data-testid={`rider-take-${tk.code}`}>
          {t('riders.take')}
        </button>
      )}
      {props.onStep && step && (
        <button className="btn btn-primary rider-action" disabled={props.busy} onClick={props.onStep} data-testid={`rider-step-${tk.code}`}>
          {step === 'pickedUp' ? t('riders.pickedUp') : tk.collectCents > 0 ? t('riders.deliveredCash', { amount: formatSoles(tk.collectCents) }) : t('riders.delivered')}
        </button>
      )}
    </article>
  );
}
