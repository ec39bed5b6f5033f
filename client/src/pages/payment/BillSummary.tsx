import { useTranslation } from 'react-i18next';
import type { Order } from '#protocol';
import { billableQty, formatSoles, lineTotalCents, type Totals } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';

type Row = { key: keyof Totals; label: 'goods' | 'gifts' | 'lineDiscounts' | 'subtotal' | 'orderDiscount' | 'minSpend' | 'lunchBox' | 'tip' | 'total' | 'deposit' | 'due'; minus?: boolean; always?: boolean };

/** The bill's amounts in the order they add up (money.ts `Totals`); rows that are zero are left out. */
const ROWS: readonly Row[] = [
  { key: 'goodsCents', label: 'goods' },
  { key: 'giftCents', label: 'gifts', minus: true },
  { key: 'lineDiscountCents', label: 'lineDiscounts', minus: true },
  { key: 'subtotalCents', label: 'subtotal', always: true },
  { key: 'orderDiscountCents', label: 'orderDiscount', minus: true },
  { key: 'minSpendFeeCents', label: 'minSpend' },
  { key: 'lunchBoxCents', label: 'lunchBox' },
  { key: 'tipCents', label: 'tip' },
  { key: 'totalCents', label: 'total', always: true },
  { key: 'depositCents', label: 'deposit', minus: true },
];

/** The bill as the guest will see it: each dish with what was done to it, then every amount down to what is due. */
export function BillSummary(props: { order: Order; totals: Totals }) {
  const { t, i18n } = useTranslation();
  const { order, totals } = props;
  return (
    <section className="bill-summary" aria-label={t('pay.totals.total')}>
      <ul className="bill-lines">
        {order.lines.map((l) => (
          <li key={l.id} className={billableQty(l) <= 0 ? 'gone' : ''}>
            <span className="bill-qty">{Math.max(0, billableQty(l))}×</span>
            <span className="bill-name">
              {nameIn(l.names, i18n.language)}
              {l.giftedQty > 0 && <em className="tag">{`${l.giftedQty} ${t('pay.gifted')}`}</em>}
              {l.discountCents > 0 && <em className="tag">{`${t('pay.discounted')} ${formatSoles(l.discountCents)}`}</em>}
              {l.returnedQty > 0 && <em className="tag tag-muted">{`${l.returnedQty} ${t('pay.returned')}`}</em>}
              {l.listUnitPriceCents !== undefined && l.listUnitPriceCents !== l.unitPriceCents && (
                // A member's VIP price, the normal price struck beside it (issue 22).
                <span className="vip-price" data-testid={`vip-${l.id}`}>
                  <em className="tag">{`${t('pay.member.vip')} ${formatSoles(l.unitPriceCents)}`}</em>
                  <s aria-label={t('pay.member.listPrice')}>{formatSoles(l.listUnitPriceCents)}</s>
                </span>
              )}
            </span>
            <span className="bill-amount">{formatSoles(lineTotalCents(l))}</span>
          </li>
        ))}
      </ul>
      <dl className="totals bill-totals">
        {/* Consumption only when gifts or dish discounts make it differ from the subtotal. */}
        {ROWS.filter((r) => r.always || (r.label === 'goods' ? totals.goodsCents !== totals.subtotalCents : totals[r.key] > 0)).map((r) => (
          <div key={r.key} className={r.label === 'total' ? 'grand-row' : ''}>
            <dt>{t(`pay.totals.${r.label}`)}</dt>
            <dd data-testid={`bill-${r.label}`}>{formatSoles(r.minus ? -totals[r.key] : totals[r.key])}</dd>
          </div>
        ))}
        <div className="due-row">
          <dt>{t('pay.totals.due')}</dt>
          <dd data-testid="bill-due">{formatSoles(totals.dueCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
