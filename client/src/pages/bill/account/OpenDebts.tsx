import { useTranslation } from 'react-i18next';
import type { Debt } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { remainingOf, type PersonDebts } from './account-view.ts';

const dateOf = (iso: string, lang: string) => new Date(iso).toLocaleDateString(lang, { timeZone: 'America/Lima', day: '2-digit', month: 'short' });

/** The open debts, one card per person (what they owe in all, their phone), each bill with its buttons. */
export function OpenDebts(props: { groups: readonly PersonDebts[]; canSettle: boolean; canWriteOff: boolean; onSettle: (d: Debt) => void; onWriteOff: (d: Debt) => void }) {
  const { t, i18n } = useTranslation();
  if (props.groups.length === 0) return <p className="empty">{t('account.none')}</p>;
  return (
    <div className="account-groups" data-testid="account-groups">
      {props.groups.map((g) => (
        <section key={g.person} className="account-card" data-testid="account-person">
          <header className="account-person">
            <div>
              <b>{g.person}</b>
              {g.contact && (
                <a className="hint account-contact" href={`tel:${g.contact}`}>
                  {g.contact}
                </a>
              )}
            </div>
            <div className="account-total">
              <b>{t('account.owes', { amount: formatSoles(g.remainingCents) })}</b>
              <small className="hint">{t('account.bills', { count: g.debts.length })}</small>
            </div>
          </header>
          <ul className="account-bills">
            {g.debts.map((d) => (
              <li key={d.billId} data-testid="account-bill">
                <div className="account-bill-main">
                  <span>
                    {t('account.billNo', { no: d.billNo })} · {t('account.openedOn', { date: dateOf(d.openedAt, i18n.language) })}
                  </span>
                  <small className="hint">
                    {t('account.owed')} {formatSoles(d.owedCents)}
                    {d.paidCents > 0 && ` · ${t('account.paid')} ${formatSoles(d.paidCents)}`}
                  </small>
                </div>
                <span className="account-amount">{formatSoles(remainingOf(d))}</span>
                <div className="account-actions">
                  {props.canSettle && (
                    <button className="btn btn-primary btn-small" onClick={() => props.onSettle(d)} data-testid="account-settle">
                      {t('account.settle')}
                    </button>
                  )}
                  {props.canWriteOff && (
                    <button className="btn btn-small" onClick={() => props.onWriteOff(d)} data-testid="account-writeoff">
                      {t('account.writeOff')}
                    </button>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
