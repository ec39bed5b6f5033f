import { useTranslation } from 'react-i18next';
import type { Reservation, State } from '#protocol';
import { canMove, getOwn } from '#domain';
import { formatSoles } from '#hub/domain/money.ts';
import { Icon } from '../../ui/icons.tsx';
import { timeOf } from './book-api.ts';

/** What a card's buttons ask the page to do. */
export type CardAction = 'payDeposit' | 'depositFailed' | 'ready' | 'arrive' | 'finish' | 'cancel' | 'noShow' | 'openTable';

/** The actions each status offers, in the order a waiter needs them (the rule is the hub's transition table). */
const ACTIONS: readonly Exclude<CardAction, 'openTable'>[] = ['arrive', 'payDeposit', 'ready', 'finish', 'depositFailed', 'noShow', 'cancel'];

/** One reservation: time, table, guests, customer, deposit, status, and what may be done next. */
export function ReservationCard(props: { r: Reservation; state: State; now: number; readOnly: boolean; allowed: (action: CardAction) => boolean; onAction: (action: CardAction) => void }) {
  const { t, i18n } = useTranslation();
  const { r, state } = props;
  const order = r.orderId ? getOwn(state.orders, r.orderId) : undefined;
  const tableName = (order && getOwn(state.tables, order.tableId)?.name) ?? getOwn(state.tables, r.tableId)?.name ?? r.tableName;
  const offered = props.readOnly
    ? []
    : ACTIONS.filter((a) => canMove(`reservation.${a}`, r.status) && props.allowed(a) && (a !== 'noShow' || props.now >= Date.parse(r.at)));
  return (
    <li className={`book-card book-s${r.status}`} data-testid="book-card" data-status={r.status}>
      <div className="book-time">
        <b>{timeOf(r, i18n.language)}</b>
        <span className="book-table">{r.tableName}</span>
      </div>
      <div className="book-main">
        <div className="book-line">
          <b className="book-name">{r.customerName}</b>
          <span className={`book-status book-status-${r.status}`} data-testid="book-status">
            {t(`book.status.s${r.status}`)}
          </span>
        </div>
        <div className="book-facts">
          <span>
            <Icon name="users" /> {t('book.people', { count: r.people })}
          </span>
          {r.phone && (
            <span>
              <Icon name="phone" /> {r.phone}
            </span>
          )}
          {r.depositCents > 0 && (
            <span>
              {t('book.deposit', { amount: formatSoles(r.deposit?.amountCents ?? r.depositCents) })} · {r.depositPaid ? t('book.depositPaid') : t('book.depositOwed')}
              {r.deposit && ` · ${t(`pay.methods.${r.deposit.method}`)}${r.deposit.operationNo ? ` ${r.deposit.operationNo}` : ''}`}
              {r.depositOutcome && ` · ${t(r.depositOutcome.action === 'refunded' ? 'book.depositRefunded' : 'book.depositKept')}`}
            </span>
          )}
          <span className="hint">{t('book.no', { no: r.no })}</span>
          {r.reason && <span className="hint">{t(`open.reasons.${r.reason}`)}</span>}
        </div>
        {r.remarks && <p className="book-remarks">{r.remarks}</p>}
        {r.status === 3 && <p className="book-remarks">{r.noShow ? t('book.noShow') : t('book.cancelledBecause', { reason: r.cancelReason })}</p>}
        {order && (
          <p className="book-opened" data-testid="book-opened">
            {order.depositCents > 0 ? t('book.credited', { table: tableName, amount: formatSoles(order.depositCents) }) : t('book.opened', { table: tableName })}
          </p>
        )}
        {(offered.length > 0 || order) && (
          <div className="book-actions">
            {order && (
              <button className="btn btn-small" onClick={() => props.onAction('openTable')} data-testid="book-open-table">
                {t('book.actions.openTable')} <Icon name="arrowRight" />
              </button>
            )}
            {offered.map((a) => (
              <button
                key={a}
                className={`btn btn-small${a === 'arrive' ? ' btn-primary' : ''}${a === 'cancel' ? ' book-danger' : ''}`}
                onClick={() => props.onAction(a)}
                data-testid={`book-${a}`}
              >
                {t(`book.actions.${a}`)}
              </button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}
