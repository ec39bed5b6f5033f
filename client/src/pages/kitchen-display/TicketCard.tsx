import { useTranslation } from 'react-i18next';
import type { KdsTicket } from '#protocol';
import { elapsedMinutes, lateness } from './kds-view.ts';

/**
 * One ticket as the cook reads it from a step away: table (a take-away's or
 * delivery's pickup code, white on black) and elapsed time on top, the action's mark (HOLD, FIRE, EXPEDITE, RETURN, CANCEL with its
 * reason, CHANGE, REPRINT), then each dish large, held ones marked, and a
 * big Done button at the bottom.
 */
export function TicketCard(props: { ticket: KdsTicket; now: number; onBump: () => void }) {
  const { t } = useTranslation();
  const { ticket: kds, now } = props;
  const k = kds.ticket;
  const minutes = elapsedMinutes(k.at, now);
  return (
    <li className={`kds-card kds-${lateness(minutes)}`} data-testid={`kds-ticket-${kds.id}`}>
      <div className="kds-card-head">
        {k.takeout ? (
          <span className="kds-table kds-takeout" data-testid="kds-takeout">
            {t(k.takeout.method === 0 ? 'kds.delivery' : 'kds.takeaway', { code: k.takeout.pickupCode })}
          </span>
        ) : (
          <span className="kds-table">{k.table}</span>
        )}
        <span className="kds-elapsed" data-testid="kds-elapsed">
          {t('kds.minutes', { count: minutes })}
        </span>
      </div>
      <div className="kds-meta">
        {t('kds.order', { no: k.orderNo })} · {k.waiter}
        {k.takeout ? ` · ${k.takeout.code}` : ` · ${t('kds.people', { count: k.people })}`}
      </div>
      {(k.marker !== 'new' || kds.reprint) && (
        <div className="kds-marks">
          {k.marker !== 'new' && (
            <span className={`kds-mark kds-mark-${k.marker}`} data-testid="kds-marker">
              {t(`kds.markers.${k.marker}`)}
            </span>
          )}
          {kds.reprint && (
            <span className="kds-mark kds-mark-reprint" data-testid="kds-reprint">
              {t('kds.reprint')}
            </span>
          )}
          {k.reason && <span className="kds-reason">{k.reason}</span>}
        </div>
      )}
      <ul className="kds-lines">
        {k.lines.map((line) => (
          <li key={line.lineId} className={line.held ? 'kds-line kds-held' : 'kds-line'}>
            <span className="kds-qty">{line.qty} ×</span> <span className="kds-name">{line.name}</span>
            {line.held && <span className="kds-held-tag">{t('kds.held')}</span>}
            {line.remark && <div className="kds-remark">{line.remark}</div>}
          </li>
        ))}
      </ul>
      <button className="btn kds-bump" data-testid="kds-bump" onClick={props.onBump}>
        {t('kds.bump')}
      </button>
    </li>
  );
}
