import type { Job, JobKind, JobOutcome } from '#protocol';

/** A job of one kind, its payload typed. */
export type JobOf<K extends JobKind> = Extract<Job, { kind: K }>;

/** What a runner may record while it carries a job out. */
export type EffectMarks = {
  /**
   * Records on disk that the job's irreversible part begins now (kinds with `marksWriting`: the
   * first byte to the printer). False when it could not be recorded: then the runner must not act.
   */
  beginWriting(): Promise<boolean>;
};

/**
 * What carries out the jobs of one kind (a printer, the e-invoice outbox).
 * `perform` reports its outcome and never throws where it can help it (a
 * throw counts as a retryable UNKNOWN failure). It may rely on `job.id` to
 * make its effect idempotent when its kind is declared repeatable.
 */
// Which lane a job waits in, and whether the lane keeps creation order, is the domain's
// (`jobLane`, hub/domain/jobs/lane.ts): the job table indexes lanes as jobs change.
export type JobRunner<K extends JobKind = JobKind> = {
  kind: K;
  /** Called once when the hub starts its jobs (open a connection, make a folder). */
  start?(): Promise<void>;
  /** Called once when the hub stops, after the last effect returned. */
  stop?(): Promise<void>;
  /** `marks`: given by the service (absent when a test calls a runner by hand). */
  perform(job: JobOf<K>, marks?: EffectMarks): Promise<JobOutcome>;
  /**
   * Kinds that mark their writing: whether this job's first byte would go out at once (its
   * printer's kept connection open and just confirmed a printout: no connection to open, no
   * question to ask, nothing to compute first). Then the service records the start and the writing
   * mark in one record (`job.start` with `writing`) before `perform`, and `beginWriting` answers
   * true without a record of its own (hub/jobs/README.md "Fewer writes per ticket"). Asked once per
   * attempt: cheap, no I/O. Absent or false: the start, then the mark when the first byte is due.
   */
  writesAtOnce?(job: JobOf<K>): boolean;
  /**
   * Whether the lane must wait now (SUNAT cannot be reached): the service
   * starts none of its jobs, records nothing and sets no timer for it, until
   * the runner's own probe calls `wakeLane` (hub/einvoice/outbox/gate.ts).
   * Asked often: it must be cheap and never do I/O.
   */
  paused?(lane: string): boolean;
};

/** Any kind's runner, as the service holds them. */
export type AnyJobRunner = { [K in JobKind]: JobRunner<K> }[JobKind];
