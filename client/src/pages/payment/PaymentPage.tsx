import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { CommandResult } from '#protocol';
import { formatSoles, orderTotals, parseCents } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { PATHS } from '../../routes.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { NoOpenOrder } from '../../ui/NoOpenOrder.tsx';
import { TotalsList } from '../../ui/TotalsList.tsx';

type Outcome = { kind: 'paid'; result: CommandResult } | { kind: 'queued'; changeCents: number };

/** Cash settlement of a table: amount received, exact change, then the table waits to be cleared. */
export function PaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const { state } = useView();
  const [received, setReceived] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Ids from the address bar are looked up as own entries only (?orderId=__proto__ is simply no order).
  const order = state ? getOwn(state.orders, params.get('orderId') ?? '') : undefined;
  const table = state && order ? getOwn(state.tables, order.tableId) : undefined;

  if (outcome) {
    const change = outcome.kind === 'paid' ? (outcome.result.changeCents ?? 0) : outcome.changeCents;
    return (
      <div className="pay-done" data-testid="pay-done">
        <div className="pay-ok" aria-hidden="true">
          ✓
        </div>
        <h1>{outcome.kind === 'paid' ? t('pay.success') : t('connection.offline')}</h1>
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

  if (!state || !order) {
    return <NoOpenOrder />;
  }

  const totals = orderTotals(order, table?.minConsumptionCents ?? 0);
  const receivedCents = received === '' ? totals.totalCents : parseCents(received);
  const enough = receivedCents !== null && receivedCents >= totals.totalCents;
  const quick = [totals.totalCents, ...[2000, 5000, 10000, 20000].filter((v) => v > totals.totalCents)].slice(0, 4);

  const settle = async () => {
    if (!enough || receivedCents === null || busy) return;
    setBusy(true);
    const reply = enqueue('order.settleCash', { orderId: order.id, receivedCents });
    // Without the hub the payment waits in the outbox; do not keep the cashier waiting too.
    const timer = setTimeout(() => setOutcome({ kind: 'queued', changeCents: receivedCents - totals.totalCents }), 2500);
    const r = await reply;
    clearTimeout(timer);
    setBusy(false);
    if (r.ok) setOutcome({ kind: 'paid', result: r.result });
  };

  return (
    <div className="payment">
      <header className="dinner-head">
        <button className="btn btn-ghost" onClick={() => navigate(`${PATHS.dinner}?tableId=${encodeURIComponent(order.tableId)}`)}>
          ←
        </button>
        <h1>{t('pay.title', { table: table?.name ?? '' })}</h1>
      </header>
      <TotalsList totals={totals} big testId="pay-total" />
      <div className="field">
        <span>{t('pay.method')}</span>
        <div className="chips">
          <button className="chip active">{t('pay.cash')}</button>
        </div>
      </div>
      <label className="field">
        <span>{t('pay.received')}</span>
        <input
          className="amount"
          inputMode="decimal"
          placeholder={(totals.totalCents / 100).toFixed(2)}
          value={received}
          onChange={(e) => setReceived(e.target.value)}
          data-testid="pay-received"
        />
      </label>
      <div className="chips">
        {quick.map((v, i) => (
          <button key={v} className="chip" onClick={() => setReceived((v / 100).toFixed(2))}>
            {i === 0 ? t('pay.exact') : formatSoles(v)}
          </button>
        ))}
      </div>
      <p className={`change-line${enough ? '' : ' short'}`}>
        {receivedCents === null ? t('errors.INCORRECT_INPUT') : enough ? `${t('pay.change')}: ${formatSoles(receivedCents - totals.totalCents)}` : `${t('pay.missing')}: ${formatSoles(totals.totalCents - receivedCents)}`}
      </p>
      <button className="btn btn-accent btn-block" disabled={!enough || busy} onClick={() => void settle()} data-testid="pay-confirm">
        {t('pay.confirm')}
      </button>
    </div>
  );
}
