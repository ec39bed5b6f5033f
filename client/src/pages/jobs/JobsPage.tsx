import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Job } from '#protocol';
import { enqueue } from '../../sync/outbox.ts';
import { useView } from '../../sync/view.ts';
import { queuedCount, stuckJobs } from './stuck-jobs.ts';
import '../staff/staff.css';

/**
 * Failed and maybe-done jobs (not in SPEC.md: /pages/jobs/index), for owner
 * and manager: retry or cancel each. Live: the list is the replica's jobs,
 * so a job another device retried leaves this list at once.
 */
export function JobsPage() {
  const { t } = useTranslation();
  const { state } = useView();
  const jobs = stuckJobs(state);
  const queued = queuedCount(state);
  return (
    <div className="staff-page" data-testid="jobs-page">
      <div className="page-head">
        <h1>{t('jobs.title')}</h1>
        {queued > 0 && <span className="badge" data-testid="jobs-queued">{t('jobs.queued', { count: queued })}</span>}
      </div>
      <p className="hint">{t('jobs.hint')}</p>
      {jobs.length === 0 ? (
        <p className="empty" data-testid="jobs-empty">{t('jobs.empty')}</p>
      ) : (
        <ul className="panel alert-list" data-testid="jobs-list">
          {jobs.map((job) => (
            <JobRow key={job.id} job={job} />
          ))}
        </ul>
      )}
    </div>
  );
}

function JobRow(props: { job: Job }) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { job } = props;
  return (
    <li data-testid={`job-${job.id}`}>
      <div>
        <b>{t(`jobs.kinds.${job.kind}`)}</b> · <span className={job.status === 'failed' ? 'badge badge-off' : 'badge'}>{t(`jobs.status.${job.status}`)}</span>
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
        <button className="btn btn-small" data-testid="job-retry" onClick={() => void enqueue('job.retry', { jobId: job.id })}>
          {t('jobs.retry')}
        </button>
        {confirming ? (
          <button className="btn btn-small staff-disable" data-testid="job-cancel-confirm" onClick={() => void enqueue('job.cancel', { jobId: job.id })}>
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
