import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { State } from '#protocol';
import type { BillRow } from '#hub/domain/bills/list.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { detailPath, methodsText } from './bill-view.ts';

/** A staff member's name from the live state ('' when gone or unknown). */
export function staffNameOf(state: State | null, staffId: string | null): string {
  if (!state || staffId === null || !Object.hasOwn(state.staff, staffId)) return '';
  return state.staff[staffId]?.name ?? '';
}

/**
 * The rows: a table-like grid with a header on a till, one card per bill on a
 * phone (bill.css switches at 720 px). Each row is a link to the bill.
 */
export function BillList(props: { rows: readonly BillRow[]; state: State | null }) {
  const { t, i18n } = useTranslation();
  if (props.rows.length === 0) return <p className="empty" data-testid="bills-none">{t('bills.none')}</p>;
  const time = (iso: string) => new Date(iso).toLocaleString(i18n.language, { timeZone: 'America/Lima', dateStyle: 'short', timeStyle: 'short' });
  return (
    <div className="bills-list" role="table">
      <div className="bills-grid bills-header" role="row">
        {(['bill', 'time', 'table', 'method', 'document', 'people', 'operator', 'state', 'total'] as const).map((c) => (
          <span key={c} role="columnheader">
            {t(`bills.columns.${c}`)}
          </span>
        ))}
      </div>
      {props.rows.map((r) => (
        <Link key={r.id} href={detailPath(r)} className={`bills-grid bills-item bills-${r.record}`} role="row" data-testid="bills-row" data-bill={r.billNo}>
          <span className="bills-no">{t('bills.billNo', { no: r.billNo })}</span>
          <span className="bills-time">{time(r.paidAt)}</span>
          <span className="bills-table">{r.tableName}</span>
          <span className="bills-method" data-testid="bills-method">{methodsText(r, (m) => t(`pay.methods.${m}`), t('bills.detail.deposit'))}</span>
          <span className="bills-doc" title={r.documentNo || undefined} data-testid="bills-doc">
            {/* A document number (B001-2) never breaks at its hyphen; a split's several (F001-1, F001-2...) wrap one per line. */}
            {t(`pay.doc.kinds.${r.document}`)}{' '}
            {/* The comma and space sit outside the unbreakable number: the break between two documents is there. */}
            {r.documentNo.split(', ').map((no, i) => (
              <Fragment key={no}>
                {i > 0 && ', '}
                <span className="nowrap">{no}</span>
              </Fragment>
            ))}
          </span>
          <span className="bills-people">{t('bills.people', { count: r.people })}</span>
          <span className="bills-operator">{staffNameOf(props.state, r.operator)}</span>
          <span className="bills-state">
            {r.record !== 'normal' && <b className="bills-badge">{t(`bills.records.${r.record}`)}</b>}
            {r.isAccount === 1 && <b className="bills-badge">{t('bills.onAccountFlag')}</b>}
            {r.refundedCents > 0 && r.record === 'normal' && <span className="bills-refunded">{t('bills.refunded', { amount: formatSoles(r.refundedCents) })}</span>}
          </span>
          <span className="bills-total">{formatSoles(r.totalCents)}</span>
        </Link>
      ))}
    </div>
  );
}
