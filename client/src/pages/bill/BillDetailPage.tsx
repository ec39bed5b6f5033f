import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import type { BillReply } from '#hub/http/routes/bills/schema.ts';
import { useAliases } from '../../auth/aliases.ts';
import { PATHS } from '../../routes.ts';
import { bodyErrorText } from '../../i18n/keys.ts';
import { uuid } from '../../sync/uuid.ts';
import { useView } from '../../sync/view.ts';
import { showToast } from '../../ui/ui-store.ts';
import { CorrectionDialog } from '../fiscal/documents/CorrectionDialog.tsx';
import { BillAmounts, BillCorrectionsList, BillDocument, BillLines } from './BillSections.tsx';
import { staffNameOf } from './BillList.tsx';
import { fetchBillDetail, postReprint } from './bills-api.ts';
import { RefundPanel } from '../refunds/index.ts';
import './bill.css';

/**
 * /pages/bill/indexone?id=&day= (M003): one closed bill from its day's
 * archive: lines, amounts, payments, its document and SUNAT status, its voids
 * and refunds, who settled it. Reprint (`reprint`) sends its receipt again
 * marked REPRINT; Void / Refund (`refund`) opens the documents page's dialog,
 * which issues the credit note for a boleta or factura.
 */
export function BillDetailPage() {
  const { t, i18n } = useTranslation();
  const { state } = useView();
  const aliases = useAliases();
  const [params] = useSearchParams();
  const billId = params.get('id') ?? '';
  const day = params.get('day') ?? '';
  const [reply, setReply] = useState<BillReply | null>(null);
  const [missing, setMissing] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [printing, setPrinting] = useState(false);

  const [reload, setReload] = useState(0);
  useEffect(() => {
    let live = true;
    void fetchBillDetail(billId, day).then((r) => {
      if (!live) return;
      if (r.ok) return setReply(r.body);
      setMissing(true);
      if (r.code !== 'BILL_NOT_FOUND' && r.code !== 'INCORRECT_INPUT') showToast(bodyErrorText(t, r.code), 'error');
    });
    return () => {
      live = false;
    };
  }, [billId, day, t, reload, state?.billCorrections]);

  const reprint = async () => {
    setPrinting(true);
    const r = await postReprint(billId, { id: uuid(), day });
    setPrinting(false);
    showToast(r.ok ? t('bills.detail.reprinted') : bodyErrorText(t, r.code), r.ok ? 'success' : 'error');
  };

  const back = (
    <Link href={PATHS.bills} className="btn" data-testid="bill-back">
      {t('bills.detail.back')}
    </Link>
  );
  if (missing) return <div className="bills-page">{back}<p className="empty">{t('bills.detail.notFound')}</p></div>;
  if (!reply) return <p className="empty">{t('bills.loading')}</p>;
  const { bill, corrections } = reply;
  const withdrawn = bill.deleted === 2;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { timeZone: 'America/Lima', dateStyle: 'short', timeStyle: 'short' });
  const label = bill.fiscal ? `${bill.fiscal.series}-${bill.fiscal.number}` : t('bills.billNo', { no: bill.billNo });
  return (
    <div className="bills-page bill-detail" data-testid="bill-detail">
      <header className="bills-head">
        {back}
        <h1>{t('bills.billNo', { no: bill.billNo })}</h1>
        {corrections.voided && <b className="bills-badge">{t('bills.detail.voided')}</b>}
      </header>
      <section className="bill-card">
        <p className="hint">{t('bills.orderNo', { no: bill.orderNo })}</p>
        <dl className="bill-facts">
          {(
            [
              ['table', bill.tableName],
              ['people', String(bill.people)],
              ['openedAt', time(bill.openedAt)],
              ['paidAt', time(bill.paidAt)],
              ['settledBy', staffNameOf(state, bill.operator)],
            ] as const
          )
            .filter(([, value]) => value !== '')
            .map(([key, value]) => (
            <div key={key} className="bill-fact">
              <dt>{t(`bills.detail.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {withdrawn && <p className="note">{t('bills.detail.withdrawn', { reason: bill.withdrawReason ?? '' })}</p>}
      </section>
      <div className="bill-actions">
        {!withdrawn && aliases.has('reprint') && (
          <button className="btn" disabled={printing} onClick={() => void reprint()} data-testid="bill-reprint">
            {t('bills.detail.reprint')}
          </button>
        )}
        {!withdrawn && !corrections.voided && aliases.has('refund') && (
          <button className="btn danger" onClick={() => setCorrecting(true)} data-testid="bill-correct">
            {t('bills.detail.voidRefund')}
          </button>
        )}
      </div>
      <BillLines bill={bill} />
      <BillAmounts bill={bill} />
      <BillDocument bill={bill} document={reply.document} canOpen={aliases.has('settings')} />
      <BillCorrectionsList corrections={corrections} state={state} time={time} />
      {/* A guest's refund (issue 21): applied, accepted or rejected, paid out as this bill's correction, finished. */}
      {!withdrawn && <RefundPanel billId={bill.id} day={day} bill={bill} corrections={corrections} onChanged={() => setReload((n) => n + 1)} />}
      {correcting && (
        <CorrectionDialog
          meta={{ billId: bill.id, day, label }}
          onClose={() => setCorrecting(false)}
          onDone={() => {
            setCorrecting(false);
            setReload((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}
