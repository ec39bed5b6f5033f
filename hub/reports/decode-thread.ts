/**
 * Report days computed off the event loop (issue 20 item 4): the cold year
 * of reports (365 day files, 5.7-12 s of decoding) ran on the hub's own
 * thread in slices; now one worker thread (decode-worker.ts) does it, and the
 * hub's loop only hands it the job and merges the figures that come back.
 *
 * The worker starts at the first job and ends after `idleMs` without one
 * (its heap, grown by a year of bills, goes back to the system). In the
 * single binary there is no worker file on disk: installer/bundle.ts bundles
 * decode-worker.ts on its own into `__POS_REPORTS_WORKER__`, started as code
 * (`eval: true`), as the PKCS#12 and printout workers are.
 */
import { Worker } from 'node:worker_threads';
import type { SalesFigures } from '#protocol';
import type { ReadStats } from './archive-reader.ts';
import type { DayFiguresJob } from './day-figures.ts';
import type { DecodeAnswer, DecodeRequest } from './decode-worker.ts';

declare const __POS_REPORTS_WORKER__: string | undefined;

type Waiting = { onDay: (day: string, figures: SalesFigures) => void; onReads: (more: ReadStats) => void; read: ReadStats; resolve: (stats: ReadStats) => void; reject: (err: Error) => void };

export class DecodeThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private idleTimer: NodeJS.Timeout | null = null;
  private readonly idleMs: number;
  /** Workers started so far (tests: the idle one ends, the next job starts another). */
  started = 0;

  constructor(idleMs = 10_000) {
    this.idleMs = idleMs;
  }

  /** True while a worker thread is running (it ends after `idleMs` without a job). */
  get alive(): boolean {
    return this.worker !== null;
  }

  /**
   * Runs the job in the worker; `onDay` hears each day as it is done, after
   * `onReads` heard what was read for it; resolves with all that was read.
   */
  run(job: DayFiguresJob, onDay: (day: string, figures: SalesFigures) => void, onReads: (more: ReadStats) => void = () => undefined): Promise<ReadStats> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    return new Promise<ReadStats>((resolve, reject) => {
      this.waiting.set(id, { onDay, onReads, read: { files: 0, bytes: 0 }, resolve, reject });
      // A job under way keeps the process alive; an idle worker does not.
      worker.ref();
      const request: DecodeRequest = { id, job };
      worker.postMessage(request);
    });
  }

  /** Ends the worker; jobs under way fail. */
  async stop(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const w = this.worker;
    this.worker = null;
    this.failAll(new Error('reports: stopped'));
    if (w) await w.terminate();
  }

  private start(): Worker {
    this.started++;
    const options = { stdout: false, stderr: false };
    const w =
      typeof __POS_REPORTS_WORKER__ === 'string'
        ? new Worker(__POS_REPORTS_WORKER__, { ...options, eval: true })
        : new Worker(new URL('./decode-worker.ts', import.meta.url), options);
    w.on('message', (answer: DecodeAnswer) => this.answer(answer));
    w.on('error', (err) => this.ended(w, err));
    w.on('exit', (code) => this.ended(w, new Error(`reports: the decode worker ended (${code})`)));
    return w;
  }

  private answer(answer: DecodeAnswer): void {
    const waiting = this.waiting.get(answer.id);
    if (!waiting) return;
    if (answer.kind !== 'failed') {
      waiting.onReads({ files: answer.stats.files - waiting.read.files, bytes: answer.stats.bytes - waiting.read.bytes });
      waiting.read = answer.stats;
    }
    if (answer.kind === 'day') {
      waiting.onDay(answer.day, answer.figures);
      return;
    }
    this.waiting.delete(answer.id);
    if (answer.kind === 'done') waiting.resolve(answer.stats);
    else waiting.reject(new Error(`reports: ${answer.error}`));
    if (this.waiting.size === 0) this.idle();
  }

  private idle(): void {
    this.worker?.unref();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const w = this.worker;
      this.worker = null;
      void w?.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private ended(w: Worker, err: Error): void {
    if (this.worker !== w) return;
    this.worker = null;
    this.failAll(err);
  }

  private failAll(err: Error): void {
    for (const w of this.waiting.values()) w.reject(err);
    this.waiting.clear();
  }
}
