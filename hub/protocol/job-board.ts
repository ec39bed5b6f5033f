import { z } from 'zod';
import { JOB_KINDS, JOB_STATUSES, jobReasonSchema, type Job } from './features/jobs.ts';
import { idSchema } from './ids.ts';
import { PRINT_PURPOSES } from './printers.ts';

/**
 * What devices see of the hub's durable jobs (issue 20): jobs live in the
 * hub's job table, never in the replicated state. Devices get the **job
 * board** (per-lane counts, the newest stuck jobs' summaries for owners and
 * managers), pushed live on `SOCKET_EVENTS.jobBoard` and read with
 * `GET /api/jobs/board`; lists and a job's whole document are fetched on
 * demand (`GET /api/jobs`, `GET /api/jobs/:id`). hub/presenters/README.md
 * says who gets what.
 */

const count = z.int().min(0);
const time = z.string().max(40);

/**
 * A job without its document (no ticket contents, no receipt, no amounts):
 * what a list row and the board's stuck list show. `title` is data, never
 * translated words: a kitchen ticket's table, a bill's number, an e-invoice's
 * key, an export's day, a test's text; '' when there is none.
 */
export const jobSummarySchema = z.object({
  id: z.string().max(80),
  kind: z.enum(JOB_KINDS),
  status: z.enum(JOB_STATUSES),
  attempts: count,
  reason: jobReasonSchema.nullable(),
  createdAt: time,
  updatedAt: time,
  nextAt: time,
  /** The printer of a print job or drawer kick, else null. */
  printerId: z.string().max(64).nullable(),
  /** What a print job is for (kitchen ticket, receipt...), else null. */
  purpose: z.enum(PRINT_PURPOSES).nullable(),
  title: z.string().max(80),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;

/**
 * One lane of the job runner as devices see it: a printer's lane (its print
 * jobs and drawer kicks, in order: `printerId` set) or a kind's lane
 * (e-invoices, exports: `printerId` null). `waiting`: pending jobs; `running`:
 * 0 or 1 (more for an unordered lane); `stuck`: failed or maybe done, waiting
 * for a person. `nextAt`: when the lane's next job may run (its retry time),
 * `lastReason`: why its last try failed (a printer that is off), else null.
 * A lane with nothing waiting, running or stuck is left out of the board.
 */
export const laneStatusSchema = z.object({
  key: z.string().max(120),
  kind: z.enum(JOB_KINDS),
  printerId: z.string().max(64).nullable(),
  waiting: count,
  running: count,
  stuck: count,
  nextAt: time.nullable(),
  lastReason: jobReasonSchema.nullable(),
});
export type LaneStatus = z.infer<typeof laneStatusSchema>;

/** The most stuck jobs the board lists (the newest); the rest are paged with `GET /api/jobs?status=stuck`. */
export const BOARD_STUCK_LIMIT = 50;

/**
 * The job board one viewer receives. `stuck` lists the newest stuck jobs
 * only to holders of `settings` (who retry and cancel them), empty for
 * everyone else; the counts go to every signed-in person (a waiter sees
 * that 12 tickets wait for the kitchen printer). `einvoice`: e-invoice jobs
 * (sends and daily summaries) waiting, held back (waiting after a failed try:
 * SUNAT down, no certificate) and stuck.
 */
export const jobBoardSchema = z.object({
  lanes: z.array(laneStatusSchema),
  totals: z.object({ waiting: count, running: count, stuck: count }),
  stuck: z.array(jobSummarySchema).max(BOARD_STUCK_LIMIT),
  stuckTotal: count,
  einvoice: z.object({ waiting: count, held: count, stuck: count }),
});
export type JobBoard = z.infer<typeof jobBoardSchema>;

/** The board a device holds before the hub's first push: nothing waiting. */
export function emptyJobBoard(): JobBoard {
  return { lanes: [], totals: { waiting: 0, running: 0, stuck: 0 }, stuck: [], stuckTotal: 0, einvoice: { waiting: 0, held: 0, stuck: 0 } };
}

/**
 * The status groups `GET /api/jobs` lists by: `stuck` (failed or maybe
 * done: a person decides), `waiting` (pending), `running`, `finished` (done
 * or cancelled, until the hub prunes them).
 */
export const JOB_LIST_STATUSES = ['stuck', 'waiting', 'running', 'finished'] as const;
export type JobListStatus = (typeof JOB_LIST_STATUSES)[number];

/** The most rows one page of `GET /api/jobs` holds. */
export const JOB_PAGE_MAX = 100;

/**
 * `GET /api/jobs?status=&printerId=&kind=&cursor=&limit=` (holders of
 * `settings`): one page, newest first. `cursor` is the `next` of the page
 * before (opaque to devices).
 */
export const jobListQuerySchema = z.object({
  status: z.enum(JOB_LIST_STATUSES).default('stuck'),
  printerId: idSchema.optional(),
  kind: z.enum(JOB_KINDS).optional(),
  cursor: z.string().min(1).max(200).optional(),
  limit: z.coerce.number().int().min(1).max(JOB_PAGE_MAX).default(50),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

/**
 * A page of jobs: every row is one the viewer may see (a hidden record never
 * takes a place in a page, nor counts in `total`); `next` the cursor of the
 * following page, null at the end; `total` how many match in all.
 */
export type JobListPage = { ok: true; jobs: JobSummary[]; next: string | null; total: number };

/** `GET /api/jobs/board`: the board as the socket pushes it. */
export type JobBoardReply = { ok: true; board: JobBoard };

/** `GET /api/jobs/:id` (holders of `settings`): one job whole, its document (ticket, receipt, e-invoice) included. */
export type JobDetailReply = { ok: true; job: Job; summary: JobSummary };
