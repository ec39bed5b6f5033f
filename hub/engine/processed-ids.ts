import type { CommandReply, CommandResult, CommandType } from '#protocol';
import type { ProcessedEntry } from '#hub/store/snapshot.ts';
import { PackedIdTable, packId, type PackedGroup } from './packed-ids.ts';

/** Ids are kept in buckets by the hour they are remembered from: pruning drops whole buckets. */
const BUCKET_MS = 3_600_000;

/**
 * Commands only the hub makes, each with a fresh id (hubCommand) from the job
 * service and the printer status monitor: no device can send them (INTERNAL:
 * the intake refuses them) and the hub never sends one twice, so their ids are
 * not remembered (three per printed ticket were most of a busy week's ids).
 * Not every INTERNAL type qualifies: a void (bill.correct) comes over HTTP
 * with the device's id, and kds.show is sent under its job's id so a job run
 * again after a crash shows nothing twice.
 */
const HUB_FRESH_ID_TYPES: ReadonlySet<string> = new Set<CommandType>(['job.start', 'job.markWriting', 'job.finish', 'job.recover', 'job.prune', 'printer.reportStatus']);

/** Whether a committed command's id is remembered (see HUB_FRESH_ID_TYPES). */
export function remembersId(type: string): boolean {
  return !HUB_FRESH_ID_TYPES.has(type);
}

/** The types whose ids are not remembered (tests). */
export function notRemembered(): readonly string[] {
  return [...HUB_FRESH_ID_TYPES];
}

/**
 * What a snapshot takes of the ids: those committed since the last snapshot
 * (written to a file of their own, hub/store/processed-files.ts), the cutoff
 * that says which files have left the window, and how to hand the entries
 * back when the snapshot fails (the next one writes them then).
 */
export type ProcessedCapture = { entries: ProcessedEntry[]; cutoffMs: number; restore: () => void };

/**
 * Command ids the hub has committed, with their first answer. Ids older
 * than the retention window are dropped at snapshot time; a command older
 * than that window is refused (COMMAND_EXPIRED) rather than risk applying it twice.
 *
 * Cost is what changes, never what is kept (issue 20): an id goes into the
 * bucket of the hour it is remembered from (a device ahead of the hub puts
 * its ids in a later bucket), pruning drops the buckets whose whole hour is
 * past the window (O(expired), never a scan of the week), and a snapshot
 * takes only the ids added since the last one (`capture`, O(1)). A bucket is
 * dropped only once its last instant is out of the window, so an id is kept
 * at least as long as its own time says, at most an hour longer.
 */
export class ProcessedIds {
  /**
   * Each id's seq: a lowercase UUID (what devices send) packed as 16 bytes
   * (packed-ids.ts), any other id as its string; apart, the result when there
   * is one (about one command in eight: an order's number...). 80,000 ids of
   * a week held as strings in Maps took ~120 bytes an id, packed ~55 with
   * their results (hub/engine/README.md "Start-up memory").
   */
  private packed = new PackedIdTable();
  private others = new Map<string, number>();
  /** By seq (one command per seq): a number key holds no copy of the id's string. */
  private results = new Map<number, CommandResult>();
  /** The ids of each hour, to forget them together (see HourBucket). */
  private buckets = new Map<number, HourBucket>();
  /** The buckets' hours, ascending (a new hour nearly always goes at the end). */
  private hours: number[] = [];
  /** Ids added since the last capture, oldest first: what the next snapshot writes. */
  private fresh: ProcessedEntry[] = [];
  /** One id packed (reused: a lookup allocates nothing). */
  private readonly words = new Uint32Array(4);

  readonly retentionMs: number;

  constructor(retentionMs: number) {
    this.retentionMs = retentionMs;
  }

  /** Ids read from a snapshot of the old shape (all of them in snapshot.json): the next snapshot writes them to a file. */
  static from(entries: readonly ProcessedEntry[], retentionMs: number): ProcessedIds {
    const ids = new ProcessedIds(retentionMs);
    for (const e of entries) ids.add(e);
    return ids;
  }

  /** An id committed now (or replayed from the log): kept, and written by the next snapshot. */
  add(entry: ProcessedEntry): void {
    if (this.remember(entry)) this.fresh.push(entry);
  }

  /** Ids read back from the files of earlier snapshots: kept, not written again. */
  load(entries: Iterable<ProcessedEntry>): void {
    for (const e of entries) this.remember(e);
  }

  /** One id read back from a file (as `load`). */
  loadOne(entry: ProcessedEntry): void {
    this.remember(entry);
  }

  private remember(entry: ProcessedEntry): boolean {
    const { id } = entry;
    const isPacked = packId(id, this.words);
    if (!isPacked && this.others.has(id)) return false;
    const hour = this.hourOf(entry.at);
    let bucket = this.buckets.get(hour);
    if (!bucket) {
      bucket = { packed: this.packed.group(), others: [], withResult: [] };
      this.buckets.set(hour, bucket);
      this.insertHour(hour);
    }
    // One probe: `add` says when the id is there already (an hour made for it stays empty until pruned).
    if (isPacked) {
      if (!this.packed.add(this.words, entry.seq, bucket.packed)) return false;
    } else {
      this.others.set(id, entry.seq);
      bucket.others.push(id);
    }
    if (!isEmpty(entry.result)) {
      this.results.set(entry.seq, entry.result);
      bucket.withResult.push(entry.seq);
    }
    return true;
  }

  /** Hour (since the epoch) of each `YYYY-MM-DDTHH` seen: a week of ids read at start-up parsed each date before. */
  private readonly hourOfPrefix = new Map<string, number>();

  private hourOf(at: string): number {
    // Only the form rememberedAt writes (UTC, milliseconds) is looked up by its hour.
    const canonical = at.length === 24 && at[23] === 'Z';
    const known = canonical ? this.hourOfPrefix.get(at.slice(0, 13)) : undefined;
    if (known !== undefined) return known;
    const t = Date.parse(at);
    // rememberedAt always writes a date; a damaged one is kept for one window from the epoch (gone at the next prune).
    const hour = Math.floor((Number.isFinite(t) ? t : 0) / BUCKET_MS);
    if (canonical) {
      if (this.hourOfPrefix.size >= 10_000) this.hourOfPrefix.clear();
      this.hourOfPrefix.set(at.slice(0, 13), hour);
    }
    return hour;
  }

  private insertHour(hour: number): void {
    let i = this.hours.length;
    while (i > 0 && this.hours[i - 1]! > hour) i--;
    this.hours.splice(i, 0, hour);
  }

  reply(id: string): CommandReply | undefined {
    const seq = packId(id, this.words) ? this.packed.get(this.words) : this.others.get(id);
    return seq === undefined ? undefined : { ok: true, seq, result: this.results.get(seq) ?? {}, duplicate: true };
  }

  /** True when a command sent at `at` is too old for its id to be remembered. */
  isExpired(at: string, now: Date): boolean {
    return Date.parse(at) < now.getTime() - this.retentionMs;
  }

  /** Forgets the buckets wholly past the window; returns how many ids went. */
  prune(now: Date): number {
    const cutoff = now.getTime() - this.retentionMs;
    let dropped = 0;
    while (this.hours.length > 0 && (this.hours[0]! + 1) * BUCKET_MS <= cutoff) {
      const hour = this.hours.shift()!;
      const bucket = this.buckets.get(hour)!;
      dropped += this.packed.dropGroup(bucket.packed);
      for (const id of bucket.others) this.others.delete(id);
      for (const seq of bucket.withResult) this.results.delete(seq);
      dropped += bucket.others.length;
      this.buckets.delete(hour);
    }
    return dropped;
  }

  /** For a snapshot taken now: prunes, and takes the ids added since the last capture. */
  capture(now: Date): ProcessedCapture {
    this.prune(now);
    const entries = this.fresh;
    this.fresh = [];
    let restored = false;
    return {
      entries,
      cutoffMs: now.getTime() - this.retentionMs,
      restore: () => {
        if (restored) return;
        restored = true;
        this.fresh = entries.concat(this.fresh);
      },
    };
  }

  get size(): number {
    return this.packed.size + this.others.size;
  }

  /** Ids waiting for the next snapshot (tests). */
  get unsaved(): number {
    return this.fresh.length;
  }
}

/**
 * The ids remembered from one hour: the packed ones as their table's group
 * (dropped with it), the others as their strings, and the seqs of those that
 * have a result (forgetting the hour drops their results without an id).
 */
type HourBucket = { packed: PackedGroup; others: string[]; withResult: number[] };

/** True for `{}` (and anything with no own key): most commands answer nothing. */
function isEmpty(result: CommandResult): boolean {
  for (const key in result) if (Object.hasOwn(result, key)) return false;
  return true;
}
