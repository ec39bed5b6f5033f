import type { ActivityEntry, Change, Command, CommandReply, State } from '../protocol/index.ts';
import { applyAll, decide, dropDamagedRecords, emptyState, upgradeGoods, upgradeStaff, type DecideContext, type Decision } from '../domain/index.ts';
import { Archive, type ArchivedBill } from '../store/archive.ts';
import { isStorageError } from '../store/durable-fs.ts';
import { openMeta } from '../store/meta.ts';
import { readSnapshot, writeSnapshot } from '../store/snapshot.ts';
import { Wal } from '../store/wal.ts';
import type { DayLog } from '../store/day-log.ts';
import { activityLog, activityOf } from './activity.ts';
import { ChangeBuffer } from './change-buffer.ts';
import { changeOf, rememberedAt, type LogRecord } from './log-record.ts';
import { ProcessedIds } from './processed-ids.ts';

export type EngineOptions = {
  dir: string;
  clock?: () => Date;
  /** Records between snapshots. */
  snapshotEvery?: number;
  /** How long a command id is remembered (and how old a command may be). */
  retentionDays?: number;
  utcOffsetMinutes?: number;
  changeBufferSize?: number;
  log?: (message: string) => void;
};

export type Actor = DecideContext['actor'];

type EngineParts = {
  storeId: string;
  wal: Wal<LogRecord>;
  archive: Archive;
  processed: ProcessedIds;
  buffer: ChangeBuffer;
  opts: Required<EngineOptions>;
  state: State;
  seq: number;
};

type Pending = { record: LogRecord; stateAfter: State; resolve: (reply: CommandReply) => void };

/**
 * The heart of the hub: command -> decide -> WAL (fsync) -> memory -> ack ->
 * broadcast. Commands are decided one after another against a staged state;
 * their records are written in batches (group commit: one fdatasync for all
 * that arrived while the previous one ran). Nobody hears of a change before
 * it is on disk, and if a write fails, every staged change is dropped.
 */
export class Engine {
  private committed: State;
  private staged: State;
  private committedSeq: number;
  private stagedSeq: number;
  private queue: Pending[] = [];
  private inflight = new Map<string, Promise<CommandReply>>();
  private flushing: Promise<void> | null = null;
  private listeners = new Set<(change: Change) => void>();
  private unarchived: ArchivedBill[] = [];
  /** Activity of the records since the last snapshot: the view's in-memory tail. */
  private unlogged: ActivityEntry[] = [];
  private sinceSnapshot = 0;
  private lastWriteOk = true;
  private closed = false;

  readonly storeId: string;
  readonly archive: Archive;
  /** Who did what, per day, for the staff activity view (written at snapshot time). */
  readonly activity: DayLog<ActivityEntry>;
  private readonly wal: Wal<LogRecord>;
  private readonly processed: ProcessedIds;
  private readonly buffer: ChangeBuffer;
  private readonly opts: Required<EngineOptions>;

  private constructor(parts: EngineParts) {
    this.storeId = parts.storeId;
    this.wal = parts.wal;
    this.archive = parts.archive;
    this.activity = activityLog(parts.opts.dir, parts.opts.utcOffsetMinutes);
    this.processed = parts.processed;
    this.buffer = parts.buffer;
    this.opts = parts.opts;
    this.committed = this.staged = parts.state;
    this.committedSeq = this.stagedSeq = parts.seq;
  }

  /** Opens (and if needed recovers) the store in `opts.dir`. */
  static async open(options: EngineOptions): Promise<Engine> {
    const opts: Required<EngineOptions> = {
      clock: () => new Date(),
      snapshotEvery: 5000,
      retentionDays: 7,
      utcOffsetMinutes: -300,
      changeBufferSize: 2000,
      log: (m) => console.log(m),
      ...options,
    };
    const meta = await openMeta(opts.dir, opts.clock());
    const snap = await readSnapshot(opts.dir);
    const base = snap?.seq ?? 0;
    const { wal, records, truncatedBytes } = await Wal.open<LogRecord>(`${opts.dir}/wal`, base, opts.log);
    const processed = ProcessedIds.from(snap?.processed ?? [], opts.retentionDays * 86_400_000);
    const buffer = new ChangeBuffer(opts.changeBufferSize);
    // Staff slices before the replay: the log may hold staff events an older snapshot has no place for.
    const fromSnapshot = dropDamagedRecords(snap ? upgradeStaff(snap.state) : emptyState());
    let state = fromSnapshot.state;
    const unarchived: ArchivedBill[] = [];
    for (const r of records) {
      state = applyAll(state, r.events);
      processed.add({ id: r.commandId, seq: r.seq, at: rememberedAt(r), result: r.result });
      buffer.push(changeOf(r));
      for (const e of r.events) if (e.type === 'order.settled' && r.seq > (snap?.archivedThroughSeq ?? 0)) unarchived.push({ seq: r.seq, bill: e.bill });
    }
    const seq = records.at(-1)?.seq ?? base;
    // The log may recreate what the snapshot had damaged (events recorded before ids had a rule).
    const replayed = dropDamagedRecords(state);
    // Data recorded by an older hub gains the fields added since (menu sizes, stock...).
    state = upgradeGoods(replayed.state);
    const archive = new Archive(`${opts.dir}/archive`, opts.utcOffsetMinutes);
    const engine = new Engine({ storeId: meta.storeId, wal, archive, processed, buffer, opts, state, seq });
    engine.unarchived = unarchived;
    engine.unlogged = records.filter((r) => r.seq > (snap?.archivedThroughSeq ?? 0)).map(activityOf);
    engine.sinceSnapshot = records.length;
    opts.log(`store: recovered seq ${seq} (snapshot ${base}, ${records.length} replayed${truncatedBytes ? `, torn tail of ${truncatedBytes} bytes cut` : ''})`);
    await engine.settleRepair([...new Set([...fromSnapshot.dropped, ...replayed.dropped])]);
    return engine;
  }

  /**
   * Says once what recovery dropped (records named like Object members,
   * half made; see dropDamagedRecords) and writes a snapshot without them,
   * so the next start finds a clean store and says nothing.
   */
  private async settleRepair(dropped: readonly string[]): Promise<void> {
    if (dropped.length === 0) return;
    // JSON quoting: a damaged key must not be able to write a log line of its own.
    const names = JSON.stringify(dropped.slice(0, 20)) + (dropped.length > 20 ? ` and ${dropped.length - 20} more` : '');
    this.opts.log(`store: dropped ${dropped.length} damaged record(s) whose id names an object member or that were half made (never real ones): ${names}`);
    await this.snapshot().catch((e) => this.opts.log(`store: snapshot after the repair failed, the repair runs again at next start: ${String(e)}`));
  }

  /** The last committed state: what every acknowledged command produced. */
  get state(): State {
    return this.committed;
  }

  get seq(): number {
    return this.committedSeq;
  }

  /** False after a write failed (disk full, read-only) until one succeeds again. */
  get writable(): boolean {
    return this.lastWriteOk;
  }

  onChange(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The activity not yet in the day files (records since the last snapshot), oldest first. */
  recentActivity(): readonly ActivityEntry[] {
    return this.unlogged;
  }

  changesSince(seq: number): Change[] | null {
    return this.buffer.since(seq, this.committedSeq);
  }

  /**
   * Decides and records one validated command. Resolves once it is on disk
   * (or refused). A command id seen before gets its first answer again.
   */
  submit(command: Command, actor: Actor): Promise<CommandReply> {
    const known = this.processed.reply(command.id);
    if (known) return Promise.resolve(known);
    const running = this.inflight.get(command.id);
    if (running) return running;
    if (this.closed) return Promise.resolve({ ok: false, code: 'STORAGE_UNAVAILABLE' });
    const now = this.opts.clock();
    if (this.processed.isExpired(command.at, now)) return Promise.resolve({ ok: false, code: 'COMMAND_EXPIRED' });

    // A rule that throws is a bug: the command is refused and nothing staged moves (not even the seq).
    let decision: Decision;
    let stateAfter: State;
    try {
      decision = decide(this.staged, command, { now: now.toISOString(), actor });
      stateAfter = decision.ok ? applyAll(this.staged, decision.events) : this.staged;
    } catch (err) {
      this.opts.log(`engine: ${command.type} failed in the rules: ${(err as Error)?.stack ?? String(err)}`);
      return Promise.resolve({ ok: false, code: 'INTERNAL' });
    }
    if (!decision.ok) return Promise.resolve({ ok: false, code: decision.code, ...(decision.message ? { message: decision.message } : {}) });

    const record: LogRecord = {
      seq: ++this.stagedSeq,
      commandId: command.id,
      type: command.type,
      deviceId: command.deviceId,
      staffId: actor.staffId,
      at: now.toISOString(),
      deviceAt: command.at,
      events: decision.events,
      result: decision.result,
    };
    this.staged = stateAfter;
    const promise = new Promise<CommandReply>((resolve) => {
      this.queue.push({ record, stateAfter: this.staged, resolve });
    });
    this.inflight.set(command.id, promise);
    this.kick();
    return promise;
  }

  /** Folds the log into a snapshot, archives closed bills, drops covered log segments. */
  async snapshot(): Promise<void> {
    // Take the write loop's place: an append landing between rotating the log
    // and writing the snapshot would hit a closed log, or be folded into a
    // snapshot that claims an older seq and then be replayed twice.
    while (this.flushing) await this.flushing;
    const run = this.writeSnapshot();
    this.flushing = run
      .catch(() => undefined)
      .finally(() => {
        this.flushing = null;
        if (this.queue.length > 0) this.kick();
      });
    await run;
  }

  /** Waits for staged commands, writes a final snapshot and closes the log. */
  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
    if (this.sinceSnapshot > 0 && this.lastWriteOk) await this.writeSnapshot().catch((e) => this.opts.log(`store: final snapshot failed: ${String(e)}`));
    await this.wal.close();
  }

  private async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      // A command submitted after the loop's last look at the queue but before
      // this callback (say, by code resuming on an ack) would otherwise wait forever.
      if (this.queue.length > 0) this.kick();
    });
  }

  private async flushLoop(): Promise<void> {
    // Let commands submitted in the same tick join the first batch.
    await new Promise((r) => setImmediate(r));
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.queue.length);
      try {
        await this.wal.append(batch.map((p) => p.record));
        this.lastWriteOk = true;
      } catch (err) {
        this.failStaged(batch, err);
        continue;
      }
      this.commit(batch);
      if (this.sinceSnapshot >= this.opts.snapshotEvery) {
        await this.writeSnapshot().catch((e) => this.opts.log(`store: snapshot failed, log kept: ${String(e)}`));
      }
    }
  }

  private commit(batch: Pending[]): void {
    for (const p of batch) {
      const r = p.record;
      this.committed = p.stateAfter;
      this.committedSeq = r.seq;
      this.sinceSnapshot++;
      this.processed.add({ id: r.commandId, seq: r.seq, at: rememberedAt(r), result: r.result });
      this.inflight.delete(r.commandId);
      this.buffer.push(changeOf(r));
      for (const e of r.events) if (e.type === 'order.settled') this.unarchived.push({ seq: r.seq, bill: e.bill });
      this.unlogged.push(activityOf(r));
    }
    for (const p of batch) p.resolve({ ok: true, seq: p.record.seq, result: p.record.result });
    for (const p of batch) {
      const change = changeOf(p.record);
      for (const listener of this.listeners) listener(change);
    }
  }

  /** A write failed: nothing staged may stand, since later decisions built on it. */
  private failStaged(batch: Pending[], err: unknown): void {
    const all = [...batch, ...this.queue.splice(0, this.queue.length)];
    this.staged = this.committed;
    this.stagedSeq = this.committedSeq;
    this.lastWriteOk = false;
    this.opts.log(`store: write failed (${(err as NodeJS.ErrnoException).code ?? String(err)}); ${all.length} command(s) refused, state unchanged`);
    if (!isStorageError(err)) this.opts.log(`store: unexpected write error: ${String(err)}`);
    for (const p of all) {
      this.inflight.delete(p.record.commandId);
      p.resolve({ ok: false, code: 'STORAGE_UNAVAILABLE' });
    }
  }

  private async writeSnapshot(): Promise<void> {
    const seq = this.committedSeq;
    await this.wal.rotate(seq + 1);
    const bills = this.unarchived;
    await this.archive.append(bills);
    await this.activity.append(this.unlogged.filter((e) => e.seq <= seq));
    await writeSnapshot(this.opts.dir, {
      storeId: this.storeId,
      seq,
      archivedThroughSeq: seq,
      writtenAt: this.opts.clock().toISOString(),
      state: this.committed,
      processed: this.processed.prune(this.opts.clock()),
    });
    this.unarchived = this.unarchived.filter((b) => b.seq > seq);
    this.unlogged = this.unlogged.filter((e) => e.seq > seq);
    this.sinceSnapshot = 0;
    await this.wal.dropOlderSegments();
  }
}
