import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode, JobSummary } from '#protocol';
import { getOwn } from '#domain';
import { errorText } from '../../i18n/keys.ts';
import { useJobBoard } from '../../sync/job-board.ts';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { fetchFirstJobs, fetchJobs } from './jobs-api.ts';
import { summarySubject } from './job-text.ts';
import { queuedCount, queuedLanes, stuckStamp, visibleStuck } from './stuck-jobs.ts';
import '../staff/staff.css';
import './jobs.css';

/** Rows asked for at a time. */
const PAGE = 20;

type Listing = { rows: JobSummary[]; next: string | null; total: number } | { failed: ErrorCode } | null;

/**
 * Failed and maybe-done jobs (not in SPEC.md: /pages/jobs/index), for owner
 * and manager: retry or cancel each. Jobs are not in the replica (issue 20):
 * the list is `GET /api/jobs?status=stuck`, page by page, asked again when
 * the job board (pushed live) says the stuck jobs changed; the queue count
 * and where it waits (each printer, each other lane) are the board's. A row retried or cancelled here leaves at once.
 */
export function JobsPage() {
  const { t } = useTranslation();
  const board = useJobBoard();
  const { state } = useView();
  const stamp = stuckStamp(board);
  const [listing, setListing] = useState<Listing>(null);
  const [shown, setShown] = useState(PAGE);
  const [actedOn, setActedOn] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    // What is shown stays shown: as many rows as loaded, plus the stuck jobs the board counts since.
    const grown = listing && 'rows' in listing ? Math.max(0, board.stuckTotal - listing.total) : 0;
    void fetchFirstJobs({ status: 'stuck' }, shown + grown).then((r) => {
      if (!live) return;
      setListing(r.ok ? { rows: r.body.jobs, next: r.body.next, total: r.body.total } : { failed: r.code });
      if (r.ok) setShown(Math.max(PAGE, r.body.jobs.length));
    });
    return () => {
      live = false;
    };
    // Asked again only when the board says the stuck jobs moved; "more" appends by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stamp]);
  const more = async (cursor: string) => {
    const r = await fetchJobs({ status: 'stuck' }, cursor, PAGE);
    if (!r.ok) return;
    setListing((prev) => (prev && 'rows' in prev ? { rows: [...prev.rows, ...r.body.jobs], next: r.body.next, total: r.body.total } : prev));
    setShown((n) => n + r.body.jobs.length);
  };
  const acted = (job: JobSummary) => setActedOn((prev) => new Map(prev).set(job.id, job.updatedAt));
  const queued = queuedCount(board);
  const rows = listing && 'rows' in listing ? visibleStuck(listing.rows, actedOn) : [];
  return (
    <div className="staff-page" data-testid="jobs-page">
      <div className="page-head">
        <h1>{t('jobs.title')}</h1>
        {queued > 0 && (
          <span className="badge" data-testid="jobs-queued">
            {t('jobs.queued', { count: queued })}
          </span>
        )}
      </div>
      <p className="hint">{t('jobs.hint')}</p>
      {queued > 0 && (
        <ul className="jobs-lanes" data-testid="jobs-lanes">
          {queuedLanes(board).map((lane) => (
            <li key={lane.key}>
              {(lane.printerId && state && getOwn(state.printers, lane.printerId)?.name) || t(`jobs.kinds.${lane.kind}`)} · {t('printers.lane.waiting', { count: lane.queued })}
            </li>
          ))}
        </ul>
      )}
      {listing && 'failed' in listing && <p className="field-error">{errorText(t, listing.failed)}</p>}
      {listing && 'rows' in listing && rows.length === 0 && (
        <p className="empty" data-testid="jobs-empty">
          {t('jobs.empty')}
        </p>
      )}
      {rows.length > 0 && (
        <>
          <p className="hint" data-testid="jobs-stuck-total">
            {t('jobs.stuckTotal', { count: listing && 'rows' in listing ? listing.total : rows.length })}
          </p>
          <ul className="panel alert-list" data-testid="jobs-list">
            {rows.map((job) => (
              <JobRow key={job.id} job={job} printerName={(job.printerId && state && getOwn(state.printers, job.printerId)?.name) || null} onActed={() => acted(job)} />
            ))}
          </ul>
        </>
      )}
      {listing && 'rows' in listing && listing.next !== null && (
        <button className="btn btn-small" data-testid="jobs-more" onClick={() => void more(listing.next!)}>
          {t('jobs.more')}
        </button>
      )}
    </div>
  );
}

function JobRow(props: { job: JobSummary; printerName: string | null; onActed: () => void }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { job } = props;
  const subject = summarySubject(t, job, props.printerName);
  return (
    <li data-testid={`job-${job.id}`}>
      <div>
        <b>{t(`jobs.kinds.${job.kind}`)}</b> · <span className={job.status === 'failed' ? 'badge badge-off' : 'badge'}>{t(`jobs.status.${job.status}`)}</span>
        {subject && <div data-testid="job-subject">{subject}</div>}
        <div className="hint">
          {new Date(job.createdAt).toLocaleString(i18n.language)}
          {job.reason && <> — {t(`jobs.reasons.${job.reason}`)}</>} · {t('jobs.attempts', { count: job.attempts })}
        </div>
        {job.status === 'maybeDone' && <div className="hint">{t('jobs.maybeDoneHint')}</div>}
        {confirming && (
          <div className="hint">
            <b>{t('jobs.cancelTitle')}</b> {t('jobs.cancelBody')}
          </div>
        )}
      </div>
      <div className="page-head">
        <button
          className="btn btn-small"
          data-testid="job-retry"
          onClick={() => {
            props.onActed();
            void enqueue('job.retry', { jobId: job.id });
          }}
        >
          {t('jobs.retry')}
        </button>
        {confirming ? (
          <button
            className="btn btn-small staff-disable"
            data-testid="job-cancel-confirm"
            onClick={() => {
              props.onActed();
              void enqueue('job.cancel', { jobId: job.id });
            }}
          >
            {t('jobs.cancel')}
          </button>
        ) : (
          <button className="btn btn-small" data-testid="job-cancel" onClick={() => setConfirming(true)}>
            {t('jobs.cancel')}
          </button>
        )}
      </div>
    </li>
  );
}
