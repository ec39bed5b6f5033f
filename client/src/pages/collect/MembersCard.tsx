import { useTranslation } from 'react-i18next';
import type { MembersFigures } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { dayText } from '../../ui/dates.ts';
import { membersRows } from './members-view.ts';

/**
 * Members and coupons of the period (issue 22) as one table: recharges by method, balance
 * spent and given back, adjustments, the balance members still hold at the end of the
 * period's last day (a liability: highlighted, with that day named), coupons.
 */
export function MembersCard(props: { members: MembersFigures }) {
  const { t, i18n } = useTranslation();
  const m = props.members;
  return (
    <section className="collect-card" data-testid="collect-members">
      <header className="collect-card-head">
        <h2>{t('collect.members.title')}</h2>
      </header>
      <table className="collect-table collect-members">
        <thead>
          <tr>
            <th>{t('collect.columns.name')}</th>
            <th>{t('collect.columns.qty')}</th>
            <th>{t('collect.columns.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {membersRows(m).map((r) =>
            r.kind === 'method' ? (
              <tr key={`method-${r.method}`} className="collect-members-method" data-testid={`collect-members-method-${r.method}`}>
                <td>{t(`pay.methods.${r.method}`)}</td>
                <td />
                <td>{formatSoles(r.cents)}</td>
              </tr>
            ) : (
              <tr key={r.id} className={r.id === 'outstanding' ? 'collect-members-outstanding' : undefined} data-testid={`collect-members-${r.id}`}>
                <td>{r.id === 'outstanding' ? t('collect.members.outstanding', { day: dayText(m.outstandingDay, i18n.language) }) : t(`collect.members.${r.id}`)}</td>
                <td>{r.count ?? ''}</td>
                <td>{r.cents === null ? '' : formatSoles(r.cents)}</td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      <p className="collect-note">{t('collect.members.note')}</p>
    </section>
  );
}
