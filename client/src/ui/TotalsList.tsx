import { useTranslation } from 'react-i18next';
import { formatSoles, type Totals } from '#hub/domain/money.ts';

/**
 * Subtotal, the minimum-spend fee when there is one, and the grand total of an
 * order; with a reservation deposit, the deposit credited and what is left to
 * pay (money.ts `orderTotals`, the figures the payment screen and the hub use:
 * a waiter quoting the total would charge the deposit twice).
 */
export function TotalsList(props: { totals: Totals; big?: boolean; testId: string }) {
  const { t } = useTranslation();
  const { totals } = props;
  return (
    <dl className={`totals${props.big ? ' big' : ''}`}>
      <dt>{t('order.subtotal')}</dt>
      <dd>{formatSoles(totals.subtotalCents)}</dd>
      {totals.minSpendFeeCents > 0 && (
        <>
          <dt>{t('order.minSpend')}</dt>
          <dd>{formatSoles(totals.minSpendFeeCents)}</dd>
        </>
      )}
      <dt className="grand">{t('order.total')}</dt>
      <dd className="grand" data-testid={props.testId}>
        {formatSoles(totals.totalCents)}
      </dd>
      {totals.depositCents > 0 && (
        <>
          <dt>{t('order.deposit')}</dt>
          <dd data-testid={`${props.testId}-deposit`}>{formatSoles(-totals.depositCents)}</dd>
          <dt className="grand">{t('order.due')}</dt>
          <dd className="grand" data-testid={`${props.testId}-due`}>
            {formatSoles(totals.dueCents)}
          </dd>
        </>
      )}
    </dl>
  );
}
