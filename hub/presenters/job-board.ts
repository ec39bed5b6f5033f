import type { Job, JobBoard, JobKind, JobReason, JobSummary, LaneStatus } from '#protocol';
import { BOARD_STUCK_LIMIT } from '#protocol';
import { holds, type Viewer } from './viewer.ts';

/**
 * What devices see of the hub's jobs (issue 20): the job board, built from
 * the job table's per-lane counters and the first page of its stuck index,
 * never from a scan of all jobs, so it costs O(lanes + 50) however many
 * tickets wait for a printer that is off. Pure: the table is handed in.
 */

/** One lane's counters as the job table keeps them (hub/engine/job-table.ts). */
export type LaneCounters = {
  key: string;
  kind: JobKind;
  printerId: string | null;
  waiting: number;
  running: Job | null | number;
  stuck: number;
  nextAt: string | null;
  lastReason: JobReason | null;
};

/** What the board reads of the job table: its lanes' counters, and the newest stuck jobs (an index page). */
export type BoardSource = {
  laneCounters(): Iterable<LaneCounters>;
  newestStuck(limit: number): readonly Job[];
};

const MAX_TITLE = 80;

/** What a print job is about, as data (the table's name or a takeout's code, the bill's number, the Z report's day), never a translated word. */
function printTitle(job: Extract<Job, { kind: 'print' }>): string {
  const p = job.payload;
  // A take-away's ticket has no table: its order code (T-0042), as its delivery slip (issue 21).
  if (p.ticket) return p.ticket.takeout?.code ?? p.ticket.table;
  if (p.slip) return p.slip.code;
  if (p.billNo !== undefined) return String(p.billNo);
  if (p.shift) return p.shift.day;
  return '';
}

/** A job's one-line subject as data (see JobSummary.title). */
function titleOf(job: Job): string {
  switch (job.kind) {
    case 'print':
      return printTitle(job);
    case 'einvoice.send':
    case 'einvoice.summary':
      return job.payload.key;
    case 'export.day':
    case 'export.deliver':
      return job.payload.day;
    case 'backup.make':
      return job.payload.reason;
    case 'test.echo':
    case 'test.mark':
      return job.payload.text;
    case 'drawer.kick':
      return '';
  }
}

/**
 * A job without its document: no ticket lines, no receipt, no e-invoice, no
 * amount. What a list row and the board's stuck list carry.
 */
export function jobSummary(job: Job): JobSummary {
  const printerId = job.kind === 'print' || job.kind === 'drawer.kick' ? job.payload.printerId : null;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    attempts: job.attempts,
    reason: job.reason,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    nextAt: job.nextAt,
    printerId,
    purpose: job.kind === 'print' ? job.payload.purpose : null,
    title: titleOf(job).slice(0, MAX_TITLE),
  };
}

const runningCount = (running: LaneCounters['running']): number => (typeof running === 'number' ? running : running ? 1 : 0);

/** A lane's counters as devices see them (the running job itself stays on the hub). */
export function laneStatus(c: LaneCounters): LaneStatus {
  return { key: c.key, kind: c.kind, printerId: c.printerId, waiting: c.waiting, running: runningCount(c.running), stuck: c.stuck, nextAt: c.nextAt, lastReason: c.lastReason };
}

const isEinvoice = (kind: JobKind) => kind === 'einvoice.send' || kind === 'einvoice.summary';

/**
 * The board as holders of `settings` see it, computed once per push and then
 * narrowed per viewer (`boardFor`). Lanes with nothing waiting, running or
 * stuck are left out. `einvoice.held`: e-invoices waiting in a lane whose
 * last try failed (SUNAT down, no certificate): they go when that clears.
 */
export function fullBoard(source: BoardSource): JobBoard {
  const lanes: LaneStatus[] = [];
  const totals = { waiting: 0, running: 0, stuck: 0 };
  const einvoice = { waiting: 0, held: 0, stuck: 0 };
  for (const counters of source.laneCounters()) {
    const lane = laneStatus(counters);
    if (lane.waiting === 0 && lane.running === 0 && lane.stuck === 0) continue;
    lanes.push(lane);
    totals.waiting += lane.waiting;
    totals.running += lane.running;
    totals.stuck += lane.stuck;
    if (isEinvoice(lane.kind)) {
      einvoice.waiting += lane.waiting + lane.running;
      if (lane.lastReason !== null) einvoice.held += lane.waiting;
      einvoice.stuck += lane.stuck;
    }
  }
  // Printers first, by printer id, then the other kinds: the same order on every push.
  lanes.sort((a, b) => (a.printerId === null ? 1 : 0) - (b.printerId === null ? 1 : 0) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const stuck = source.newestStuck(BOARD_STUCK_LIMIT).slice(0, BOARD_STUCK_LIMIT).map(jobSummary);
  return { lanes, totals, stuck, stuckTotal: totals.stuck, einvoice };
}

/** Whether this viewer sees stuck jobs' summaries (who retries and cancels them: owners, managers). */
export const seesStuckJobs = (viewer: Viewer) => holds(viewer, 'settings');

/**
 * The board one viewer receives: the counts for everyone signed in (a
 * waiter sees the kitchen printer's queue), the stuck summaries only for
 * holders of `settings`. A summary carries no amount, so the kitchen role
 * (issue 18 item 4) gets nothing to zero.
 */
export function boardFor(full: JobBoard, viewer: Viewer): JobBoard {
  return seesStuckJobs(viewer) ? full : { ...full, stuck: [] };
}
