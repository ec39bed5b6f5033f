import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Bill, State } from '#protocol';
import { formatSoles, lineTotalCents, orderTotals } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { nameIn } from '../../i18n/index.ts';
import { PATHS } from '../../routes.ts';
import { BillAmounts, BillLines } from '../bill/BillSections.tsx';
import { fetchBillDetail } from '../bill/bills-api.ts';
import type { Takeout } from './contract.ts';
import { changeToBringCents, isFeeLine, paidByShop } from './takeout-view.ts';
import '../bill/bill.css';

/**
 * The dishes and the money of a takeout: while its order is open, the live
 * order's lines and totals (the delivery fee is one of its lines); once
 * settled, the stored bill read from the hub (its figures, never recomputed),
 * with the way to the bill's own page. Then what the rider collects at the
 * door and the change to bring.
 */
export function TakeoutLines(props: { state: State; takeout: Takeout }) {
  const { t, i18n } = useTranslation();
  const tk = props.takeout;
  const order = tk.orderId ? getOwn(props.state.orders, tk.orderId) : undefined;
  const bill = useBill(order ? null : tk);
  const change = changeToBringCents(tk);
  return (
    <>
      {order ? (
        <section className="bill-card">
          <h2>{t('delivery.detail.lines')}</h2>
          <ul className="bill-lines" data-testid="takeout-lines">
            {order.lines.map((l) => (
              <li key={l.id}>
                <span className="bill-line-name">
                  {l.qty} × {nameIn(l.names, i18n.language)}
                  {l.specNames ? ` (${nameIn(l.specNames, i18n.language)})` : ''}
                  {l.sentBatch === null && !isFeeLine(order.id, l.id) && <span className="hint"> · {t('delivery.detail.unsent')}</span>}
                </span>
                <span className="bill-amount">{formatSoles(lineTotalCents(l))}</span>
              </li>
            ))}
          </ul>
          <LiveAmounts totals={orderTotals(order, 0)} />
        </section>
      ) : bill ? (
        <>
          <BillLines bill={bill} />
          <BillAmounts bill={bill} />
          <Link href={`${PATHS.billDetail}?id=${encodeURIComponent(bill.id)}&day=${encodeURIComponent(tk.billDay ?? '')}`} className="btn" data-testid="takeout-bill">
            {t('delivery.detail.openBill', { no: bill.billNo })}
          </Link>
        </>
      ) : (
        <p className="hint">{tk.billId ? t('delivery.detail.loadingBill') : t('delivery.detail.noLines')}</p>
      )}
      <dl className="bill-facts takeout-money">
        <div className="bill-fact">
          <dt>{t('delivery.detail.paidState')}</dt>
          <dd data-testid="takeout-paid">{tk.paid ? t('delivery.detail.paid') : paidByShop(tk) ? t('delivery.detail.paidByShop') : t('delivery.detail.toCollect', { amount: formatSoles(tk.collectCents) })}</dd>
        </div>
        {change > 0 && (
          <div className="bill-fact">
            <dt>{t('delivery.detail.changeToBring')}</dt>
            <dd data-testid="takeout-change">{t('delivery.detail.payWith', { change: formatSoles(change), amount: formatSoles(tk.delivery?.changeForCents ?? 0) })}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

/** Subtotal (the delivery fee included, as a line), tip, lunch boxes, discount, total of an open order. */
function LiveAmounts(props: { totals: ReturnType<typeof orderTotals> }) {
  const { t } = useTranslation();
  const x = props.totals;
  const rows: [string, number][] = [
    [t('order.subtotal'), x.subtotalCents],
    [t('bills.detail.orderDiscount'), -x.orderDiscountCents],
    [t('bills.detail.lunchBox'), x.lunchBoxCents],
    [t('bills.detail.tip'), x.tipCents],
  ];
  return (
    <dl className="bill-facts">
      {rows
        .filter(([, cents]) => cents !== 0)
        .map(([name, cents]) => (
          <div key={name} className="bill-fact">
            <dt>{name}</dt>
            <dd>{formatSoles(cents)}</dd>
          </div>
        ))}
      <div className="bill-fact bill-total">
        <dt>{t('order.total')}</dt>
        <dd data-testid="takeout-total">{formatSoles(x.totalCents)}</dd>
      </div>
    </dl>
  );
}

/** The settled takeout's bill from its day's archive (null while it loads, or when there is none). */
function useBill(tk: Takeout | null): Bill | null {
  const [bill, setBill] = useState<Bill | null>(null);
  const billId = tk?.billId ?? null;
  const day = tk?.billDay ?? null;
  useEffect(() => {
    if (!billId || !day) return;
    let live = true;
    void fetchBillDetail(billId, day).then((r) => live && r.ok && setBill(r.body.bill));
    return () => {
      live = false;
    };
  }, [billId, day]);
  return bill && bill.id === billId ? bill : null;
}
