import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Bill, BillCorrections, Refund } from '#protocol';
import { formatSoles } from '#hub/domain/money.ts';
import { getOwn } from '#hub/domain/records.ts';
import { useAliases } from '../../auth/aliases.ts';
import { phoneText } from '../../ui/phone-text.ts';
import { useView } from '../../sync/view.ts';
import { fetchBillDetail } from '../bill/bills-api.ts';
import { balanceRoomCents } from './refund-form.ts';
import { RefundActions } from './RefundActions.tsx';
import { RefundForm } from './RefundForm.tsx';
import './refunds.css';

/** SPEC's status numbers by name (the texts' keys). */
const STATUS_NAME = { 1: 'applied', 2: 'accepted', 3: 'rejected', 5: 'paidOut', 6: 'finished' } as const;

/**
 * A settled bill's refund (hub/domain/refunds/README.md): its open refund live from the
 * state with the moves its status allows, or, with none open, "Request a refund". Embedded on
 * the bill detail page and on a delivery order's detail (give it the takeout's billId and
 * billDay); it reads the bill itself when not handed one. Those without `refund` see the
 * status only.
 */
export function RefundPanel(props: { billId: string; day: string; bill?: Bill; corrections?: BillCorrections; onChanged?: () => void }) {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const aliases = useAliases();
  const [asking, setAsking] = useState(false);
  const [fetched, setFetched] = useState<{ bill: Bill; corrections: BillCorrections } | null>(null);
  const loaded = props.bill ? { bill: props.bill, corrections: props.corrections ?? { voided: false, corrections: [] } } : fetched;
  const refundId = state ? getOwn(state.refundOfBill ?? {}, props.billId) : undefined;
  const refund: Refund | undefined = refundId && state ? getOwn(state.refunds ?? {}, refundId) : undefined;
  const live = state?.billCorrections ? getOwn(state.billCorrections, props.billId) : undefined;

  useEffect(() => {
    if (props.bill || !props.billId || !props.day) return;
    let on = true;
    void fetchBillDetail(props.billId, props.day).then((r) => {
      if (on && r.ok) setFetched({ bill: r.body.bill, corrections: r.body.corrections });
    });
    return () => {
      on = false;
    };
  }, [props.bill, props.billId, props.day, live]);

  const corrections = live ?? loaded?.corrections ?? null;
  const given = (corrections?.corrections ?? []).reduce((n, c) => n + c.amountCents, 0);
  const balanceRoom = loaded ? balanceRoomCents(loaded.bill, corrections?.corrections ?? []) : 0;
  const leftCents = loaded && !corrections?.voided ? Math.max(0, loaded.bill.totalCents - given) : 0;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { timeZone: 'America/Lima', dateStyle: 'short', timeStyle: 'short' });
  const mayAsk = aliases.has('refund') && !refund && loaded !== null && loaded.bill.deleted !== 2 && leftCents > 0;

  return (
    <section className="bill-card refund-panel" data-testid="refund-panel">
      <h2 className="refund-title">{t('refunds.title')}</h2>
      {refund ? (
        <div className={`refund-live refund-status-${refund.status}`} data-testid="refund-live">
          <p className="refund-head">
            <b>{t('refunds.code', { code: refund.code })}</b>
            <span className="refund-chip" data-testid="refund-status">
              {t(`refunds.status.${STATUS_NAME[refund.status]}`)}
            </span>
          </p>
          <p className="refund-amount" data-testid="refund-amount">
            {t('refunds.amount', { amount: formatSoles(refund.amountCents) })}
          </p>
          <p className="hint">{t('refunds.reason', { reason: refund.reason })}</p>
          {refund.contactPhone !== '' && <p className="hint">{t('refunds.phone', { phone: phoneText(refund.contactPhone) })}</p>}
          <p className="hint">{t('refunds.appliedAt', { at: time(refund.appliedAt) })}</p>
          {refund.payout && (
            <p className="hint" data-testid="refund-payout">
              {refund.payout.method === 'cash'
                ? t('refunds.payout.paidCash', { at: time(refund.paidOutAt ?? '') })
                : refund.payout.method === 'balance'
                  ? t('refunds.payout.paidBalance', { at: time(refund.paidOutAt ?? '') })
                  : t('refunds.payout.paidTransfer', { at: time(refund.paidOutAt ?? ''), operation: refund.payout.operationNo })}
            </p>
          )}
          {refund.creditNote && <p className="hint" data-testid="refund-credit-note">{t('refunds.payout.creditNote', { note: `${refund.creditNote.series}-${refund.creditNote.number}` })}</p>}
          {aliases.has('refund') && <RefundActions refund={refund} onChanged={props.onChanged} member={loaded?.bill.member} balanceRoomCents={balanceRoom} />}
        </div>
      ) : asking && loaded ? (
        <RefundForm
          billId={props.billId}
          day={props.day}
          bill={loaded.bill}
          corrections={corrections}
          leftCents={leftCents}
          onClose={() => setAsking(false)}
          onDone={() => {
            setAsking(false);
            props.onChanged?.();
          }}
        />
      ) : (
        <>
          <p className="hint">{t('refunds.none')}</p>
          {loaded && leftCents > 0 && <p className="hint">{t('refunds.left', { amount: formatSoles(leftCents) })}</p>}
          {mayAsk && (
            <button className="btn" onClick={() => setAsking(true)} data-testid="refund-ask">
              {t('refunds.ask')}
            </button>
          )}
        </>
      )}
    </section>
  );
}
