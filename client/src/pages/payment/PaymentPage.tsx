import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'wouter';
import type { PaymentInput, SaleDocument } from '#protocol';
import { defaultDocumentKind, SALE_NOTE } from '#protocol';
import { formatSoles, orderTotals } from '#hub/domain/money.ts';
import { groupMinimumCents } from '#hub/domain/table-ops/group-minimum.ts';
import { getOwn } from '#hub/domain/records.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { Icon } from '../../ui/icons.tsx';
import { NoOpenOrder } from '../../ui/NoOpenOrder.tsx';
import { Adjustments } from './Adjustments.tsx';
import { BillSummary } from './BillSummary.tsx';
import { CouponField } from './CouponField.tsx';
import { useMemberBalance } from './member-lookup.ts';
import { MemberPanel } from './MemberPanel.tsx';
import { Confirm } from './Confirm.tsx';
import { DocumentForm } from './DocumentForm.tsx';
import { rateForToday, summarize } from './draft.ts';
import { PaymentDone, type Outcome } from './PaymentDone.tsx';
import { PaymentEntry } from './PaymentEntry.tsx';
import { PaymentsList } from './PaymentsList.tsx';
import { SettleBar } from './SettleBar.tsx';
import { settleBlocker } from './settle-blocker.ts';
import { NOT_SPLIT, type SplitDraft } from './split-draft.ts';
import { partsBlocker, splitTill, withPartDoc, withPicked } from './split-till.ts';
import { PartPicker, SplitPanel } from './SplitPanel.tsx';
import { DepositExcessChoice, excessUnanswered, type ExcessChoice } from '../book/DepositExcessChoice.tsx';
import './payment.css';

/**
 * Where a page that reuses this screen for an order without a table (a counter
 * take-away, issue 21) goes back to, goes when done, and what the title says.
 */
export type PaymentPageProps = { backTo?: string; doneTo?: string; title?: string; defaultDoc?: SaleDocument['kind']; notOpen?: ReactNode };

/**
 * `/pages/dining_table/payment`: the one payment screen of a table's bill
 * (issue 18 item 11; SPEC.md's separate settlement route opens it too). The
 * bill with its payment tabs, the split and the pre-bill on one side; on the
 * other the document (first, so the DNI is in sight on a 1280x800 till) and
 * the payments (several methods, quick cash, dollars at today's rate); then
 * "settle" or "settle and print" with SPEC's confirm prompt, in one command:
 * the bill is paid whole or not at all.
 */
export function PaymentPage(props: PaymentPageProps = {}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const { state } = useView();
  const [payments, setPayments] = useState<PaymentInput[]>([]);
  // Null until the cashier touches it: the restaurant's default (issue 18 item 7) follows the settings as they arrive.
  const [chosenDoc, setDoc] = useState<SaleDocument | null>(null);
  const [splitDraft, setSplitDraft] = useState<SplitDraft>(NOT_SPLIT);
  const [asking, setAsking] = useState<null | 'settle' | 'print' | 'prebill'>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A reservation deposit larger than the bill: the excess given back or kept (issue 18 item 6).
  const [excess, setExcess] = useState<ExcessChoice | null>(null);

  // The attached member's balance as the hub says (members are not in the device's state); a hook, so before any return.
  const balanceCents = useMemberBalance(state ? getOwn(state.orders, params.get('orderId') ?? '')?.member : null);

  if (outcome) return <PaymentDone outcome={outcome} doneTo={props.doneTo} />;
  // Ids from the address bar are looked up as own entries only (?orderId=__proto__ is simply no order).
  const order = state ? getOwn(state.orders, params.get('orderId') ?? '') : undefined;
  if (!state || !order) return props.notOpen ?? <NoOpenOrder />;
  const table = getOwn(state.tables, order.tableId);
  const totals = orderTotals(order, groupMinimumCents(state.tables, order));
  const doc = chosenDoc ?? { kind: props.defaultDoc ?? defaultDocumentKind(state.settings, Boolean(state.fiscal)), docId: '', name: '' };
  const now = new Date().toISOString();
  const rate = rateForToday(state.exchangeRate, now);
  // A split bill: each part paid and documented on its own (split-till.ts, issue 18 items 12 and 17).
  const parts = splitTill(splitDraft, { payments, rate, now }, totals.dueCents, totals.depositCents, doc);
  const split = parts.split;
  const draft = { payments, rate, now, split };
  const sum = parts.sum ?? summarize(draft, totals.dueCents);
  const share = parts.active;
  const leftNow = parts.parts ? parts.parts[share]!.leftCents : sum.leftCents;
  // A new way of splitting keeps the payments whose share still exists; paid together, they name none.
  const changeSplit = (d: SplitDraft) => {
    const count = d.mode === 'none' ? 0 : d.people;
    setSplitDraft(d);
    setPayments((list) => list.filter((p) => (p.share ?? 0) < Math.max(1, count)).map((p) => (count === 0 ? withoutShare(p) : p)));
  };
  // Split: the bill's own document is not sent (each part has its own), so the parts' documents are checked instead.
  const checked = settleBlocker({ order, shiftOpen: Boolean(state.openShift), draft, doc: split ? SALE_NOTE : doc, totalCents: totals.totalCents, dueCents: totals.dueCents });
  const blocker = partsBlocker(checked, parts);
  const prebilled = order.status === 'prebilled';
  const unsent = order.lines.some((l) => l.sentBatch === null);

  const settle = async (print: boolean) => {
    setAsking(null);
    if (blocker || busy || excessUnanswered(order, totals.depositCents, excess)) return;
    setBusy(true);
    const reply = enqueue('order.settle', { orderId: order.id, payments, ...parts.payload, document: doc, print, ...(excess ? { depositExcess: excess } : {}) });
    // Without the hub the settlement waits in the outbox; do not keep the cashier waiting too.
    const timer = setTimeout(() => setOutcome({ kind: 'queued', changeCents: sum.changeCents, asked: doc.kind }), 2500);
    const r = await reply;
    clearTimeout(timer);
    setBusy(false);
    if (r.ok) setOutcome({ kind: 'paid', result: r.result, asked: doc.kind });
  };

  return (
    <div className="pay-page">
      <header className="dinner-head">
        <button className="btn btn-ghost btn-icon" aria-label={t('pay.back')} onClick={() => navigate(props.backTo ?? `${PATHS.dinner}?tableId=${encodeURIComponent(order.tableId)}`)}>
          <Icon name="arrowLeft" />
        </button>
        <h1>{props.title ?? t('pay.title', { table: table?.name ?? '' })}</h1>
      </header>
      <div className="pay-columns">
        <div className="pay-bill-side">
          <BillSummary order={order} totals={totals} />
          <MemberPanel order={order} balanceCents={balanceCents} />
          <CouponField order={order} />
          <Adjustments order={order} />
          <SplitPanel draft={splitDraft} onChange={changeSplit} shares={parts.parts} dueCents={totals.dueCents} tablePeople={order.people} active={share} onPick={(i) => setSplitDraft((d) => withPicked(d, i))} />
          <div className="pay-prebill">
            {prebilled ? (
              <button className="btn" onClick={() => void enqueue('order.cancelPrebill', { orderId: order.id })} data-testid="cancel-prebill">
                {t('pay.cancelPrebill')}
              </button>
            ) : (
              <button className="btn" disabled={unsent || order.lines.length === 0} onClick={() => setAsking('prebill')} data-testid="pay-prebill">
                {t('pay.prebill')}
              </button>
            )}
          </div>
        </div>
        <section className="settle-side">
          <DepositExcessChoice order={order} depositCreditedCents={totals.depositCents} value={excess} onChange={setExcess} />
          {parts.parts ? (
            <>
              <PartPicker shares={parts.parts} active={share} onPick={(i) => setSplitDraft((d) => withPicked(d, i))} />
              <DocumentForm key={`part-${share}`} value={parts.parts[share]!.doc} onChange={(d) => setSplitDraft((s) => withPartDoc(s, share, d))} totalCents={parts.parts[share]!.amountCents} />
            </>
          ) : (
            <DocumentForm value={doc} onChange={setDoc} totalCents={totals.totalCents} />
          )}
          <PaymentEntry
            leftCents={leftNow}
            rate={rate}
            member={Boolean(order.member)}
            balanceCents={balanceCents}
            onAdd={(p) => {
              setPayments((list) => [...list, split ? { ...p, share } : p]);
              // The next payment goes to the first part still owing unless the cashier picks one.
              if (split) setSplitDraft((d) => withPicked(d, null));
            }}
          />
          <PaymentsList payments={payments} split={split !== null} rate={rate} now={now} sum={sum} onRemove={(i) => setPayments((list) => list.filter((_, j) => j !== i))} />
        </section>
      </div>
      <SettleBar
        blocker={blocker ?? (excessUnanswered(order, totals.depositCents, excess) ? { kind: 'refusal', code: 'DEPOSIT_EXCESS_CHOICE_REQUIRED', field: 'depositExcess' } : null)}
        sum={sum}
        paying={payments.length > 0}
        dueCents={totals.dueCents}
        busy={busy}
        onSend={() => void enqueue('order.send', { orderId: order.id })}
        onAsk={(print) => setAsking(print ? 'print' : 'settle')}
      />
      {asking === 'prebill' && (
        <Confirm
          question={t('pay.confirmPrebill')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            void enqueue('order.prebill', { orderId: order.id });
          }}
          testId="prebill-confirm"
        />
      )}
      {(asking === 'settle' || asking === 'print') && (
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
