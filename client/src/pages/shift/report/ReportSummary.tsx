import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShiftReport } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';

/** Every figure of SPEC.md section 3's shift report, label and value, as the Z report prints them. */
export function ReportSummary(props: { report: ShiftReport }) {
  const { t, i18n } = useTranslation();
  const r = props.report;
  const time = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language, { timeZone: 'America/Lima', dateStyle: 'short', timeStyle: 'short' }) : '—');
  const counted = (n: number) => ` (${n})`;
  const rows: [string, string][] = [
    [t('shift.report.register'), r.register],
    [t('shift.report.cashier'), r.cashier || '—'],
    [t('shift.report.opened'), time(r.openedAt)],
    [t('shift.report.closed'), time(r.closedAt)],
    [t('shift.report.orderSum'), formatSoles(r.orderCents)],
    [t('shift.report.sales'), formatSoles(r.salesCents)],
    [t('shift.report.actualSum'), formatSoles(r.actualCents)],
    [t('shift.report.salesCount'), String(r.salesCount)],
    [t('shift.report.discounts'), formatSoles(r.discountCents)],
    [t('shift.report.offers'), formatSoles(r.offerCents)],
    [t('shift.report.refunds') + counted(r.refundCount), formatSoles(r.refundCents)],
    [t('shift.report.credit') + counted(r.onAccountCount), formatSoles(r.onAccountCents)],
    [t('shift.report.writeOffs') + counted(r.writeOffCount), formatSoles(r.writeOffCents)],
    [t('shift.report.deposits'), formatSoles(r.depositCents)],
    [t('shift.report.recharges') + counted(r.memberRechargeCount), formatSoles(r.memberRechargeCents)],
    // Dine-in, take-away and delivery, from each stored bill's takeout (issue 21).
    ...r.channels.map((c): [string, string] => [`${t(`shift.report.${c.key === 'takeAway' ? 'takeAway' : c.key === 'delivery' ? 'delivery' : 'dineIn'}`)}${counted(c.bills)}`, formatSoles(c.cents)]),
    [t('shift.report.gifts') + counted(r.giftQty), formatSoles(r.giftCents)],
    [t('shift.report.returns') + counted(r.returnQty), formatSoles(r.returnCents)],
    [t('shift.report.withdrawn') + counted(r.withdrawnCount), formatSoles(r.withdrawnCents)],
    [t('shift.report.people'), String(r.people)],
    [t('shift.report.avgBill'), formatSoles(r.averageBillCents)],
    [t('shift.report.avgPerson'), formatSoles(r.averagePersonCents)],
  ];
  return (
    <>
      <dl className="shift-rows" data-testid="shift-report-summary">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Fragment>
        ))}
      </dl>
      {r.byMethod.length > 0 && (
        <>
          <h3 className="shift-report-sub">{t('shift.byMethod')}</h3>
          <dl className="shift-rows">
            {r.byMethod.map((m) => (
              <Fragment key={m.method}>
                <dt>{`${t(`pay.methods.${m.method}`)} (${m.count})`}</dt>
                <dd>{formatSoles(m.cents)}</dd>
              </Fragment>
            ))}
            {/* Cash received includes what went back as change: shown beside it, as the Z report prints it. */}
            {r.figures.changeCents > 0 && (
              <>
                <dt>{t('shift.change')}</dt>
                <dd>−{formatSoles(r.figures.changeCents)}</dd>
              </>
            )}
          </dl>
        </>
      )}
      {(r.rechargesByMethod ?? []).length > 0 && (
        <>
          {/* Money taken at the till for members' balances (issue 22): counted per method, never a sale. */}
          <h3 className="shift-report-sub">{t('shift.report.rechargesByMethod')}</h3>
          <dl className="shift-rows" data-testid="shift-report-recharges">
            {(r.rechargesByMethod ?? []).map((m) => (
              <Fragment key={m.method}>
                <dt>{t(`pay.methods.${m.method}`)}</dt>
                <dd>{formatSoles(m.cents)}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
      {(r.riderCash ?? []).length > 0 && (
        <>
          <h3 className="shift-report-sub">{t('shift.report.riderCash')}</h3>
          <table className="shift-count" data-testid="shift-report-riders">
            <thead>
              <tr>
                <th>{t('shift.report.rider')}</th>
                <th>{t('shift.report.collected')}</th>
                <th>{t('shift.report.handedIn')}</th>
                <th>{t('shift.report.stillHeld')}</th>
              </tr>
            </thead>
            <tbody>
              {(r.riderCash ?? []).map((c) => (
                <tr key={c.riderId}>
                  {/* The deliveries in the name's cell: a fifth column overflowed a 360 px phone. */}
                  <td>
                    {c.name || c.riderId}
                    {c.deliveries !== undefined && <small>{t('shift.report.deliveriesCount', { count: c.deliveries })}</small>}
                  </td>
                  <td>{formatSoles(c.collectedCents)}</td>
                  <td>{formatSoles(c.handedInCents)}</td>
                  <td className={c.heldCents > 0 ? 'shift-short' : 'shift-even'}>{formatSoles(c.heldCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </>
  );
}
