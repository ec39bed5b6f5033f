import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PrintHistoryItem, Printer } from '#protocol';
import { useCanSend } from '../../auth/aliases.ts';
import { errorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { lanesStamp, useJobBoard } from '../../sync/job-board.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { historyRows, mergeHistory, type HistoryRow } from './history-rows.ts';
import { fetchHistory } from './printers-api.ts';
import { sendAndWait } from './printer-send.ts';

/**
 * A printer's print history: when, what (kitchen ticket of table X, receipt
 * of bill N, pre-bill, test), what became of it and why it failed; Reprint
 * (the `reprint` alias) for jobs the hub still holds; a failed or
 * maybe-printed job links to the stuck-jobs page, where it is retried or
 * cancelled. Fetched page by page; the first page is asked again whenever the
 * printer's lane on the job board moves (a ticket made, printed, stuck), so
 * the dialog stays live without jobs in the replica.
 */
export function HistoryDialog(props: { printer: Printer; onClose: () => void }) {
  const { t } = useTranslation();
  const board = useJobBoard();
  const stamp = lanesStamp(board, (lane) => lane.printerId === props.printer.id);
  const [items, setItems] = useState<PrintHistoryItem[]>([]);
  const [failed, setFailed] = useState(false);
  /** Where "more" goes on from: the oldest job of the pages asked with "more" (null: not known yet). */
  const [paging, setPaging] = useState<{ oldest: string | undefined; more: boolean } | null>(null);
  useEffect(() => {
    let live = true;
    void fetchHistory(props.printer.id).then((r) => {
      if (!live) return;
      if (!r.ok) return setFailed(true);
      setFailed(false);
      setItems((prev) => mergeHistory(prev, r.body.jobs));
      setPaging((prev) => prev ?? { oldest: r.body.jobs.at(-1)?.createdAt, more: r.body.more });
    });
    return () => {
      live = false;
    };
  }, [props.printer.id, stamp]);
  const more = async (before: string) => {
    const r = await fetchHistory(props.printer.id, before);
    if (!r.ok) return setFailed(true);
    setItems((prev) => mergeHistory(prev, r.body.jobs));
    setPaging({ oldest: r.body.jobs.at(-1)?.createdAt ?? before, more: r.body.more });
  };
  const rows = historyRows(props.printer.id, items);
  return (
    <Dialog
      title={t('printers.historyView.title', { name: props.printer.name })}
      onClose={props.onClose}
      wide
      footer={
        <button className="btn" onClick={props.onClose}>
          {t('common.close')}
        </button>
      }
    >
      {failed && <p className="field-error">{t('printers.historyView.loadFailed')}</p>}
      {rows.length === 0 && !failed && paging && <p className="empty">{t('printers.historyView.empty')}</p>}
      <ul className="alert-list printer-history" data-testid="printer-history-list">
        {rows.map((row) => (
          <HistoryLine key={row.jobId} row={row} />
        ))}
      </ul>
      {paging?.more && paging.oldest && (
        <button className="btn btn-small" onClick={() => void more(paging.oldest!)}>
          {t('printers.historyView.more')}
        </button>
      )}
    </Dialog>
  );
}

function HistoryLine(props: { row: HistoryRow }) {
  const { t, i18n } = useTranslation();
  const canReprint = useCanSend('print.reprint');
  const { row } = props;
  const reprint = async () => {
    const sent = await sendAndWait('print.reprint', { jobId: row.jobId });
    if (sent.kind === 'refused') showToast(errorText(t, sent.code), 'error');
    else showToast(t('printers.historyView.reprintSent'));
  };
  const what = [
    t(`printers.historyView.purposes.${row.purpose}`),
    ...(row.table ? [t('printers.historyView.table', { table: row.table })] : []),
    ...(row.billNo !== null ? [t('printers.historyView.bill', { billNo: row.billNo })] : []),
    ...(row.reprint ? [t('printers.historyView.reprintMark')] : []),
  ].join(' · ');
  const bad = row.outcome === 'failed' || row.outcome === 'maybePrinted';
  return (
    <li data-testid={`history-${row.jobId}`}>
      <div>
        <b>{what}</b>
        <div className="hint">
          {new Date(row.at).toLocaleString(i18n.language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })} ·{' '}
          <span className={bad ? 'badge badge-off' : row.outcome === 'printed' ? 'badge badge-ok' : 'badge'} data-testid="history-outcome">
            {t(`printers.historyView.outcomes.${row.outcome}`)}
          </span>
          {row.reason && <> — {t(`jobs.reasons.${row.reason}`)}</>}
        </div>
      </div>
      <div className="printer-actions">
        {row.stuck && (
          <Link href={PATHS.jobs} className="btn btn-small">
            {t('printers.historyView.stuck')}
          </Link>
        )}
        {canReprint && row.reprintable && (
          <button className="btn btn-small" onClick={() => void reprint()} data-testid="history-reprint">
            {t('printers.historyView.reprint')}
          </button>
        )}
      </div>
    </li>
  );
}
