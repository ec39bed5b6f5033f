import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { CommandResult, PaymentInput, SaleDocument } from '#protocol';
import { SALE_NOTE } from '#protocol';
import { formatSoles, orderTotals } from '#hub/domain/money.ts';
import { groupMinimumCents } from '#hub/domain/table-ops/group-minimum.ts';
import { getOwn } from '#hub/domain/records.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { NoOpenOrder } from '../../ui/NoOpenOrder.tsx';
import { BillSummary } from './BillSummary.tsx';
import { Confirm } from './Confirm.tsx';
import { DocumentForm } from './DocumentForm.tsx';
import { formatDollars, rateForToday, settleRefusal, solesOf, summarize, summarizeShare } from './draft.ts';
import { ExchangeRateField } from './ExchangeRateField.tsx';
import { PaymentEntry } from './PaymentEntry.tsx';
import { NOT_SPLIT, sharesOf, type SplitDraft } from './split-draft.ts';
import { SplitPanel } from './SplitPanel.tsx';
import './payment.css';

type Outcome = { kind: 'paid'; result: CommandResult } | { kind: 'queued'; changeCents: number };

/**
 * `/pages/dining_table/settlement`: the payments of a bill (several methods,
 * dollars at today's rate, change only from cash), the sales document, then
 * settle or settle and print, in one command: the bill is paid whole or not at all.
 */
export function SettlementPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const { state } = useView();
  const [payments, setPayments] = useState<PaymentInput[]>([]);
  const [doc, setDoc] = useState<SaleDocument>(SALE_NOTE);
  const [splitDraft, setSplitDraft] = useState<SplitDraft>(NOT_SPLIT);
  const [activeShare, setActiveShare] = useState(0);
  const [asking, setAsking] = useState<null | 'settle' | 'print'>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (outcome) return <Done outcome={outcome} />;
  const order = state ? getOwn(state.orders, params.get('orderId') ?? '') : undefined;
  if (!state || !order) return <NoOpenOrder />;
  const table = getOwn(state.tables, order.tableId);
  const totals = orderTotals(order, groupMinimumCents(state.tables, order));
  const now = new Date().toISOString();
  const rate = rateForToday(state.exchangeRate, now);
  const split = sharesOf(splitDraft, totals.dueCents);
  const draft = { payments, rate, now, split };
  const sum = summarize(draft, totals.dueCents);
  const shareViews = split?.map((amountCents, i) => ({ amountCents, leftCents: summarizeShare(draft, i, amountCents).leftCents })) ?? null;
  const share = split ? Math.min(activeShare, split.length - 1) : 0;
  const leftNow = shareViews ? shareViews[share]!.leftCents : sum.leftCents;
  // A new way of splitting keeps the payments whose share still exists; paid together, they name none.
  const changeSplit = (d: SplitDraft) => {
    const count = d.mode === 'none' ? 0 : d.people;
    setSplitDraft(d);
    setPayments((list) => list.filter((p) => (p.share ?? 0) < Math.max(1, count)).map((p) => (count === 0 ? withoutShare(p) : p)));
    if (activeShare >= count) setActiveShare(0);
  };
  const refusal = settleRefusal(draft, doc, totals.totalCents, totals.dueCents);

  const settle = async (print: boolean) => {
    setAsking(null);
    if (refusal || busy) return;
    setBusy(true);
    const reply = enqueue('order.settle', { orderId: order.id, payments, ...(split ? { split } : {}), document: doc, print });
    // Without the hub the settlement waits in the outbox; do not keep the cashier waiting too.
    const timer = setTimeout(() => setOutcome({ kind: 'queued', changeCents: sum.changeCents }), 2500);
    const r = await reply;
    clearTimeout(timer);
    setBusy(false);
    if (r.ok) setOutcome({ kind: 'paid', result: r.result });
  };

  return (
    <div className="pay-page">
      <header className="dinner-head">
        <button className="btn btn-ghost btn-icon" aria-label={t('pay.back')} onClick={() => navigate(`${PATHS.payment}?orderId=${encodeURIComponent(order.id)}`)}>
          <Icon name="arrowLeft" />
        </button>
        <h1>{t('pay.settleTitle', { table: table?.name ?? '' })}</h1>
      </header>
      <div className="pay-columns">
        <BillSummary order={order} totals={totals} />
        <section className="settle-side">
          <SplitPanel draft={splitDraft} onChange={changeSplit} shares={shareViews} dueCents={totals.dueCents} active={share} onPick={setActiveShare} />
          <PaymentEntry leftCents={leftNow} rate={rate} onAdd={(p) => setPayments((list) => [...list, split ? { ...p, share } : p])} />
          <ExchangeRateField key={rate?.rateMilli ?? 0} rate={rate} />
          <h2>{t('pay.payments')}</h2>
          {payments.length === 0 ? (
            <p className="note">{t('pay.noPayments')}</p>
          ) : (
            <ul className="pay-list" data-testid="pay-list">
              {payments.map((p, i) => (
                <li key={i}>
                  <span>
                    {split ? `${t('pay.split.share', { no: (p.share ?? 0) + 1 })} · ` : ''}
                    {t(`pay.methods.${p.method}`)}
                    {p.method === 'usd' ? ` · ${formatDollars(p.usdCents)}` : p.operationNo ? ` · ${p.operationNo}` : ''}
                    {p.method === 'onAccount' && p.person ? ` · ${p.person}` : ''}
                  </span>
                  <b>{formatSoles(solesOf(p, rate, now))}</b>
                  <button className="btn btn-ghost btn-icon" aria-label={t('pay.removePayment')} onClick={() => setPayments((list) => list.filter((_, j) => j !== i))}>
                    <Icon name="close" />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <dl className="totals pay-sum">
            <dt>{t('pay.paid')}</dt>
            <dd data-testid="pay-paid">{formatSoles(sum.paidCents)}</dd>
            <dt>{sum.leftCents > 0 ? t('pay.missing') : t('pay.change')}</dt>
            <dd className={sum.leftCents > 0 ? 'short' : 'change'} data-testid={sum.leftCents > 0 ? 'pay-left' : 'pay-change-now'}>
              {formatSoles(sum.leftCents > 0 ? sum.leftCents : sum.changeCents)}
            </dd>
          </dl>
          <DocumentForm value={doc} onChange={setDoc} />
          {refusal && payments.length > 0 && <p className="field-error" data-testid="settle-refusal">{t(`errors.${refusal.code}`)}</p>}
        </section>
      </div>
      <footer className="pay-actions">
        {/* The bar stays over the page's last rows: what is missing or the change to hand back shows in it too. */}
        {payments.length > 0 && (
          <span className={`pay-actions-sum ${sum.leftCents > 0 ? 'short' : 'change'}`} data-testid="pay-actions-sum">
            {sum.leftCents > 0 ? t('pay.missing') : t('pay.change')} {formatSoles(sum.leftCents > 0 ? sum.leftCents : sum.changeCents)}
          </span>
        )}
        <button className="btn" disabled={refusal !== null || busy} onClick={() => setAsking('print')} data-testid="settle-print">
          {t('pay.settlePrint')}
        </button>
        <button className="btn btn-primary" disabled={refusal !== null || busy} onClick={() => setAsking('settle')} data-testid="settle">
          {t('pay.settle')}
        </button>
      </footer>
      {asking && (
        <Confirm
          question={t(asking === 'print' ? 'pay.confirmSettlePrint' : 'pay.confirmSettle', { amount: formatSoles(totals.dueCents) })}
          onCancel={() => setAsking(null)}
          onConfirm={() => void settle(asking === 'print')}
          testId="settle-confirm"
        />
      )}
    </div>
  );
}

/** The payment paying the whole bill, not one share of it. */
function withoutShare(p: PaymentInput): PaymentInput {
  const { share: _share, ...rest } = p;
  return rest;
}

/** "Payment success" (SPEC.md section 8), the bill number and the change to hand over. */
function Done(props: { outcome: Outcome }) {
  const { t } = useTranslation();
  const { outcome } = props;
  const change = outcome.kind === 'paid' ? (outcome.result.changeCents ?? 0) : outcome.changeCents;
  return (
    <div className="pay-done" data-testid="pay-done">
      <div className="pay-ok" aria-hidden="true">
        <Icon name="check" />
      </div>
      <h1>{outcome.kind === 'paid' ? t('success.payment') : t('connection.offline')}</h1>
      {outcome.kind === 'paid' && outcome.result.billNo !== undefined && <p>{t('pay.billNo', { no: outcome.result.billNo })}</p>}
      {outcome.kind === 'queued' && <p className="note">{t('pay.queued')}</p>}
      <p className="change-big">
        {t('pay.change')}: <b data-testid="pay-change">{formatSoles(change)}</b>
      </p>
      <Link href={PATHS.tables} className="btn btn-primary">
        {t('pay.done')}
      </Link>
    </div>
  );
}
