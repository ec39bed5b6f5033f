import { JOB_LIST_STATUSES, type JobListPage, type JobSummary } from '#protocol';
import { getJson, type As } from './test-hub.ts';

/**
 * Every job a hub holds, as summaries, read the way a device reads them:
 * `GET /api/jobs` page by page for each status group (a caller holding
 * `settings`). For system tests whose hub runs in another process; a test
 * with the hub in hand reads `engine.jobs` instead.
 */
export async function allJobSummaries(base: string, as: As = {}): Promise<JobSummary[]> {
  const out: JobSummary[] = [];
  for (const status of JOB_LIST_STATUSES) {
    let cursor: string | null = null;
    do {
      const query: string = `/api/jobs?status=${status}&limit=100${cursor !== null ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const r = await getJson<JobListPage | { ok: false; code: string }>(base, query, as);
      if (r.status !== 200 || !r.body.ok) throw new Error(`GET ${query} answered ${r.status} ${JSON.stringify(r.body)}`);
      out.push(...r.body.jobs);
      cursor = r.body.next;
    } while (cursor !== null);
  }
  return out;
}
