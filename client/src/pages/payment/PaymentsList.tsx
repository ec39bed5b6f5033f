import { useTranslation } from 'react-i18next';
import type { ExchangeRate, PaymentInput } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { Icon } from '../../ui/icons.tsx';
import { formatDollars, solesOf, type DraftSummary } from './draft.ts';

/** The payments typed so far (each removable), what they add up to, and what is missing or the change. */
export function PaymentsList(props: { payments: readonly PaymentInput[]; split: boolean; rate: ExchangeRate | null; now: string; sum: DraftSummary; onRemove: (index: number) => void }) {
  const { t } = useTranslation();
  const { payments, sum } = props;
  if (payments.length === 0) return null;
  return (
    <section className="pay-payments">
      <h2>{t('pay.payments')}</h2>
      <ul className="pay-list" data-testid="pay-list">
        {payments.map((p, i) => (
          <li key={i}>
            <span>
              {props.split ? `${t('pay.split.share', { no: (p.share ?? 0) + 1 })} · ` : ''}
              {t(`pay.methods.${p.method}`)}
              {p.method === 'usd' ? ` · ${formatDollars(p.usdCents)}` : p.operationNo ? ` · ${p.operationNo}` : ''}
              {p.method === 'onAccount' && p.person ? ` · ${p.person}` : ''}
            </span>
            <b>{formatSoles(solesOf(p, props.rate, props.now))}</b>
            <button className="btn btn-ghost btn-icon" aria-label={t('pay.removePayment')} onClick={() => props.onRemove(i)}>
              <Icon name="close" />
            </button>
          </li>
        ))}
      </ul>
      <dl className="totals pay-sum">
        <dt>{t('pay.paid')}</dt>
        <dd data-testid="pay-paid">{formatSoles(sum.paidCents)}</dd>
        <dt>{sum.leftCents > 0 ? t('pay.missing') : t('pay.change')}</dt>
        <dd className={sum.leftCents > 0 ? 'short' : 'change'} data-testid={sum.leftCents > 0 ? 'pay-left' : 'pay-change-now'}>
          {formatSoles(sum.leftCents > 0 ? sum.leftCents : sum.changeCents)}
        </dd>
      </dl>
    </section>
  );
}
