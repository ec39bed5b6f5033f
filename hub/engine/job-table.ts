import type { DomainEvent, Job, JobKind, JobListStatus, JobReason } from '#protocol';
import type { JobLookup } from '#hub/domain/jobs/lookup.ts';

/**
 * The hub's job table (issue 20; hub/jobs/README.md "Where jobs live"): every
 * durable job not yet pruned, outside the replicated State, changed IN PLACE
 * by the job events the engine stages, with indexes kept beside it so that
 * every question a command, the job service, the board or a route asks costs
 * O(1) or O(log n), never a walk of the jobs.
 *
 * The engine stages a record's events here as it decides it (later commands
 * in the same batch see its jobs through `ctx.jobs`), with an undo journal
 * keyed by the record's seq: `commit(seq)` drops the journal up to that
 * record and tells the listeners; `revertStaged()` (a write failed) undoes
 * every staged change in reverse, indexes included.
 */

/** One lane's counters, kept up to date on every change (the board reads them, O(lanes)). */
export type LaneCounters = {
  key: string;
  /** The lane's kind: `print` for a printer's lane (drawer kicks too), `einvoice.send` for SUNAT's, else the kind. */
  kind: JobKind;
  /** The printer of a printer lane, else null. */
  printerId: string | null;
  /** Pending jobs in the lane. */
  waiting: number;
  /** The job the lane is carrying out (status running), or null. */
  running: Job | null;
  /** Failed or maybe-done jobs of the lane (a person decides). */
  stuck: number;
  /** When the lane's next job may run (its head's `nextAt`), or null when none waits. */
  nextAt: string | null;
  /** Why the head's last try failed (a printer that is off), else null. */
  lastReason: JobReason | null;
};

/** The table's totals over all lanes, O(1). */
export type JobTotals = { waiting: number; running: number; stuck: number; finished: number };

/** A page query over one status group's index, newest first. `cursor`: the `next` of the page before. */
export type JobPageQuery = { cursor?: string | undefined; limit: number; printerId?: string | undefined; kind?: JobKind | undefined };
export type JobListQuery = JobPageQuery & { status: JobListStatus };

/** One page of an index: its jobs (newest first), the cursor of the next page (null at the end), how many match in all. */
export type JobPage = { jobs: Job[]; next: string | null; total: number };

/**
 * What others read of the table (`engine.jobs`): the domain's lookup
 * (`ctx.jobs`), the job service's lanes, the board's counters, the routes'
 * pages. Read only: only the engine changes jobs, through events.
 */
export type JobTableView = JobLookup & {
  readonly size: number;
  get(id: string): Job | undefined;
  /** Every job, creation order (tests, migration; never on a command's path). */
  values(): IterableIterator<Job>;
  /** Every lane holding a job in any status, O(lanes). */
  laneKeys(): IterableIterator<string>;
  /** The pending job the lane carries out next: an ordered lane's oldest by creation (due or not), another's earliest nextAt, then creation. */
  laneHead(key: string): Job | undefined;
  /** The lane's running job, if any. */
  laneRunning(key: string): Job | undefined;
  laneCounter(key: string): LaneCounters | undefined;
  /** Every lane's counters, O(lanes). */
  laneCounters(): LaneCounters[];
  totals(): JobTotals;
  /** Failed and maybe-done jobs, newest first (by when they got stuck). */
  stuckPage(query: JobPageQuery): JobPage;
  /** Done and cancelled jobs, newest first (by when they finished): a printer's history. */
  finishedPage(query: JobPageQuery): JobPage;
  /** Any status group, newest first (by when the job entered the group). */
  list(query: JobListQuery): JobPage;
  /** The newest stuck jobs (the board). */
  newestStuck(limit: number): Job[];
  /** Called after a commit (never at staging) with the ids of the jobs it changed. Returns the unsubscribe. */
  onChange(listener: (jobIds: string[]) => void): () => void;
};

/**
 * A job as the table's files keep it: the job and its creation number (the
 * order of an ordered lane survives a restart), or the id of one pruned.
 */
export type JobVersion = { n: number; job: Job } | { gone: string };

/**
 * What a snapshot takes of the table at its capture (committed view: a job
 * changed by a staged record counts as it was before it): the versions
 * changed since the last capture, the creation counter, and on demand the
 * whole live set (compaction).
 */
export type JobCapture = {
  seq: number;
  /** The creation counter's committed value (the next job's number). */
  next: number;
  changed: JobVersion[];
  /** How many jobs the committed view holds (the files' compaction threshold reads it). */
  live: number;
  /** The whole committed live set, creation order (taken at the capture: references only). */
  all(): JobVersion[];
  /** The capture was not written: its changed ids go into the next one. */
  restore(): void;
};

export class JobTable implements JobTableView {
  get size(): number {
    throw new Error('not yet');
  }
  get(_id: string): Job | undefined {
    throw new Error('not yet');
  }
  values(): IterableIterator<Job> {
    throw new Error('not yet');
  }
  summaryJob(_summaryId: string): Extract<Job, { kind: 'einvoice.summary' }> | undefined {
    throw new Error('not yet');
  }
  prunableBefore(_before: string, _limit: number): string[] {
    throw new Error('not yet');
  }
  laneKeys(): IterableIterator<string> {
    throw new Error('not yet');
  }
  laneHead(_key: string): Job | undefined {
    throw new Error('not yet');
  }
  laneRunning(_key: string): Job | undefined {
    throw new Error('not yet');
  }
  laneCounter(_key: string): LaneCounters | undefined {
    throw new Error('not yet');
  }
  laneCounters(): LaneCounters[] {
    throw new Error('not yet');
  }
  totals(): JobTotals {
    throw new Error('not yet');
  }
  stuckPage(_query: JobPageQuery): JobPage {
    throw new Error('not yet');
  }
  finishedPage(_query: JobPageQuery): JobPage {
    throw new Error('not yet');
  }
  list(_query: JobListQuery): JobPage {
    throw new Error('not yet');
  }
  newestStuck(_limit: number): Job[] {
    throw new Error('not yet');
  }
  onChange(_listener: (jobIds: string[]) => void): () => void {
    throw new Error('not yet');
  }

  // The engine's side.

  /** Applies the job events of the record `seq` in place, journaling what each replaced (decide's later commands see them). */
  stage(_seq: number, _events: readonly DomainEvent[]): void {
    throw new Error('not yet');
  }
  /** The records up to `seq` are on disk: their journal goes, and the listeners hear of the jobs they changed. */
  commit(_seq: number): void {
    throw new Error('not yet');
  }
  /** A write failed: every staged change is undone, newest first, indexes included. */
  revertStaged(): void {
    throw new Error('not yet');
  }
  /** Recovery: applies committed events with no journal and no listener. */
  replay(_events: readonly DomainEvent[]): void {
    throw new Error('not yet');
  }
  /** Recovery: the versions read from the files (or a legacy state's jobs), and the creation counter. */
  load(_versions: Iterable<JobVersion>, _next: number): void {
    throw new Error('not yet');
  }
  /** A snapshot's capture at committed seq `seq`. */
  capture(_seq: number): JobCapture {
    throw new Error('not yet');
  }
}
