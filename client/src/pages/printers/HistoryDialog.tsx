import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { PrintHistoryItem, Printer } from '#protocol';
import { useCanSend } from '../../auth/aliases.ts';
import { errorText } from '../../i18n/keys.ts';
import { PATHS } from '../../routes.ts';
import { useView } from '../../sync/view.ts';
import { Dialog } from '../../ui/Dialog.tsx';
import { showToast } from '../../ui/ui-store.ts';
import { historyRows, type HistoryRow } from './history-rows.ts';
import { fetchHistory } from './printers-api.ts';
import { sendAndWait } from './printer-send.ts';

/**
 * A printer's print history: when, what (kitchen ticket of table X, receipt
 * of bill N, pre-bill, test), what became of it and why it failed; Reprint
 * (the `reprint` alias) for jobs the hub still holds; a failed or
 * maybe-printed job links to the stuck-jobs page, where it is retried or
 * cancelled. Fetched page by page, kept live by the replica's jobs.
 */
export function HistoryDialog(props: { printer: Printer; onClose: () => void }) {
  const { t } = useTranslation();
  const { state } = useView();
  const [fetched, setFetched] = useState<PrintHistoryItem[]>([]);
  const [failed, setFailed] = useState(false);
  const [before, setBefore] = useState<string | undefined>(undefined);
  const [more, setMore] = useState(false);
  useEffect(() => {
    let live = true;
    void fetchHistory(props.printer.id, before).then((r) => {
      if (!live) return;
      if (!r.ok) return setFailed(true);
      setFetched((prev) => [...prev, ...r.body.jobs]);
      setMore(r.body.more);
    });
    return () => {
      live = false;
    };
  }, [props.printer.id, before]);
  const rows = historyRows(props.printer.id, fetched, state);
  const oldest = fetched.at(-1)?.createdAt;
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
      {rows.length === 0 && !failed && <p className="empty">{t('printers.historyView.empty')}</p>}
      <ul className="alert-list printer-history" data-testid="printer-history-list">
        {rows.map((row) => (
          <HistoryLine key={row.jobId} row={row} />
        ))}
      </ul>
      {more && oldest && (
        <button className="btn btn-small" onClick={() => setBefore(oldest)}>
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
