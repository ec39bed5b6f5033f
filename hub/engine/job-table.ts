import type { DomainEvent, Job, JobKind, JobListStatus, JobReason } from '#protocol';
import { printerLane } from '#hub/domain/jobs/lane.ts';
import type { JobLookup } from '#hub/domain/jobs/lookup.ts';
import { jobIdsOf, nextJob } from '#hub/domain/jobs/transition.ts';
import type { IndexKey } from './job-index/index-key.ts';
import { JobIndexes, storedJob, type Stored } from './job-index/job-indexes.ts';
import type { SortedKeys } from './job-index/sorted-keys.ts';
import type { JobVersion, JobWrite } from '#hub/store/job-files.ts';
import { isLeftOnDisk, type JobDocuments } from '#hub/store/job-documents.ts';

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
  /**
   * False for a print job whose document was left in the table's file at start and could not be
   * read back (the file damaged under it): `get` then gives it with an empty stand-in document,
   * which must never be printed (the job service fails it for a person).
   */
  readable?(job: Job): boolean;
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
 * A job as the table's files keep it (hub/store/job-files.ts): the job and its
 * creation number (the order of an ordered lane survives a restart), or the id
 * of one pruned.
 */
export type { JobVersion };

/**
 * What a snapshot takes of the table at its capture (committed view: a job
 * changed by a staged record counts as it was before it): the versions
 * changed since the last capture, the creation counter, and on demand the
 * whole live set (compaction).
 */
export type JobCapture = JobWrite & {
  /** How many jobs the committed view holds. */
  live: number;
  /** The capture was not written: its changed ids go into the next one. */
  restore(): void;
};

/** One staged change: the record that made it, the job, and what it replaced (undefined: it did not exist). */
type Undo = { seq: number; id: string; before: Stored | undefined };

/** A page cursor: the position (change time, creation number) of the last row of the page before. */
const CURSOR = /^(\d{1,16})\.(\d{1,16})$/;
const cursorOf = (key: IndexKey) => `${key.a}.${key.b}`;

const toVersion = (id: string, s: Stored | undefined): JobVersion => (s ? { n: s.n, job: s.job } : { gone: id });

export class JobTable implements JobTableView {
  private readonly jobs = new Map<string, Stored>();
  private readonly indexes = new JobIndexes();
  /** The next job's creation number (the order of an ordered lane: never createdAt, which may tie or go back). */
  private nextN = 0;
  /** Staged changes not yet on disk, oldest first, and the creation counter before each staged record. */
  private journal: Undo[] = [];
  private counters: { seq: number; next: number }[] = [];
  /** Ids changed since the last capture (the snapshot's incremental files). */
  private dirty = new Set<string>();
  private readonly listeners = new Set<(jobIds: string[]) => void>();
  /**
   * Print documents left in the table's files at start (hub/store/job-documents.ts): the jobs read
   * back keep a stand-in, and `get` reads the document back from its line. Null: all in memory.
   */
  private documents: JobDocuments | null = null;

  get size(): number {
    return this.jobs.size;
  }

  /** The job whole: a print job read back at start gets its document from its file line (one read, the last few kept). */
  get(id: string): Job | undefined {
    const job = this.jobs.get(id)?.job;
    if (!job || !this.documents || !isLeftOnDisk(job)) return job;
    return this.documents.whole(job) ?? job;
  }

  readable(job: Job): boolean {
    return !isLeftOnDisk(job);
  }

  /** Where the documents of the jobs read back at start are (recovery; the files keep them). */
  leaveDocumentsIn(documents: JobDocuments): void {
    this.documents = documents;
  }

  /** Sorted by creation number (a reverted prune puts a job back at the Map's end): tests and tools only. */
  *values(): IterableIterator<Job> {
    for (const s of [...this.jobs.values()].sort((a, b) => a.n - b.n)) yield this.get(s.job.id) ?? s.job;
  }

  summaryJob(summaryId: string): Extract<Job, { kind: 'einvoice.summary' }> | undefined {
    const id = this.indexes.summaryJobId(summaryId);
    const job = id === undefined ? undefined : this.get(id);
    return job?.kind === 'einvoice.summary' ? job : undefined;
  }

  /** Oldest finished first (the finished index ascending): stops at the first one changed at or after `before`. */
  prunableBefore(before: string, limit: number): string[] {
    const cutoff = Date.parse(before);
    const ids: string[] = [];
    const finished = this.indexes.find('finished', null, null);
    if (!finished || Number.isNaN(cutoff)) return ids;
    for (const key of finished.ascending()) {
      if (ids.length >= limit || key.a >= cutoff) break;
      ids.push(key.id);
    }
    return ids;
  }

  laneKeys(): IterableIterator<string> {
    return this.indexes.lanes.keys();
  }

  laneHead(key: string): Job | undefined {
    const head = this.indexes.lanes.get(key)?.pending.peek();
    return head ? this.get(head.id) : undefined;
  }

  laneRunning(key: string): Job | undefined {
    for (const k of this.indexes.find('running', key, null)?.ascending() ?? []) return this.get(k.id);
    return undefined;
  }

  laneCounter(key: string): LaneCounters | undefined {
    const lane = this.indexes.lanes.get(key);
    if (!lane) return undefined;
    const head = this.laneHead(key);
    return {
      key,
      kind: lane.kind,
      printerId: lane.printerId,
      waiting: lane.pending.size,
      running: this.laneRunning(key) ?? null,
      stuck: this.indexes.count('stuck', key),
      nextAt: head?.nextAt ?? null,
      lastReason: head?.reason ?? null,
    };
  }

  laneCounters(): LaneCounters[] {
    const out: LaneCounters[] = [];
    for (const key of this.indexes.lanes.keys()) out.push(this.laneCounter(key)!);
    return out;
  }

  totals(): JobTotals {
    const i = this.indexes;
    return { waiting: i.count('waiting'), running: i.count('running'), stuck: i.count('stuck'), finished: i.count('finished') };
  }

  stuckPage(query: JobPageQuery): JobPage {
    return this.list({ ...query, status: 'stuck' });
  }

  finishedPage(query: JobPageQuery): JobPage {
    return this.list({ ...query, status: 'finished' });
  }

  list(query: JobListQuery): JobPage {
    const lane = query.printerId === undefined ? null : printerLane(query.printerId);
    const index = this.indexes.find(query.status, lane, query.kind ?? null);
    return index ? this.page(index, query.cursor, query.limit) : { jobs: [], next: null, total: 0 };
  }

  newestStuck(limit: number): Job[] {
    return this.stuckPage({ limit }).jobs;
  }

  onChange(listener: (jobIds: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Newest first from the cursor (a cursor that does not parse reads from the newest). */
  private page(index: SortedKeys, cursor: string | undefined, limit: number): JobPage {
    const at = cursor === undefined ? null : CURSOR.exec(cursor);
    const keys = at ? index.descendingBefore(Number(at[1]), Number(at[2])) : index.descendingBefore();
    const jobs: Job[] = [];
    let last: IndexKey | undefined;
    let next: string | null = null;
    for (const key of keys) {
      if (jobs.length >= Math.max(0, limit)) {
        if (last) next = cursorOf(last);
        break;
      }
      const job = this.get(key.id);
      if (!job) continue;
      jobs.push(job);
      last = key;
    }
    return { jobs, next, total: index.size };
  }

  // The engine's side.

  /**
   * Folds one record's job events in place, journaled under `seq`. If an
   * event cannot be folded (a rule's bug: the engine refuses the command),
   * what this record changed is undone before the error goes on.
   */
  stage(seq: number, events: readonly DomainEvent[]): void {
    const counter = this.nextN;
    const mark = this.journal.length;
    try {
      for (const event of events) {
        for (const id of jobIdsOf(event)) {
          const before = this.jobs.get(id);
          const after = this.after(before, event);
          if (after === before) continue;
          this.put(id, before, after);
          this.journal.push({ seq, id, before });
        }
      }
    } catch (err) {
      this.undoTo(mark);
      this.nextN = counter;
      throw err;
    }
    if (this.journal.length > mark) this.counters.push({ seq, next: counter });
  }

  commit(seq: number): void {
    let k = 0;
    while (k < this.journal.length && this.journal[k]!.seq <= seq) k++;
    if (k === 0) return;
    const ids = [...new Set(this.journal.slice(0, k).map((u) => u.id))];
    this.journal = this.journal.slice(k);
    this.counters = this.counters.filter((c) => c.seq > seq);
    for (const listener of this.listeners) listener(ids);
  }

  revertStaged(): void {
    this.undoTo(0);
    if (this.counters[0]) this.nextN = this.counters[0].next;
    this.counters = [];
  }

  /** Undoes the journal's entries from the newest down to index `mark`, indexes included. */
  private undoTo(mark: number): void {
    for (let i = this.journal.length - 1; i >= mark; i--) {
      const { id, before } = this.journal[i]!;
      this.put(id, this.jobs.get(id), before);
    }
    this.journal.length = mark;
  }

  replay(events: readonly DomainEvent[]): void {
    for (const event of events) {
      for (const id of jobIdsOf(event)) {
        const before = this.jobs.get(id);
        const after = this.after(before, event);
        if (after !== before) this.put(id, before, after);
      }
    }
  }

  /**
   * Recovery: versions read back. `fromFiles`: they are what the table's files
   * already hold (not written again); otherwise (a format-5 snapshot's jobs)
   * the next snapshot writes them.
   */
  load(versions: Iterable<JobVersion>, next: number, fromFiles = false): void {
    const list = [...versions];
    if (fromFiles && this.jobs.size === 0 && this.loadAll(list)) {
      this.nextN = Math.max(this.nextN, next);
      return;
    }
    for (const v of list) {
      const id = 'gone' in v ? v.gone : v.job.id;
      this.put(id, this.jobs.get(id), 'gone' in v ? undefined : storedJob(v.job, v.n));
      this.nextN = Math.max(this.nextN, 'gone' in v ? 0 : v.n + 1);
      if (fromFiles) this.dirty.delete(id);
    }
    this.nextN = Math.max(this.nextN, next);
  }

  /**
   * The files' jobs into an empty table, indexes built at once (JobIndexes.addAll):
   * only when every version is a job and no id comes twice (what JobFiles.open
   * gives), else false and nothing is touched.
   */
  private loadAll(versions: readonly JobVersion[]): boolean {
    const all: Stored[] = [];
    let nextN = this.nextN;
    // Straight into the empty Map (no second set of ids to check against): a gone line or an id twice empties it again.
    for (const v of versions) {
      if ('gone' in v || this.jobs.has(v.job.id)) {
        this.jobs.clear();
        return false;
      }
      const s = storedJob(v.job, v.n);
      this.jobs.set(v.job.id, s);
      all.push(s);
      if (v.n + 1 > nextN) nextN = v.n + 1;
    }
    this.nextN = nextN;
    this.indexes.addAll(all);
    return true;
  }

  /**
   * A snapshot's part at committed seq `seq`: the committed view of the jobs
   * changed since the last capture, and the whole live set when `wantWhole`
   * (the files' compaction; references only, the jobs are never changed in place).
   */
  capture(seq: number, wantWhole = false): JobCapture {
    // The committed view: a job a staged record changed is as it was before that record.
    const committed = new Map<string, Stored | undefined>();
    for (const u of this.journal) if (!committed.has(u.id)) committed.set(u.id, u.before);
    const view = (id: string) => (committed.has(id) ? committed.get(id) : this.jobs.get(id));
    let live = this.jobs.size;
    for (const [id, before] of committed) live += (before ? 1 : 0) - (this.jobs.has(id) ? 1 : 0);
    const ids = [...this.dirty];
    // What is staged now is not in this capture: it stays dirty for the next.
    this.dirty = new Set(committed.keys());
    const changed = ids.map((id) => toVersion(id, view(id)));
    let whole: JobVersion[] | null = null;
    if (wantWhole) {
      whole = [];
      for (const id of this.jobs.keys()) {
        const v = view(id);
        if (v) whole.push({ n: v.n, job: v.job });
      }
      // Jobs a staged record pruned are still there in the committed view. (Unsorted: loading sorts by creation number.)
      for (const [id, before] of committed) if (before && !this.jobs.has(id)) whole.push({ n: before.n, job: before.job });
    }
    return {
      seq,
      next: this.counters[0]?.next ?? this.nextN,
      changed,
      whole,
      live,
      restore: () => {
        for (const id of ids) this.dirty.add(id);
      },
    };
  }

  /** The job after one event (the same object: unchanged; undefined: gone); a new job takes the next creation number. */
  private after(before: Stored | undefined, event: DomainEvent): Stored | undefined {
    const job = nextJob(before?.job, event);
    if (job === 'removed') return undefined;
    if (job === undefined || job === before?.job) return before;
    return storedJob(job, before ? before.n : this.nextN++);
  }

  /** Replaces one job (indexes first out, then in), noting it for the next capture. */
  private put(id: string, before: Stored | undefined, after: Stored | undefined): void {
    if (before) this.indexes.remove(before);
    if (after) {
      this.jobs.set(id, after);
      this.indexes.add(after);
    } else this.jobs.delete(id);
    this.dirty.add(id);
  }
}
