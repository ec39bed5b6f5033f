import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { TallySummary } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { methodRows } from './tally-view.ts';

/** The day's figures as the hub computed them, ending with the cash the drawer should hold and its formula. */
export function SummaryCard(props: { summary: TallySummary }) {
  const { t } = useTranslation();
  const s = props.summary;
  return (
    <section className="tally-card" data-testid="tally-summary">
      <h2>{t('tally.summary')}</h2>
      <dl className="tally-rows">
        <dt>{t('tally.bills')}</dt>
        <dd>{s.billCount}</dd>
        <dt>{t('tally.sales')}</dt>
        <dd>{formatSoles(s.salesCents)}</dd>
        <dt>{t('tally.change')}</dt>
        <dd data-testid="tally-change">{formatSoles(s.changeCents)}</dd>
      </dl>
      {methodRows(s).length > 0 && (
        <>
          <h3>{t('tally.byMethod')}</h3>
          <dl className="tally-rows" data-testid="tally-by-method">
            {methodRows(s).map((r) => (
              <Fragment key={r.method}>
                <dt>{t(`pay.methods.${r.method}`)}</dt>
                <dd>{formatSoles(r.cents)}</dd>
              </Fragment>
            ))}
          </dl>
        </>
      )}
      <dl className="tally-rows">
        {s.cashDebtsCents > 0 && (
          <>
            <dt>{t('tally.cashDebts')}</dt>
            <dd data-testid="tally-cash-debts">{formatSoles(s.cashDebtsCents)}</dd>
          </>
        )}
        {s.cashRefundsCents > 0 && (
          <>
            <dt>{t('tally.cashRefunds')}</dt>
            <dd>{formatSoles(-s.cashRefundsCents)}</dd>
          </>
        )}
        {(s.byCategory.deposit ?? 0) > 0 && (
          <>
            <dt>{t('tally.categories.deposit')}</dt>
            <dd data-testid="tally-deposits">{formatSoles(s.byCategory.deposit ?? 0)}</dd>
          </>
        )}
        <dt>{t('tally.otherIncome')}</dt>
        <dd>{formatSoles(s.incomeCents - (s.byCategory.deposit ?? 0))}</dd>
        <dt>{t('tally.expenses')}</dt>
        <dd>{formatSoles(-s.expenseCents)}</dd>
        <dt className="tally-expected">{t('tally.expectedCash')}</dt>
        <dd className="tally-expected" data-testid="tally-expected">
          {formatSoles(s.expectedCashCents)}
        </dd>
      </dl>
      <p className="hint">{t('tally.expectedCashHint')}</p>
    </section>
  );
}
