import { jobLane } from '#hub/domain/jobs/lane.ts';
import { prng } from '#hub/testing/prng.ts';
import type { DomainEvent, Job, JobKind, JobListStatus } from '#protocol';
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

// Random streams of job events (the table tests).

export const T0 = Date.parse('2025-03-15T00:30:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();
export const SUMMARY_IDS = ['RC-1', 'RC-2', 'RC-3', '__proto__'];

export function makeJob(id: string, kind: JobKind, at: number, nextAt: number, r: () => number, summaryNo: number): Job {
  const base = { id, status: 'pending' as const, attempts: 0, nextAt: iso(nextAt), reason: null, createdAt: iso(at), updatedAt: iso(at) };
  const printerId = r() < 0.5 ? 'p1' : 'p2';
  switch (kind) {
    case 'print':
      return { ...base, kind, payload: { printerId, purpose: 'kitchen', document: { lines: [] } } } as unknown as Job;
    case 'drawer.kick':
      return { ...base, kind, payload: { printerId, reason: 'sale' } };
    case 'einvoice.send':
      return { ...base, kind, payload: { key: `B001-${id}` } };
    case 'einvoice.summary':
      return { ...base, kind, payload: { key: SUMMARY_IDS[summaryNo % SUMMARY_IDS.length]! } };
    case 'export.day':
      return { ...base, kind, payload: { day: '2025-03-14' } };
    default:
      return { ...base, kind: 'test.echo', payload: { text: id } };
  }
}

const KINDS: JobKind[] = ['print', 'print', 'print', 'drawer.kick', 'einvoice.send', 'einvoice.summary', 'export.day', 'test.echo'];

/** A stream of records, each a few job events, about known jobs mostly. */
export function stream(seed: number, records: number): DomainEvent[][] {
  const r = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const ids: string[] = [];
  let now = T0;
  let made = 0;
  let summaries = 0;
  const out: DomainEvent[][] = [];
  for (let i = 0; i < records; i++) {
    // Time goes on, and sometimes stands still (ties must be settled by creation order).
    if (r() < 0.7) now += Math.floor(r() * 5_000);
    const at = iso(now);
    const events: DomainEvent[] = [];
    for (let k = 0, count = 1 + Math.floor(r() * 3); k < count; k++) {
      const known = ids.length > 0 ? pick(ids) : 'nobody';
      const x = r();
      if (x < 0.3 || ids.length === 0) {
        const kind = pick(KINDS);
        // A summary job per summary id, as the rules make them.
        if (kind === 'einvoice.summary' && summaries >= SUMMARY_IDS.length) continue;
        const id = `cmd-${made++}.0`;
        ids.push(id);
        const job = makeJob(id, kind, now, now + Math.floor(r() * 3) * 60_000 - 30_000, r, kind === 'einvoice.summary' ? summaries++ : 0);
        events.push({ type: 'job.created', job });
      } else if (x < 0.45) events.push({ type: 'job.started', jobId: known, at });
      else if (x < 0.5) events.push({ type: 'job.writing', jobId: known, at });
      else if (x < 0.6) events.push({ type: 'job.succeeded', jobId: known, at });
      else if (x < 0.72) events.push({ type: 'job.failed', jobId: known, at, reason: 'DEVICE_OFFLINE', retryAt: r() < 0.7 ? iso(now + Math.floor(r() * 120_000)) : null });
      else if (x < 0.77) events.push({ type: 'job.interrupted', jobId: known, at, status: r() < 0.5 ? 'maybeDone' : 'pending' });
      else if (x < 0.82) events.push({ type: 'job.retried', jobId: known, at });
      else if (x < 0.88) events.push({ type: 'job.cancelled', jobId: known, at });
      else if (x < 0.93) events.push({ type: 'job.pruned', jobIds: [known, pick(ids), '__proto__', 'constructor'] });
      // Events about jobs nobody knows (pruned long ago, or hostile) change nothing.
      else events.push({ type: 'job.started', jobId: pick(['__proto__', 'toString', 'gone.7']), at });
    }
    out.push(events);
  }
  return out;
}
