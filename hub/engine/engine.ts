import type { ActivityEntry, Bill, Change, Command, CommandReply, State } from '#protocol';
import { STORE_FORMAT_VERSION } from '#protocol';
import { applyAll, decideAndFold, withOwned, type DecideContext, type Decision, type LicenceBasis } from '#domain';
import type { Archive, ArchivedBill } from '#hub/store/archive.ts';
import { isStorageError } from '#hub/store/durable-fs.ts';
import type { StockHistory, FiledStockMove } from '#hub/store/stock-history.ts';
import type { FiledReservation, ReservationDays } from '#hub/store/reservation-days.ts';
import type { FiledShift, ShiftDays } from '#hub/store/shift-days.ts';
import type { FiledTallyEntry, TallyDays } from '#hub/store/tally-days.ts';
import type { AccountDays, FiledDebt } from '#hub/store/account-days.ts';
import type { FiledTakeout, TakeoutDays } from '#hub/store/takeout-days.ts';
import type { FiledRefund, RefundDays } from '#hub/store/refund-days.ts';
import type { FiledLedger, LedgerDays } from '#hub/store/ledger-days.ts';
import type { Wal } from '#hub/store/wal.ts';
import type { DayLog } from '#hub/store/day-log.ts';
import type { JobFiles } from '#hub/store/job-files.ts';
import { activityLog, activityOf } from './activity.ts';
import type { ChangeBuffer } from './change-buffer.ts';
import { JobTable, type JobTableView } from './job-table.ts';
import { changeOf, rememberedAt, type LogRecord } from './log-record.ts';
import { closedBillOf, closedBillsIn } from './closed-bills.ts';
import { remembersId, type ProcessedIds } from './processed-ids.ts';
import { recoverStore, withDefaults, type EngineOptions, type RecoveredStore } from './recovery.ts';
import type { Snapshotter, SnapshotCapture } from './snapshotter.ts';
import { snapshotterFor } from './snapshotter-for.ts';
import { WritePacer } from './write-pacer.ts';

export type { EngineOptions } from './recovery.ts';

export type Actor = DecideContext['actor'];

/** A staged command: its record, the state after it, its activity entry (taken from the state it was decided on), its sender. */
type Pending = { record: LogRecord; stateAfter: State; activity: ActivityEntry; resolve: (reply: CommandReply) => void };

/**
 * How a record goes to the disk. `now`: the write loop is kicked at once (a device's command).
 * `ride`: the hub's own bookkeeping (a job's start, writing mark, finish): while devices' commands
 * are flowing it waits, at most a couple of milliseconds, for the next batch someone else's command
 * starts, so it costs no write of its own (a lone device's next command carries it); when none
 * came lately (`rideWindowMs`, `rideMaxWaitMs`: recovery.ts; the timing is write-pacer.ts) it is written at once, as `now`. Either way the reply comes once it is on disk,
 * and records keep their seq order: riding changes when a record is written, never its order.
 */
export type SubmitMode = 'now' | 'ride';

/**
 * The heart of the hub: command -> decide -> WAL (fsync) -> memory -> ack ->
 * broadcast. Commands are decided one after another against a staged state;
 * their records are written in batches (group commit: one fdatasync for all
 * that arrived while the previous one ran, and none held back for company).
 * Nobody hears of a change before it is on disk, and if a write fails, every
 * staged change is dropped. Snapshots are written beside the write loop, not
 * in it (see Snapshotter). The walk of one command: README.md here.
 */
export class Engine {
  private committed: State;
  private staged: State;
  private committedSeq: number;
  private stagedSeq: number;
  private queue: Pending[] = [];
  /** The batch the write loop has taken and is writing (its records are staged, not yet committed). */
  private writing: Pending[] = [];
  /**
   * The record copies the staged commands made since the write loop last took a batch: the next
   * commands change these in place instead of copying them again (hub/domain/records.ts `owned`).
   * Replaced whenever a batch is taken (its state is about to become the committed one, which
   * nothing may change) and whenever the staged state is rebuilt or dropped.
   */
  private owned = new WeakSet<object>();
  private inflight = new Map<string, Promise<CommandReply>>();
  private flushing: Promise<void> | null = null;
  private listeners = new Set<(change: Change) => void>();
  private lastWriteOk = true;
  /** Set by snapshot(): the write loop stops at its next record boundary so the log can be rotated. */
  private holdLoop = false;
  private closed = false;
  /** The box's licence as hub/licence/ last read it (setLicence); the rules get it in ctx. Undefined: no licence rule. */
  private licence: LicenceBasis | undefined = undefined;
  /** When the write loop runs: at once for devices' commands, riders waiting for company (write-pacer.ts). */
  private readonly pacer: WritePacer;

  readonly storeId: string;
  readonly archive: Archive;
  /** Who did what, per day, for the staff activity view (written at snapshot time). */
  readonly activity: DayLog<ActivityEntry>;
  /** Who moved stock, when and why, per day (written at snapshot time). */
  readonly stock: StockHistory;
  /** Past days' reservations, per day (written at snapshot time). */
  readonly reservationDays: ReservationDays;
  /** Closed shifts, per day they closed (written at snapshot time). */
  readonly shiftDays: ShiftDays;
  /** Past business days' bookkeeping entries, per day (written at snapshot time). */
  readonly tallyDays: TallyDays;
  /** Closed on-account debts, per day they closed (written at snapshot time). */
  readonly accountDays: AccountDays;
  /** Ended take-away and delivery orders, per day they ended (written at snapshot time). */
  readonly takeoutDays: TakeoutDays;
  /** Ended refunds (rejected or finished), per day they ended (written at snapshot time). */
  readonly refundDays: RefundDays;
  /** Members' balance moves, per business day (written at snapshot time; ledger-read.ts reads them). */
  readonly ledgerDays: LedgerDays;
  private readonly wal: Wal<LogRecord>;
  private readonly processed: ProcessedIds;
  private readonly buffer: ChangeBuffer;
  private readonly snapshots: Snapshotter;
  private readonly opts: Required<EngineOptions>;
  /** The hub's jobs, outside the State: changed in place as records are staged (job-table.ts). */
  private readonly table: JobTable;
  private readonly jobFiles: JobFiles;

  private constructor(parts: RecoveredStore) {
    this.table = parts.jobs;
    this.jobFiles = parts.jobFiles;
    this.storeId = parts.storeId;
    this.wal = parts.wal;
    this.archive = parts.archive;
    this.activity = activityLog(parts.opts.dir, parts.opts.utcOffsetMinutes);
    this.stock = parts.stock;
    this.reservationDays = parts.reservationDays;
    this.shiftDays = parts.shiftDays;
    this.tallyDays = parts.tallyDays;
    this.accountDays = parts.accountDays;
    this.takeoutDays = parts.takeoutDays;
    this.refundDays = parts.refundDays;
    this.ledgerDays = parts.ledgerDays;
    this.processed = parts.processed;
    this.buffer = parts.buffer;
    this.opts = parts.opts;
    this.pacer = new WritePacer({ windowMs: parts.opts.rideWindowMs, maxWaitMs: parts.opts.rideMaxWaitMs }, () => this.kick());
    this.committed = this.staged = parts.state;
    this.committedSeq = this.stagedSeq = parts.seq;
    // Records committed while one was written may already call for the next.
    this.snapshots = snapshotterFor(parts, this.activity, () => {
      if (!this.closed && this.snapshots.isDue(this.committedSeq)) this.snapshot().catch(() => undefined);
    });
  }

  /** Opens (and if needed recovers) the store in `options.dir`; see recovery.ts. */
  static async open(options: EngineOptions): Promise<Engine> {
    const recovered = await recoverStore(withDefaults(options));
    const engine = new Engine(recovered);
    await engine.settleRepair(recovered.dropped);
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

  /** Hands the rules the box's licence (hub/licence/service.ts, at start and when the owner types a new code). */
  setLicence(basis: LicenceBasis | undefined): void {
    this.licence = basis;
  }

  /** The last committed state: what every acknowledged command produced. */
  get state(): State {
    return this.committed;
  }

  get seq(): number {
    return this.committedSeq;
  }

  /** Bytes of records the log took since open (a snapshot of a large state waits for the log to grow as much: snapshotter.ts). */
  get logBytes(): number {
    return this.wal.bytesAppended;
  }

  /** Records decided (and staged in the job table) but not yet on disk: 0 when everything staged is committed. */
  get uncommitted(): number {
    return this.stagedSeq - this.committedSeq;
  }

  /**
   * The job table (read only here: only job events change it). It holds what
   * is staged too (a job a queued record created is there before it is on
   * disk); its listeners hear of a change only once it is committed.
   */
  get jobs(): JobTableView {
    return this.table;
  }

  /** Durable writes of the log since open: one per batch of commands (group commit). */
  get durableWrites(): number {
    return this.wal.appends;
  }

  /** True while a snapshot is being written beside the write loop. */
  get snapshotting(): boolean {
    return this.snapshots.busy;
  }

  /** Snapshots started since open: with `snapshotting`, tells whether a snapshot overlapped some span of time. */
  get snapshotsStarted(): number {
    return this.snapshots.started;
  }

  /** False after a write failed (disk full, read-only) until one succeeds again. */
  get writable(): boolean {
    return this.lastWriteOk;
  }

  onChange(listener: (change: Change) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // What is not yet in its day files (the records since the last snapshot), oldest first: the activity, past days'
  // reservations, closed shifts and debts, ended takeouts and refunds, members' balance moves, bookkeeping entries,
  // closed bills and stock moves. The on-demand readers (routes, hub/reports) take it after the day files.
  readonly recentActivity = (): readonly ActivityEntry[] => this.snapshots.recentActivity();
  readonly recentFiledReservations = (): readonly FiledReservation[] => this.snapshots.recentFiledReservations();
  readonly recentFiledShifts = (): readonly FiledShift[] => this.snapshots.recentFiledShifts();
  readonly recentFiledDebts = (): readonly FiledDebt[] => this.snapshots.recentFiledDebts();
  readonly recentFiledTakeouts = (): readonly FiledTakeout[] => this.snapshots.recentFiledTakeouts();
  readonly recentFiledRefunds = (): readonly FiledRefund[] => this.snapshots.recentFiledRefunds();
  readonly recentFiledLedger = (): readonly FiledLedger[] => this.snapshots.recentFiledLedger();
  readonly recentFiledTally = (): readonly FiledTallyEntry[] => this.snapshots.recentFiledTally();
  readonly recentClosedBills = (): readonly ArchivedBill[] => this.snapshots.recentBills();
  readonly recentStockMoves = (): readonly FiledStockMove[] => this.snapshots.recentStockMoves();

  /** A closed bill of `day` (the calendar day it was paid), filed or not yet (closed-bills.ts). Bill corrections read it here, never from a device. */
  closedBill(billId: string, day: string): Promise<Bill | undefined> {
    return closedBillOf(this.archive, this.snapshots.recentBills(), billId, day);
  }

  /** Every closed bill paid in [from, to) (ISO instants), oldest first (closed-bills.ts): a business day's reports. */
  closedBillsBetween(from: string, to: string): Promise<Bill[]> {
    return closedBillsIn(this.archive, this.snapshots.recentBills(), from, to);
  }

  /**
   * The answer already given (or being given) to this command id, or null. A
   * resend after a lost ack gets it whatever its envelope carries now (the
   * intake asks before it reads the payload or the sender's gates).
   */
  answerOf(commandId: string): Promise<CommandReply> | null {
    const known = this.processed.reply(commandId);
    if (known) return Promise.resolve(known);
    return this.inflight.get(commandId) ?? null;
  }

  knows(commandId: string): boolean {
    return this.processed.reply(commandId) !== undefined || this.inflight.has(commandId);
  }

  changesSince(seq: number): Change[] | null {
    return this.buffer.since(seq, this.committedSeq);
  }

  /**
   * Decides and records one validated command. Resolves once it is on disk
   * (or refused). A command id seen before gets its first answer again.
   * `approver`: the manager whose approval the intake verified for this very
   * command (hub/engine/approval-tokens.ts); the rules see it as ctx.approver
   * and the record keeps it as `approvedBy`.
   */
  submit(command: Command, actor: Actor, approver: string | null = null, mode: SubmitMode = 'now'): Promise<CommandReply> {
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
      // The state after it comes with the decision: finding the jobs it causes folds its events once already.
      // Under `withOwned` the fold changes in place the record copies this batch's earlier commands made.
      ({ decision, after: stateAfter } = withOwned(this.owned, () =>
        decideAndFold(this.staged, command, { now: now.toISOString(), actor, approver, jobs: this.table, licence: this.licence }),
      ));
      // The job events go into the table in place, journaled under the record's seq (undone if the
      // write fails: failStaged). Inside this guard and before the seq moves: a job event that cannot
      // be folded is a rule's bug, refused like one (a seq skipped in the log would stop the next start).
      if (decision.ok) this.table.stage(this.stagedSeq + 1, decision.events);
    } catch (err) {
      this.opts.log(`engine: ${command.type} failed in the rules: ${(err as Error)?.stack ?? String(err)}`);
      // Its fold may have changed lent record copies in place before it threw: the staged state is folded again.
      this.rebuildStaged();
      return Promise.resolve({ ok: false, code: 'INTERNAL' });
    }
    if (!decision.ok) return Promise.resolve({ ok: false, code: decision.code, ...(decision.message ? { message: decision.message } : {}) });

    const record: LogRecord = {
      seq: ++this.stagedSeq,
      commandId: command.id,
      type: command.type,
      deviceId: command.deviceId,
      staffId: actor.staffId,
      ...(approver ? { approvedBy: approver } : {}),
      at: now.toISOString(),
      deviceAt: command.at,
      events: decision.events,
      result: decision.result,
      format: STORE_FORMAT_VERSION,
    };
    // Its activity names the tables and dishes of the state it was decided on: taken now, since the
    // next commands of this batch may change that state's record copies in place.
    const activity = activityOf(record, this.staged);
    this.staged = stateAfter;
    const promise = new Promise<CommandReply>((resolve) => {
      this.queue.push({ record, stateAfter: this.staged, activity, resolve });
    });
    this.inflight.set(command.id, promise);
    this.queueForWrite(mode);
    return promise;
  }

  /**
   * Folds the log into a snapshot, archives closed bills, drops covered log
   * segments; resolves once all that is on disk. Commands go on being
   * written meanwhile (only the log's rotation holds them, briefly).
   */
  async snapshot(): Promise<void> {
    // One snapshot at a time, and the rotation at a record boundary: the
    // write loop is asked to stop after its current batch (under a steady
    // stream of commands it would never end by itself), then its place is taken.
    for (;;) {
      await this.snapshots.settled();
      this.holdLoop = true;
      while (this.flushing) await this.flushing;
      if (!this.snapshots.busy) break;
      // One fell due meanwhile: let the loop go on, wait for that one, then start ours.
      this.holdLoop = false;
      this.kickIfDue();
    }
    const rotation = this.snapshots.start(this.capture());
    this.flushing = rotation
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.flushing = null;
        this.holdLoop = false;
        this.kickIfDue();
      });
    const { written } = await rotation;
    await written;
  }

  /** Waits for staged commands and a running snapshot, writes a final snapshot and closes the log. */
  async close(): Promise<void> {
    // Riders waiting for company go now: nobody else is coming.
    do {
      this.pacer.release();
      this.kickIfDue();
      await this.idle();
    } while (this.queue.length > 0 && !this.holdLoop);
    this.closed = true;
    await this.snapshots.settled();
    if (this.committedSeq > this.snapshots.coveredSeq && this.lastWriteOk) {
      // Failures are logged by the snapshotter; the log keeps everything.
      await this.snapshots.start(this.capture()).then(({ written }) => written).catch(() => undefined);
    }
    await this.wal.close();
  }

  private async idle(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** A record joined the queue: kick the write loop now, or (a rider while devices are at work) let it wait for company. */
  private queueForWrite(mode: SubmitMode): void {
    if (this.pacer.queued(mode)) this.kick();
  }

  /** Whether the queue holds a record that must go now (a `now` command, or riders that waited enough). */
  private writeDue(): boolean {
    return this.pacer.due(this.queue.length);
  }

  private kickIfDue(): void {
    if (this.writeDue()) this.kick();
    else if (this.queue.length > 0) this.pacer.arm();
  }

  private kick(): void {
    if (this.flushing || this.holdLoop) return;
    this.flushing = this.flushLoop().finally(() => {
      this.flushing = null;
      // A command submitted after the loop's last look at the queue but before
      // this callback (say, by code resuming on an ack) would otherwise wait forever.
      this.kickIfDue();
    });
  }

  private async flushLoop(): Promise<void> {
    // Commands that arrived in this same turn of the event loop (one read of
    // several sockets, a Promise.all) join the first batch. This is the end of
    // the turn, not a wait for company: a lone command is written at once.
    await new Promise((r) => setImmediate(r));
    while (this.writeDue() && !this.holdLoop) {
      const batch = this.queue.splice(0, this.queue.length);
      // This batch's state is about to be the committed one: later commands copy before they change it.
      this.owned = new WeakSet();
      this.writing = batch;
      // Devices' commands in it: their senders answer and send again right after it (a slow disk's
      // write outlasts the ride window, so the window also counts from this batch's end).
      // Every rider in the queue goes with this batch: none waits any more.
      const devicesAtWork = this.pacer.takeBatch();
      try {
        await this.wal.append(batch.map((p) => p.record));
        this.lastWriteOk = true;
      } catch (err) {
        this.writing = [];
        this.failStaged(batch, err);
        continue;
      }
      this.writing = [];
      this.pacer.written(devicesAtWork);
      this.commit(batch);
      // Only the rotation happens here; the snapshot itself is written beside the loop.
      if (this.snapshots.isDue(this.committedSeq)) await this.snapshots.start(this.capture()).catch(() => undefined);
    }
  }

  /** What a snapshot taken now holds: the committed state (immutable) and the command ids worth keeping. */
  private capture(): SnapshotCapture {
    return {
      seq: this.committedSeq,
      state: this.committed,
      processed: this.processed.capture(this.opts.clock()),
      // The jobs changed since the last one, as committed (the table also holds what is staged).
      jobs: this.table.capture(this.committedSeq, this.jobFiles.wantsWhole(this.table.size)),
    };
  }

  private commit(batch: Pending[]): void {
    // One change object per record, for the buffer and every listener alike.
    const changes: Change[] = [];
    for (const p of batch) {
      const r = p.record;
      this.committed = p.stateAfter;
      this.committedSeq = r.seq;
      if (remembersId(r.type)) this.processed.add({ id: r.commandId, seq: r.seq, at: rememberedAt(r), result: r.result });
      this.inflight.delete(r.commandId);
      const change = changeOf(r);
      changes.push(change);
      this.buffer.push(change);
      this.snapshots.noteCommitted(r, null, p.activity);
    }
    for (const p of batch) p.resolve({ ok: true, seq: p.record.seq, result: p.record.result });
    for (const change of changes) {
      for (const listener of this.listeners) listener(change);
    }
    // The table's journal of these records goes; its listeners (the board's push) hear of their jobs.
    const last = batch.at(-1);
    if (last) this.table.commit(last.record.seq);
  }

  /**
   * A command's fold threw (a rule's bug, refused INTERNAL): it may have changed lent record copies
   * in place halfway, so the staged state is folded again, purely, from the committed state through
   * every record still staged (the batch being written, then the queue), each keeping its state after.
   */
  private rebuildStaged(): void {
    this.owned = new WeakSet();
    let state = this.committed;
    for (const p of [...this.writing, ...this.queue]) {
      state = applyAll(state, p.record.events);
      p.stateAfter = state;
    }
    this.staged = state;
  }

  /** A write failed: nothing staged may stand, since later decisions built on it. */
  private failStaged(batch: Pending[], err: unknown): void {
    const all = [...batch, ...this.queue.splice(0, this.queue.length)];
    this.pacer.reset();
    this.staged = this.committed;
    this.owned = new WeakSet();
    this.stagedSeq = this.committedSeq;
    this.table.revertStaged();
    this.lastWriteOk = false;
    this.opts.log(`store: write failed (${(err as NodeJS.ErrnoException).code ?? String(err)}); ${all.length} command(s) refused, state unchanged`);
    if (!isStorageError(err)) this.opts.log(`store: unexpected write error: ${String(err)}`);
    for (const p of all) {
      this.inflight.delete(p.record.commandId);
      p.resolve({ ok: false, code: 'STORAGE_UNAVAILABLE' });
    }
  }

}
