import { jobLane } from '#hub/domain/jobs/lane.ts';
import type { Job, JobListStatus } from '#protocol';
import { JOB_LIST_STATUSES } from '#protocol';
import type { JobTableView, LaneCounters } from './job-table.ts';

/**
 * Everything a reader can see of a job table, in one comparable value
 * (tests): the jobs in creation order, each lane's counters and head, the
 * totals, every status group read page by page (small pages, so the cursors
 * are crossed), and the prune order. Two tables with equal dumps answer
 * every question alike.
 */
export type TableDump = {
  jobs: Job[];
  lanes: Record<string, { counters: LaneCounters; head: string | null }>;
  totals: Record<string, number>;
  pages: Record<string, string[]>;
  prunable: string[];
  summaries: Record<string, string | null>;
};

const PAGE = 3;
/** Page queries every dump reads: each group whole, by a printer, by a kind, by both. */
const FILTERS: { printerId?: string; kind?: Job['kind'] }[] = [{}, { printerId: 'p1' }, { printerId: 'p2' }, { kind: 'print' }, { kind: 'einvoice.send' }, { printerId: 'p1', kind: 'drawer.kick' }];

export function dumpTable(t: JobTableView, pruneBefore: string, summaryIds: readonly string[] = []): TableDump {
  const lanes: TableDump['lanes'] = {};
  for (const key of [...t.laneKeys()].sort()) lanes[key] = { counters: t.laneCounter(key)!, head: t.laneHead(key)?.id ?? null };
  const pages: TableDump['pages'] = {};
  for (const status of JOB_LIST_STATUSES) {
    for (const f of FILTERS) {
      const ids: string[] = [];
      let cursor: string | undefined;
      let total = -1;
      for (let guard = 0; guard < 10_000; guard++) {
        const page = t.list({ status, limit: PAGE, ...f, ...(cursor ? { cursor } : {}) });
        total = page.total;
        ids.push(...page.jobs.map((j) => j.id));
        if (!page.next) break;
        cursor = page.next;
      }
      pages[`${status} ${JSON.stringify(f)} total ${total}`] = ids;
    }
  }
  const summaries: TableDump['summaries'] = {};
  for (const id of summaryIds) summaries[id] = t.summaryJob(id)?.id ?? null;
  return { jobs: [...t.values()], lanes, totals: { ...t.totals() }, pages, prunable: t.prunableBefore(pruneBefore, 1_000_000), summaries };
}

const ms = (iso: string) => Date.parse(iso);
const groupOf = (j: Job): JobListStatus =>
  j.status === 'pending' ? 'waiting' : j.status === 'running' ? 'running' : j.status === 'failed' || j.status === 'maybeDone' ? 'stuck' : 'finished';
const printerOf = (j: Job) => (j.kind === 'print' || j.kind === 'drawer.kick' ? j.payload.printerId : null);

/**
 * The same dump computed the slow way from the jobs alone (`jobs` in creation
 * order): what the table's indexes must always agree with.
 */
export function naiveDump(jobs: readonly Job[], pruneBefore: string, summaryIds: readonly string[] = []): TableDump {
  const n = new Map(jobs.map((j, i) => [j.id, i]));
  const newestFirst = (a: Job, b: Job) => ms(b.updatedAt) - ms(a.updatedAt) || n.get(b.id)! - n.get(a.id)!;
  const lanes: TableDump['lanes'] = {};
  const keys = [...new Set(jobs.map((j) => jobLane(j).key))].sort();
  for (const key of keys) {
    const inLane = jobs.filter((j) => jobLane(j).key === key);
    const { ordered } = jobLane(inLane[0]!);
    const pending = inLane.filter((j) => j.status === 'pending');
    const head = ordered ? pending[0] : [...pending].sort((a, b) => ms(a.nextAt) - ms(b.nextAt) || n.get(a.id)! - n.get(b.id)!)[0];
    const running = inLane.filter((j) => j.status === 'running').sort((a, b) => -newestFirst(a, b))[0];
    const first = inLane[0]!;
    lanes[key] = {
      counters: {
        key,
        kind: first.kind === 'drawer.kick' ? 'print' : first.kind === 'einvoice.summary' ? 'einvoice.send' : first.kind,
        printerId: printerOf(first),
        waiting: pending.length,
        running: running ?? null,
        stuck: inLane.filter((j) => groupOf(j) === 'stuck').length,
        nextAt: head?.nextAt ?? null,
        lastReason: head?.reason ?? null,
      },
      head: head?.id ?? null,
    };
  }
  const pages: TableDump['pages'] = {};
  for (const status of JOB_LIST_STATUSES) {
    for (const f of FILTERS) {
      const rows = jobs
        .filter((j) => groupOf(j) === status && (f.printerId === undefined || (printerOf(j) === f.printerId && jobLane(j).key === `printer:${f.printerId}`)) && (f.kind === undefined || j.kind === f.kind))
        .sort(newestFirst);
      pages[`${status} ${JSON.stringify(f)} total ${rows.length}`] = rows.map((j) => j.id);
    }
  }
  const count = (g: JobListStatus) => jobs.filter((j) => groupOf(j) === g).length;
  const prunable = jobs
    .filter((j) => groupOf(j) === 'finished' && ms(j.updatedAt) < ms(pruneBefore))
    .sort((a, b) => -newestFirst(a, b))
    .map((j) => j.id);
  const summaries: TableDump['summaries'] = {};
  for (const id of summaryIds) summaries[id] = jobs.findLast((j) => j.kind === 'einvoice.summary' && j.payload.key === id)?.id ?? null;
  return { jobs: [...jobs], lanes, totals: { waiting: count('waiting'), running: count('running'), stuck: count('stuck'), finished: count('finished') }, pages, prunable, summaries };
}
