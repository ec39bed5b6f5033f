import { useTranslation } from 'react-i18next';
import type { DocumentMeta } from '#hub/einvoice/outbox/types.ts';
import { formatSoles } from '#hub/domain/money.ts';
import { canCorrect, canRequeue, centsOf, dayText, deadlineOf, documentNumber, downloadPath, hasCdr, referenceOf, statusTone } from './doc-view.ts';

/**
 * The documents as one table that reads as a table on a till or tablet and
 * as one card per document on a phone (documents.css: each cell carries its
 * column's name for the card layout).
 */
/** What a row's buttons do; null where the person may not. */
type RowActions = { onCorrect: ((meta: DocumentMeta) => void) | null; onRequeue: ((meta: DocumentMeta) => void) | null };

export function DocumentsTable(props: { documents: readonly DocumentMeta[]; today: string } & RowActions) {
  const { t } = useTranslation();
  return (
    // A narrow tablet scrolls the table sideways inside its frame rather than the whole page.
    <div className="docs-table-wrap">
      <table className="docs-table" data-testid="docs-list">
        <thead>
          <tr>
            <th>{t('fiscalDocs.columns.number')}</th>
            <th>{t('fiscalDocs.columns.date')}</th>
            <th>{t('fiscalDocs.columns.buyer')}</th>
            <th className="docs-num">{t('fiscalDocs.columns.total')}</th>
            <th>{t('fiscalDocs.columns.status')}</th>
            <th>{t('fiscalDocs.columns.sunat')}</th>
            <th>{t('fiscalDocs.columns.deadline')}</th>
            <th>
              <span className="docs-sr">{t('fiscalDocs.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {props.documents.map((d) => (
            <DocumentRow key={`${d.day}/${d.key}`} meta={d} today={props.today} onCorrect={props.onCorrect} onRequeue={props.onRequeue} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DocumentRow(props: { meta: DocumentMeta; today: string } & RowActions) {
  const { t, i18n } = useTranslation();
  const { meta: d } = props;
  const deadline = deadlineOf(d, props.today);
  const ref = d.reference ? referenceOf(d.reference) : null;
  const buyer = d.customer && d.customer.idType !== '-' ? `${d.customer.name || d.customer.idNumber} · ${d.customer.idNumber}` : t('fiscalDocs.finalConsumer');
  return (
    <tr data-testid={`doc-${d.key}`}>
      <td className="docs-head-cell">
        <b className="docs-number">{documentNumber(d)}</b> <span className="hint">{t(`fiscalDocs.kindNames.${d.kind}`)}</span>
        {d.reference && <div className="hint">{t('fiscalDocs.corrects', { key: ref ? `${t(`fiscalDocs.kindNames.${ref.type}`)} ${ref.number}` : d.reference })}</div>}
      </td>
      <td data-label={t('fiscalDocs.columns.date')} className="docs-date">
        {dayText(d.day, i18n.language)} {d.time.slice(0, 5)}
      </td>
      <td data-label={t('fiscalDocs.columns.buyer')} className="docs-buyer">
        {d.kind === 'RC' || d.kind === 'RA' ? t('fiscalDocs.lines', { count: d.lines.length }) : buyer}
      </td>
      <td data-label={t('fiscalDocs.columns.total')} className="docs-num">
        {formatSoles(centsOf(d.total))}
      </td>
      <td data-label={t('fiscalDocs.columns.status')}>
        <span className={`docs-chip docs-chip-${statusTone(d.status)}`} data-testid="doc-status">
          {t(`fiscalDocs.statuses.${d.status}`)}
        </span>
      </td>
      <td data-label={t('fiscalDocs.columns.sunat')} className="docs-sunat" data-testid="doc-sunat">
        {d.sunat ? (
          <span>
            <b>{d.sunat.code}</b> {d.sunat.text}
            {d.sunat.notes.map((n, i) => (
              <span key={i} className="hint docs-note">
                {n.code ? `${n.code} ` : ''}
                {n.text}
              </span>
            ))}
          </span>
        ) : (
          <span className="hint">{t('fiscalDocs.noAnswer')}</span>
        )}
      </td>
      <td data-label={t('fiscalDocs.columns.deadline')} className={`docs-date${deadline?.overdue ? ' docs-overdue' : ''}`} data-testid="doc-deadline">
        {deadline ? t(deadline.overdue ? 'fiscalDocs.overdue' : 'fiscalDocs.deadlineOn', { day: dayText(deadline.day, i18n.language) }) : '—'}
      </td>
      <td className="docs-actions-cell">
        <div className="docs-actions">
          <a className="btn btn-small" href={downloadPath(d, 'xml')} download data-testid="doc-xml">
            {t('fiscalDocs.xml')}
          </a>
          {hasCdr(d) && (
            <a className="btn btn-small" href={downloadPath(d, 'cdr')} download data-testid="doc-cdr">
              {t('fiscalDocs.cdr')}
            </a>
          )}
          {props.onCorrect && canCorrect(d) && (
            <button className="btn btn-small btn-danger" onClick={() => props.onCorrect?.(d)} data-testid="doc-correct">
              {t('fiscalDocs.correct')}
            </button>
          )}
          {props.onRequeue && canRequeue(d) && (
            <button className="btn btn-small btn-primary" onClick={() => props.onRequeue?.(d)} data-testid="doc-requeue">
              {t('fiscalDocs.requeue')}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
