import type { JobDetailReply, JobKind, JobListPage, JobListStatus } from '#protocol';
import { JOB_PAGE_MAX } from '#protocol';
import { api, type ApiResult } from '../../auth/api.ts';

/** What a list asks for: a status group, optionally one printer or kind. */
export type JobFilter = { status: JobListStatus; printerId?: string; kind?: JobKind };

/** GET /api/jobs: one page, newest first; `cursor` is the previous page's `next`. */
export function fetchJobs(filter: JobFilter, cursor?: string, limit?: number): Promise<ApiResult<JobListPage>> {
  const q = new URLSearchParams({ status: filter.status });
  if (filter.printerId) q.set('printerId', filter.printerId);
  if (filter.kind) q.set('kind', filter.kind);
  if (cursor) q.set('cursor', cursor);
  if (limit) q.set('limit', String(limit));
  return api('GET', `/api/jobs?${q.toString()}`);
}

/**
 * The first `count` rows (at least one page), fetched page after page: what a
 * list that had loaded that many asks again when the board says its jobs
 * moved. Answers one page-shaped result: the rows, the cursor after the
 * last, the hub's total.
 */
export async function fetchFirstJobs(filter: JobFilter, count: number): Promise<ApiResult<JobListPage>> {
  const rows: JobListPage['jobs'] = [];
  let cursor: string | undefined;
  for (;;) {
    const r = await fetchJobs(filter, cursor, Math.min(JOB_PAGE_MAX, Math.max(1, count - rows.length)));
    if (!r.ok) return r;
    rows.push(...r.body.jobs);
    if (r.body.next === null || rows.length >= count) return { ok: true, body: { ...r.body, jobs: rows } };
    cursor = r.body.next;
  }
}

/** GET /api/jobs/:id: one job whole, its document included (owners and managers). */
export function fetchJob(jobId: string): Promise<ApiResult<JobDetailReply>> {
  return api('GET', `/api/jobs/${encodeURIComponent(jobId)}`);
}
