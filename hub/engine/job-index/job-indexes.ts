import type { Job, JobKind, JobListStatus, JobStatus } from '#protocol';
import { jobLane } from '#hub/domain/jobs/lane.ts';
import { compareKeys, type IndexKey } from './index-key.ts';
import { IndexedHeap } from './indexed-heap.ts';
import { SortedKeys } from './sorted-keys.ts';

/**
 * One job as the table holds it: the job and its creation number (the order
 * of an ordered lane), and the key it is listed under in the sorted indexes
 * while it is in them (set by `JobIndexes`: kept on the job's own record
 * rather than in a Map by id, ~40 bytes a job less; issue 20, RSS at start-up).
 */
export type Stored = { readonly job: Job; readonly n: number; listedAs?: IndexKey | undefined };

/** A job's record for the table, with room for its index key from the start (no later change of its shape). */
export function storedJob(job: Job, n: number): Stored {
  return { job, n, listedAs: undefined };
}

/** The status group a job is listed under (`GET /api/jobs?status=`). */
export function groupOf(status: JobStatus): JobListStatus {
  switch (status) {
    case 'pending':
      return 'waiting';
    case 'running':
      return 'running';
    case 'failed':
    case 'maybeDone':
      return 'stuck';
    case 'done':
    case 'cancelled':
      return 'finished';
  }
}

/** A lane and what it holds. `jobs`: how many jobs of any status (the lane goes when none is left). */
export type Lane = {
  readonly key: string;
  readonly ordered: boolean;
  readonly kind: JobKind;
  readonly printerId: string | null;
  readonly pending: IndexedHeap;
  jobs: number;
};

/** The kind a lane is shown as: a printer's lane prints (its drawer kicks too), SUNAT's sends. */
function laneKind(job: Job): JobKind {
  if (job.kind === 'drawer.kick') return 'print';
  if (job.kind === 'einvoice.summary') return 'einvoice.send';
  return job.kind;
}

const printerOf = (job: Job): string | null => (job.kind === 'print' || job.kind === 'drawer.kick' ? job.payload.printerId : null);

/** Milliseconds of an ISO time; a time that does not parse sorts first. */
const ms = (iso: string): number => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? 0 : t;
};

/** The names of the sorted indexes a job of this group, lane and kind is listed in: all, by lane, by kind, by both. */
export function indexNames(group: JobListStatus, lane: string | null, kind: JobKind | null): string {
  return `${group}\u0000${lane ?? ''}\u0000${kind ?? ''}`;
}

/**
 * The job table's indexes, kept in step with every put and take: per lane a
 * heap of its pending jobs (head on top: an ordered lane by creation number,
 * another by nextAt, then creation), per status group sorted keys by when
 * the job last changed (newest-first pages, and the finished jobs' prune
 * order), each also by lane, by kind, and by both (a page's query finds its
 * own index: no row it excludes is ever walked). Every operation O(log n).
 */
export class JobIndexes {
  readonly lanes = new Map<string, Lane>();
  private readonly sorted = new Map<string, SortedKeys>();
  /** Jobs listed in the sorted indexes (each one's key is on its record: `Stored.listedAs`). */
  private listed = 0;
  /** Daily summary id -> its job id. */
  private readonly summaries = new Map<string, string>();

  /** Lists a job just put in the table. */
  add(s: Stored): void {
    const { job } = s;
    const lane = this.laneFor(job);
    lane.jobs++;
    const group = groupOf(job.status);
    const key: IndexKey = { a: ms(job.updatedAt), b: s.n, id: job.id };
    this.list(s, key);
    for (const name of this.namesOf(group, lane.key, job.kind)) this.index(name).insert(key);
    if (group === 'waiting') lane.pending.push(lane.ordered ? { a: s.n, b: 0, id: job.id } : { a: ms(job.nextAt), b: s.n, id: job.id });
    if (job.kind === 'einvoice.summary') this.summaries.set(job.payload.key, job.id);
  }

  /**
   * Lists many jobs into EMPTY indexes at once (a start reading 20,000 tickets
   * back): each index's keys sorted once and cut into blocks, each lane's heap
   * built bottom-up, instead of an insert and a push per job. Ends as `add`
   * of each would (the tests compare every reader's answers).
   */
  addAll(all: readonly Stored[]): void {
    if (this.listed > 0 || this.lanes.size > 0) {
      for (const s of all) this.add(s);
      return;
    }
    const keysOf = new Map<string, IndexKey[]>();
    const pendingOf = new Map<string, IndexKey[]>();
    // The four key lists of each (group, lane, kind) met, found once: not four names made and looked up per job.
    const listsOf = new Map<string, IndexKey[][]>();
    for (const s of all) {
      const { job } = s;
      const lane = this.laneFor(job);
      lane.jobs++;
      const key: IndexKey = { a: ms(job.updatedAt), b: s.n, id: job.id };
      this.list(s, key);
      const group = groupOf(job.status);
      const combo = indexNames(group, lane.key, job.kind);
      let lists = listsOf.get(combo);
      if (!lists) {
        lists = this.namesOf(group, lane.key, job.kind).map((name) => {
          let keys = keysOf.get(name);
          if (!keys) keysOf.set(name, (keys = []));
          return keys;
        });
        listsOf.set(combo, lists);
      }
      for (const keys of lists) keys.push(key);
      if (group === 'waiting') {
        const pending = pendingOf.get(lane.key);
        const pkey = lane.ordered ? { a: s.n, b: 0, id: job.id } : { a: ms(job.nextAt), b: s.n, id: job.id };
        if (pending) pending.push(pkey);
        else pendingOf.set(lane.key, [pkey]);
      }
      if (job.kind === 'einvoice.summary') this.summaries.set(job.payload.key, job.id);
    }
    // Nearly in order already (jobs come in creation order, keyed by their last change): the sort is about linear.
    for (const [name, keys] of keysOf) this.sorted.set(name, SortedKeys.fromSorted(keys.sort(compareKeys)));
    for (const [key, keys] of pendingOf) this.lanes.set(key, { ...this.lanes.get(key)!, pending: IndexedHeap.from(keys) });
  }

  /** Takes out a job about to leave the table (or change). */
  remove(s: Stored): void {
    const { job } = s;
    const lane = this.lanes.get(jobLane(job).key);
    const key = s.listedAs;
    if (key) {
      s.listedAs = undefined;
      this.listed--;
      for (const name of this.namesOf(groupOf(job.status), lane?.key ?? jobLane(job).key, job.kind)) {
        const index = this.sorted.get(name);
        if (!index) continue;
        index.delete(key);
        if (index.size === 0) this.sorted.delete(name);
      }
    }
    if (lane) {
      lane.pending.remove(job.id);
      if (--lane.jobs === 0) this.lanes.delete(lane.key);
    }
    if (job.kind === 'einvoice.summary' && this.summaries.get(job.payload.key) === job.id) this.summaries.delete(job.payload.key);
  }

  /** Notes the key a job's record is listed under (a record listed again is counted once). */
  private list(s: Stored, key: IndexKey): void {
    if (!s.listedAs) this.listed++;
    s.listedAs = key;
  }

  summaryJobId(summaryId: string): string | undefined {
    return this.summaries.get(summaryId);
  }

  /** How many jobs the index of this query holds. */
  count(group: JobListStatus, lane: string | null = null, kind: JobKind | null = null): number {
    return this.sorted.get(indexNames(group, lane, kind))?.size ?? 0;
  }

  /** The sorted index of a query (absent: nothing matches). */
  find(group: JobListStatus, lane: string | null, kind: JobKind | null): SortedKeys | undefined {
    return this.sorted.get(indexNames(group, lane, kind));
  }

  private namesOf(group: JobListStatus, lane: string, kind: JobKind): string[] {
    return [indexNames(group, null, null), indexNames(group, lane, null), indexNames(group, null, kind), indexNames(group, lane, kind)];
  }

  private index(name: string): SortedKeys {
    let index = this.sorted.get(name);
    if (!index) {
      index = new SortedKeys();
      this.sorted.set(name, index);
    }
    return index;
  }

  private laneFor(job: Job): Lane {
    const { key, ordered } = jobLane(job);
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { key, ordered, kind: laneKind(job), printerId: printerOf(job), pending: new IndexedHeap(), jobs: 0 };
      this.lanes.set(key, lane);
    }
    return lane;
  }
}
