import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Bill, BillCorrections, State } from '#protocol';
import type { DocumentMeta } from '#hub/einvoice/outbox/types.ts';
import { formatSoles, lineTotalCents } from '#hub/domain/money.ts';
import { nameIn } from '../../i18n/index.ts';
import { PATHS } from '../../routes.ts';
import { staffNameOf } from './BillList.tsx';

/** The bill's lines: portions, price, and what gifts, returns, cancellations and discounts did to each. */
export function BillLines(props: { bill: Bill }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="bill-card">
      <h2>{t('bills.detail.lines')}</h2>
      <ul className="bill-lines" data-testid="bill-lines">
        {props.bill.lines.map((l) => (
          <li key={l.id}>
            <span className="bill-line-name">
              {l.qty} × {nameIn(l.names, i18n.language)}
              {l.specNames ? ` (${nameIn(l.specNames, i18n.language)})` : ''}
              <span className="hint">
                {l.giftedQty > 0 && ` · ${t('bills.detail.gifted', { count: l.giftedQty })}`}
                {l.returnedQty > 0 && ` · ${t('bills.detail.returned', { count: l.returnedQty })}`}
                {l.cancelledQty > 0 && ` · ${t('bills.detail.cancelled', { count: l.cancelledQty })}`}
                {l.discountCents > 0 && ` · ${t('bills.detail.lineDiscount', { amount: formatSoles(l.discountCents) })}`}
              </span>
            </span>
            <span className="bill-amount">
              {formatSoles(lineTotalCents(l))}
              <span className="hint">{t('bills.detail.each', { amount: formatSoles(l.unitPriceCents) })}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The adjustments that led to the total, then the payments with their methods. */
export function BillAmounts(props: { bill: Bill }) {
  const { t } = useTranslation();
  const b = props.bill;
  const rows: [string, number][] = [
    [t('bills.detail.goods'), b.goodsCents],
    [t('bills.detail.gifts'), -b.giftCents],
    [t('bills.detail.lineDiscounts'), -b.lineDiscountCents],
    [t('bills.detail.orderDiscount'), -b.orderDiscountCents],
    [t('bills.detail.lunchBox'), b.lunchBoxCents],
    [t('bills.detail.minSpendFee'), b.minSpendFeeCents],
    [t('bills.detail.tip'), b.tipCents],
    [t('bills.detail.deposit'), -b.depositCents],
  ];
  return (
    <section className="bill-card">
      <h2>{t('bills.detail.amounts')}</h2>
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
          <dt>{t('bills.detail.total')}</dt>
          <dd data-testid="bill-total">{formatSoles(b.totalCents)}</dd>
        </div>
      </dl>
      <h3>{t('bills.detail.payments')}</h3>
      <ul className="bill-lines">
        {b.payments.map((p, i) => (
          <li key={i}>
            <span className="bill-line-name">
              {t(`pay.methods.${p.method}`)}
              <span className="hint">
                {p.operationNo && ` · ${t('bills.detail.operation', { no: p.operationNo })}`}
                {p.person && ` · ${t('bills.detail.owedBy', { name: p.person })}`}
              </span>
            </span>
            <span className="bill-amount">{formatSoles(p.amountCents)}</span>
          </li>
        ))}
      </ul>
      {b.changeCents > 0 && (
        <p className="hint">
          {t('bills.detail.received')} {formatSoles(b.receivedCents)} · {t('bills.detail.change')} {formatSoles(b.changeCents)}
        </p>
      )}
    </section>
  );
}

/** The sales document: a numbered boleta or factura with its SUNAT status (and the documents page), or a sale note. */
export function BillDocument(props: { bill: Bill; document: DocumentMeta | null; canOpen: boolean }) {
  const { t } = useTranslation();
  const { bill, document } = props;
  return (
    <section className="bill-card" data-testid="bill-document">
      <h2>{t('bills.detail.document')}</h2>
      {/* A split whose parts have their own documents (issue 18 item 12): each part's, with its number and buyer. */}
      {bill.shares?.some((sh) => sh.document) ? (
        <ul className="bill-parts" data-testid="bill-part-documents">
          {bill.shares.map((sh, i) => (
            <li key={i}>
              {t('pay.split.share', { no: i + 1 })} · {formatSoles(sh.amountCents)} ·{' '}
              <b>
                {t(`pay.doc.kinds.${sh.document?.kind ?? 'note'}`)}
                {sh.fiscal && <span className="nowrap">{` ${sh.fiscal.series}-${sh.fiscal.number}`}</span>}
              </b>
              {sh.document?.name && ` · ${t('bills.detail.buyer', { name: `${sh.document.name} ${sh.document.docId}`.trim() })}`}
            </li>
          ))}
        </ul>
      ) : bill.fiscal ? (
        <>
          <p>
            <b>
              {t(`pay.doc.kinds.${bill.document.kind}`)} <span className="nowrap">{`${bill.fiscal.series}-${bill.fiscal.number}`}</span>
            </b>
            {bill.document.name && ` · ${t('bills.detail.buyer', { name: `${bill.document.name} ${bill.document.docId}`.trim() })}`}
          </p>
          <p>
            {t('bills.detail.documentStatus')}: {document ? t(`fiscalDocs.statuses.${document.status}`) : t('bills.detail.statusUnknown')}
          </p>
          {props.canOpen && (
            <Link href={PATHS.fiscalDocuments} className="btn">
              {t('bills.detail.openDocuments')}
            </Link>
          )}
        </>
      ) : (
        <p>{t('bills.detail.noDocument')}</p>
      )}
    </section>
  );
}

/** Every void and refund: what, how much, how the money went back, the credit note, who, when, why. */
export function BillCorrectionsList(props: { corrections: BillCorrections; state: State | null; time: (iso: string) => string }) {
  const { t } = useTranslation();
  const list = props.corrections.corrections;
  return (
    <section className="bill-card">
      <h2>{t('bills.detail.corrections')}</h2>
      {list.length === 0 ? (
        <p className="hint">{t('bills.detail.noCorrections')}</p>
      ) : (
        <ul className="bill-lines" data-testid="bill-corrections">
          {list.map((c) => (
            <li key={c.id} className="bill-correction">
              <span className="bill-line-name">
                <b>{t('bills.detail.correctionLine', { kind: t(`bills.detail.kinds.${c.kind}`), amount: formatSoles(c.amountCents), method: t(`pay.methods.${c.method}`) })}</b>
                {c.creditNote && <span> · {t('bills.detail.creditNote', { no: `${c.creditNote.series}-${c.creditNote.number}` })}</span>}
                <span className="hint">{t('bills.detail.reason', { reason: c.reason })}</span>
                <span className="hint">{t('bills.detail.correctionBy', { name: staffNameOf(props.state, c.by), time: props.time(c.at) })}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
