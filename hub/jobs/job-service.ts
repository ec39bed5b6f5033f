import { hubCommand } from '#hub/auth/hub-command.ts';
import type { Engine } from '#hub/engine/engine.ts';
import type { JobTableView } from '#hub/engine/job-table.ts';
import type { CommandPayload, CommandReply, CommandType, Job, JobKind, JobOutcome } from '#protocol';
import { JOB_POLICIES } from '#protocol';
import { dueAt, hasPrunable, runningJobIds } from './due.ts';
import type { AnyJobRunner, EffectMarks } from './runner.ts';

/** What the service and the hub's job-side parts need of the engine (the real one in the hub; any in a test): its job table (read only), submit, the change stream. */
export type JobEngine = Pick<Engine, 'state' | 'submit' | 'onChange'> & { readonly jobs: JobTableView };

export type JobServiceOptions = {
  clock?: () => Date;
  log?: (message: string) => void;
  /** How long done and cancelled jobs stay in the live state (devices see them finish). */
  keepFinishedMs?: number;
  /** How often the service looks for work without being told (prune, a failed write to retry). */
  tickMs?: number;
};

/**
 * A print job whose document was left in the job table's file at start and could not be read
 * back (hub/store/job-documents.ts): never printed blank, failed for a person to see.
 */
const UNREADABLE: JobOutcome = { ok: false, canRetry: false, reason: 'IO_ERROR' };

/** The marks of an attempt whose start carried its writing mark (`job.start` with `writing`): on disk already. */
const ALREADY_MARKED: EffectMarks = { beginWriting: async () => true };

/** How long the lanes rest after the log refused a write (disk full, read-only), instead of hammering it. */
export const STORAGE_PAUSE_MS = 5_000;

/** At most this many prune records per tick (the rule's PRUNE_BATCH jobs each): a printer back after a weekend is cleared within minutes, a tick stays short. */
const PRUNE_RECORDS_PER_TICK = 10;

/** The hub itself, as the actor of the job commands (like its sign-in notes). */
const HUB_ACTOR = { staffId: null, deviceId: 'hub' } as const;

/** One lane: at most one job under way; `woken`: its head may go before its retry time (the printer is back). */
type Lane = { running: Promise<void> | null; woken: boolean };

/**
 * A job's finish on its way to the disk. The lane does not wait for it before the next job's
 * start: that start is later in the log, and the next effect waits for the start (or its writing
 * mark) to be on disk, so the finish is there first (hub/jobs/README.md "Fewer writes per ticket").
 */
type FinishOnTheWay = Promise<void>;

/**
 * Carries out durable jobs: one job at a time per lane (the lanes are the
 * domain's `jobLane`: one per printer, one per other kind or shared kinds),
 * in order; a lane that waits never holds up another. Lanes and their next
 * jobs come from the job table's lane index (`engine.jobs`), never from a
 * scan of the jobs. Each job is recorded `job.start` (on disk) before its effect
 * and `job.finish` after; at start-up the jobs found running are handed to
 * the rules (`job.recover`), which retry a repeatable kind and mark the
 * others maybe done. Started and stopped with the hub (hub/server.ts).
 */
export class JobService {
  private readonly runners = new Map<JobKind, AnyJobRunner>();
  private readonly lanes = new Map<string, Lane>();
  private readonly clock: () => Date;
  private readonly log: (message: string) => void;
  private readonly keepFinishedMs: number;
  private readonly tickMs: number;
  /** Effects that happened but whose finish could not be written yet (disk full): written on the next tick. */
  private readonly unfinished = new Map<string, JobOutcome>();
  private unsubscribe: (() => void) | null = null;
  private wake: NodeJS.Timeout | null = null;
  private tick: NodeJS.Timeout | null = null;
  private stopped = true;
  /** Hub time before which no lane starts a job (after the log refused a write). */
  private pausedUntil = 0;

  private readonly engine: JobEngine;

  constructor(engine: JobEngine, runners: readonly AnyJobRunner[], opts: JobServiceOptions = {}) {
    this.engine = engine;
    for (const runner of runners) this.runners.set(runner.kind, runner);
    this.clock = opts.clock ?? (() => new Date());
    this.log = opts.log ?? ((m) => console.log(m));
    this.keepFinishedMs = opts.keepFinishedMs ?? 10 * 60_000;
    this.tickMs = opts.tickMs ?? 60_000;
  }

  /** Recovers jobs interrupted by a stop, starts the runners and the lanes. */
  async start(): Promise<void> {
    const interrupted = runningJobIds(this.engine.jobs);
    if (interrupted.length > 0) {
      const reply = await this.submit('job.recover', { jobIds: interrupted });
      this.log(`jobs: ${interrupted.length} job(s) were running when the hub stopped${reply.ok ? '' : ` (not recorded: ${reply.code}, tried again at next start)`}`);
    }
    for (const runner of this.runners.values()) await runner.start?.();
    this.stopped = false;
    this.unsubscribe = this.engine.onChange((change) => {
      if (change.events.some((e) => e.type.startsWith('job.'))) this.pump();
    });
    this.tick = setInterval(() => void this.onTick().catch((e: unknown) => this.log(`jobs: tick failed: ${String(e)}`)), this.tickMs);
    this.tick.unref();
    this.pump();
  }

  /** Stops taking jobs, waits for the effects under way, stops the runners. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe?.();
    if (this.wake) clearTimeout(this.wake);
    if (this.tick) clearInterval(this.tick);
    await this.idle();
    for (const runner of this.runners.values()) await runner.stop?.();
  }

  /** Resolves when no lane is carrying out a job (tests; stop). */
  async idle(): Promise<void> {
    for (;;) {
      const running = [...this.lanes.values()].flatMap((l) => (l.running ? [l.running] : []));
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  /** Looks for due jobs now (called on every job change, on the wake timer, and by tests after moving the clock). */
  pump(): void {
    if (this.stopped) return;
    if (this.clock().getTime() < this.pausedUntil) return this.scheduleWake();
    const now = this.clock().getTime();
    // O(lanes): each lane's head is the table's, kept as jobs change. The keys are copied first:
    // starting a lane stages its job.start at once, which changes the table under an iterator.
    for (const key of [...this.engine.jobs.laneKeys()]) {
      const head = this.headOf(key);
      if (!head) continue;
      const lane = this.lane(key);
      if (lane.running || (dueAt(head) > now && !lane.woken) || this.isPaused(key, head)) continue;
      lane.running = this.runLane(key, lane).finally(() => {
        lane.running = null;
        this.scheduleWake();
      });
    }
    this.scheduleWake();
  }

  /**
   * Lets the lane's next job go now instead of at its retry time (the status
   * monitor saw its printer come back). Once: a new failure waits again.
   */
  wakeLane(key: string): void {
    if (!this.headOf(key)) return;
    this.lane(key).woken = true;
    this.pump();
  }

  /** Whether the lane is carrying out a job (the status monitor leaves a printing printer alone). */
  laneBusy(key: string): boolean {
    return this.lanes.get(key)?.running != null;
  }

  /** The lane's next job, when a runner here takes its kind (a lane of a kind nobody runs here just waits). */
  private headOf(key: string): Job | undefined {
    const head = this.engine.jobs.laneHead(key);
    return head && this.runners.has(head.kind) ? head : undefined;
  }

  /** Whether the runner of the lane's head says the lane must wait (nothing is recorded for it meanwhile). */
  private isPaused(key: string, head: Job): boolean {
    const runner = this.runners.get(head.kind);
    return runner?.paused?.(key) ?? false;
  }

  private lane(key: string): Lane {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { running: null, woken: false };
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private async runLane(key: string, lane: Lane): Promise<void> {
    // The last finish handed to the log: awaited before the lane rests, so `idle` means recorded.
    let finishing: FinishOnTheWay | null = null;
    try {
      while (!this.stopped) {
        const head = this.headOf(key);
        if (!head || (dueAt(head) > this.clock().getTime() && !lane.woken) || this.isPaused(key, head)) return;
        lane.woken = false;
        const runner = this.runners.get(head.kind);
        if (!runner) return;
        const done = await this.carryOut(runner, head);
        if (!done) return;
        finishing = done.finishing;
      }
    } finally {
      await finishing;
    }
  }

  /**
   * One job: start on disk, effect, finish. Null when the lane should pause (the log refuses
   * writes). The start and the writing mark are awaited (on disk before the effect, as ever); the
   * finish is only handed to the log: the next job's start follows it there (see FinishOnTheWay).
   */
  private async carryOut(runner: AnyJobRunner, job: Job): Promise<{ finishing: FinishOnTheWay | null } | null> {
    // A printer ready to take the first byte at once: the start carries the writing mark (one record fewer).
    const writing = JOB_POLICIES[job.kind].marksWriting === true && (runner.writesAtOnce as ((j: Job) => boolean) | undefined)?.(job) === true;
    const started = await this.submit('job.start', writing ? { jobId: job.id, writing: true as const } : { jobId: job.id });
    // Someone cancelled it meanwhile: go on with the next. The disk refused: rest a while.
    if (!started.ok) {
      if (started.code !== 'STORAGE_UNAVAILABLE') return { finishing: null };
      this.pausedUntil = this.clock().getTime() + STORAGE_PAUSE_MS;
      return null;
    }
    const outcome = this.engine.jobs.readable?.(job) === false ? UNREADABLE : await this.perform(runner, job, writing);
    const finishing = this.submit('job.finish', { jobId: job.id, outcome }).then((finished) => {
      if (finished.ok) return;
      this.unfinished.set(job.id, outcome);
      if (finished.code === 'STORAGE_UNAVAILABLE') this.pausedUntil = this.clock().getTime() + STORAGE_PAUSE_MS;
      this.log(`jobs: ${job.kind} ${job.id} carried out, its finish not recorded yet (${finished.code})`);
    });
    return { finishing };
  }

  private async perform(runner: AnyJobRunner, job: Job, marked: boolean): Promise<JobOutcome> {
    try {
      // The lane holds only jobs of the runner's own kind.
      return await (runner.perform as (j: Job, m: EffectMarks) => Promise<JobOutcome>)(job, marked ? ALREADY_MARKED : this.marksOf(job));
    } catch (err) {
      this.log(`jobs: ${job.kind} ${job.id} threw: ${String(err)}`);
      return { ok: false, canRetry: true, reason: 'UNKNOWN' };
    }
  }

  /** The writing mark of one job's attempt (hub/jobs/README.md "How a job lives"). */
  private marksOf(job: Job): EffectMarks {
    return {
      beginWriting: async () => {
        const reply = await this.submit('job.markWriting', { jobId: job.id });
        if (!reply.ok) this.log(`jobs: ${job.kind} ${job.id}: writing mark not recorded (${reply.code}), nothing written`);
        return reply.ok;
      },
    };
  }

  private async onTick(): Promise<void> {
    if (this.stopped) return;
    for (const [jobId, outcome] of [...this.unfinished]) {
      const reply = await this.submit('job.finish', { jobId, outcome });
      // Written, or no longer running (nothing left to say): either way done with it.
      if (reply.ok || reply.code !== 'STORAGE_UNAVAILABLE') this.unfinished.delete(jobId);
    }
    const before = new Date(this.clock().getTime() - this.keepFinishedMs).toISOString();
    // Each record prunes a bounded batch from the head of the finished queue; a few per tick.
    for (let n = 0; n < PRUNE_RECORDS_PER_TICK && hasPrunable(this.engine.jobs, before); n++) {
      if (!(await this.submit('job.prune', { before })).ok) break;
    }
    this.pump();
  }

  /** Runs the tick now (tests: prune and retry a finish without waiting a minute). */
  async tickNow(): Promise<void> {
    await this.onTick();
  }

  private scheduleWake(): void {
    if (this.stopped) return;
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    let due: number | null = null;
    // The earliest due time among the lane heads: O(lanes).
    for (const key of this.engine.jobs.laneKeys()) {
      const head = this.headOf(key);
      if (!head) continue;
      // A busy lane looks again when its job ends.
      const lane = this.lanes.get(key);
      // A paused lane is woken by its runner's probe, never by a timer here.
      if (lane?.running || this.isPaused(key, head)) continue;
      const at = lane?.woken ? 0 : dueAt(head);
      if (due === null || at < due) due = at;
    }
    if (due === null) return;
    const at = Math.max(due, this.pausedUntil);
    // Timers are capped by the tick anyway; a far retry time needs no long timer.
    const delay = Math.min(Math.max(0, at - this.clock().getTime()), this.tickMs);
    this.wake = setTimeout(() => this.pump(), delay);
    this.wake.unref();
  }

  /** The service's records ride the devices' writes (engine.ts SubmitMode): one record per step, none with a write of its own while devices are at work. */
  private submit<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> {
    return this.engine.submit(hubCommand(type, payload, HUB_ACTOR.deviceId, this.clock()), HUB_ACTOR, null, 'ride');
  }
}
