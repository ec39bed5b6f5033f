import { availableParallelism } from 'node:os';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { BillCorrection, SalesFigures } from '#protocol';
import { addDays, businessDayOf, businessDayRange, closingHourOf } from '#domain';
import { emptyFigures, mergeFigures } from '#hub/domain/reports/index.ts';
import type { Engine } from '#hub/engine/engine.ts';
import type { ReadStats } from './archive-reader.ts';
import { computeDays, dayFiguresJob, type DayFiguresJob } from './day-figures.ts';
import { DecodeThread } from './decode-thread.ts';
import { DayFiguresStore } from './day-store.ts';
import { MemberFigures } from './member-figures.ts';

/**
 * The sales figures of a range of business days, fast at any size and without
 * stalling the hub. A finished day's figures never change (bills and
 * corrections are stamped with the hub's clock, so nothing new lands in a past
 * day; a refund of an old bill counts on the day it was made), so each is
 * computed once from the archive and kept (DayFiguresStore, and in memory);
 * a range adds its days up (`mergeFigures` is associative). Today is always
 * computed fresh. The cache's version names the figures format and the
 * closing hour: changing the closing hour moves every day's edges, so every
 * day is computed again under the new version.
 *
 * Days are computed from the archive in a worker thread (decode-thread.ts):
 * the hub's loop only hands it the job (day-figures.ts) and merges the
 * figures that come back, so sockets and commands keep being answered while
 * a cold year is decoded (hub/bench/reports.ts measures the event-loop delay).
 */

/** Bump when SalesFigures or the arithmetic behind them changes: every cached day is computed again. */
export const FIGURES_FORMAT = 4; // 2: byMethod's cash is net of change (issue 18 item 15); 3: byChannel (issue 21); 4: members (issue 22)
/** Finished days kept in memory too (a bit over the longest report range). */
const MEMORY_DAYS = 800;
/** A run of missing days longer than this is shared out among the worker threads, in consecutive parts. */
const SPLIT_DAYS = 60;

export type RangeFigures = { figures: SalesFigures; closingHour: number; today: string; days: number; computedDays: number };

export type ReportServiceOptions = {
  engine: Engine;
  dataDir: string;
  clock: () => Date;
  log: (m: string) => void;
  /** How long after start the background fill begins (15 s: start-up and the first sign-ins go first). */
  warmDelayMs?: number;
  /**
   * Where the day files are decoded: a worker thread (the default), or this
   * thread in slices (the same function on the same job; tests compare the two).
   */
  decodeIn?: 'worker' | 'main';
  /** Worker threads (default: two, one on a single-core box). */
  workers?: number;
};

export class ReportService {
  private readonly store: DayFiguresStore;
  /** The members part of each day's figures (balance moves from the ledger day files, the outstanding, coupons). */
  private readonly members: MemberFigures;
  private readonly memory = new Map<string, SalesFigures>();
  private readonly filling = new Map<string, Promise<SalesFigures>>();
  private writes: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private warming: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Days computed from the archive since start, and the archive files read for them (tests and the bench read these). */
  computedDays = 0;
  readonly reads: ReadStats = { files: 0, bytes: 0 };

  private readonly opts: ReportServiceOptions;
  /**
   * Two worker threads where the box has two cores or more: a cold year is
   * shared out between them. They run at the lowest CPU priority
   * (decode-worker.ts), so they take only what the event loop leaves: with
   * two on a two-core box the loop still has a core whenever it wants one.
   * Each starts at its first job.
   */
  private readonly threads: DecodeThread[];
  private nextThread = 0;

  constructor(opts: ReportServiceOptions) {
    this.opts = opts;
    this.store = new DayFiguresStore(opts.dataDir);
    this.members = new MemberFigures(opts.engine);
    const count = opts.decodeIn === 'main' ? 0 : (opts.workers ?? Math.min(2, availableParallelism()));
    this.threads = Array.from({ length: count }, () => new DecodeThread());
  }

  /** The figures of the job's days, each handed to `onDay` as it is done, in a worker (or here). */
  private async decode(job: DayFiguresJob, onDay: (day: string, figures: SalesFigures) => void, here = false): Promise<void> {
    if (this.stopped) throw new Error('reports: stopped');
    const thread = here ? undefined : this.threads[this.nextThread++ % Math.max(1, this.threads.length)];
    if (!thread) {
      // Here, a stop ends the job at its next day, before the engine closes.
      return computeDays(job, (day, figures) => {
        if (this.stopped) throw new Error('reports: stopped');
        onDay(day, figures);
      }, this.reads);
    }
    await thread.run(job, onDay, (more) => {
      this.reads.files += more.files;
      this.reads.bytes += more.bytes;
    });
  }

  private get closingHour(): number {
    return closingHourOf(this.opts.engine.state.settings);
  }

  version(closingHour = this.closingHour): string {
    return `f${FIGURES_FORMAT}-h${closingHour}`;
  }

  today(): string {
    return businessDayOf(this.opts.clock().toISOString(), this.closingHour);
  }

  /** The figures of business days `from`..`to` (both included, YYYY-MM-DD, from <= to). */
  async figuresBetween(from: string, to: string): Promise<RangeFigures> {
    const closingHour = this.closingHour;
    const today = this.today();
    const before = this.computedDays;
    const past: string[] = [];
    for (let d = from; d <= to && d < today; d = addDays(d, 1)) past.push(d);
    let figures = emptyFigures();
    let slice = performance.now();
    for (const dayFigures of await this.pastDays(past, closingHour)) {
      figures = mergeFigures(figures, dayFigures);
      // A year is 365 merges (~0.3 ms each): never one long block.
      if (performance.now() - slice > 4) {
        await yieldToLoop();
        slice = performance.now();
      }
    }
    if (from <= today && today <= to) figures = mergeFigures(figures, await this.computeDay(today, closingHour));
    // Days after today have no bills yet (they are stamped with the hub's clock).
    return { figures, closingHour, today, days: past.length + (from <= today && today <= to ? 1 : 0), computedDays: this.computedDays - before };
  }

  /** Finished days: from memory, else their file, else the archive (runs of consecutive missing days, read in one pass). */
  private async pastDays(days: readonly string[], closingHour: number): Promise<SalesFigures[]> {
    const version = this.version(closingHour);
    const out = new Map<string, Promise<SalesFigures>>();
    const missing: string[] = [];
    for (const day of days) {
      const key = `${version}/${day}`;
      const known = this.memory.get(key);
      const running = this.filling.get(key);
      if (known) out.set(day, Promise.resolve(known));
      else if (running) out.set(day, running);
      else {
        const fromFile = await this.store.read(day, version);
        if (fromFile) out.set(day, Promise.resolve(this.remember(key, fromFile)));
        else missing.push(day);
      }
    }
    for (let i = 0; i < missing.length; ) {
      let j = i + 1;
      while (j < missing.length && missing[j] === addDays(missing[j - 1]!, 1)) j++;
      const run = missing.slice(i, j);
      const parts = run.length > SPLIT_DAYS ? Math.max(1, this.threads.length) : 1;
      const size = Math.ceil(run.length / parts);
      for (let k = 0; k < run.length; k += size) for (const [day, figures] of this.fillRun(run.slice(k, k + size), closingHour, version)) out.set(day, figures);
      i = j;
    }
    return Promise.all(days.map((d) => out.get(d)!));
  }

  /**
   * Computes consecutive days from the archive, oldest first; each day's
   * figures are ready (and shared with concurrent requests) as soon as that
   * day is done, not when the whole run is.
   */
  private fillRun(run: readonly string[], closingHour: number, version: string): Map<string, Promise<SalesFigures>> {
    const waiting = new Map<string, { resolve: (f: SalesFigures) => void; reject: (e: unknown) => void }>();
    const promises = new Map<string, Promise<SalesFigures>>();
    for (const day of run) {
      const key = `${version}/${day}`;
      const p = new Promise<SalesFigures>((resolve, reject) => waiting.set(day, { resolve, reject }));
      // A rejection is seen by whoever awaits the day; this keeps it from being reported as unhandled meanwhile.
      p.catch(() => undefined);
      promises.set(day, p);
      this.filling.set(key, p);
      void p.finally(() => this.filling.delete(key)).catch(() => undefined);
    }
    const job = dayFiguresJob(this.opts.engine, run, closingHour, this.correctionsByDay(closingHour));
    const completing: Promise<void>[] = [];
    const today = this.today();
    this.decode(job, (day, fromArchive) => {
      const w = waiting.get(day);
      if (!w || this.stopped) return;
      waiting.delete(day);
      // The ledger's part (balance moves, the outstanding at the day's end) before the day is kept.
      const done = this.members.complete(fromArchive, day, today, closingHour).then((figures) => {
        this.computedDays++;
        this.remember(`${version}/${day}`, figures);
        this.queueWrite(day, version, figures);
        w.resolve(figures);
      }, w.reject);
      completing.push(done);
    })
      .then(async () => {
        await Promise.all(completing);
        // A day the job did not give (it never should) must not leave its asker waiting.
        for (const w of waiting.values()) w.reject(new Error('reports: a day was not computed'));
      })
      .catch((e: unknown) => {
        for (const w of waiting.values()) w.reject(e);
      });
    return promises;
  }

  /**
   * Today from the archive and memory, not kept: bills are still arriving.
   * On this thread, in slices: one day, mostly in memory, and a report of
   * today alone should not wait for a worker to start (and copy today's bills to it).
   */
  private async computeDay(day: string, closingHour: number): Promise<SalesFigures> {
    let figures = emptyFigures();
    await this.decode(dayFiguresJob(this.opts.engine, [day], closingHour, this.correctionsByDay(closingHour)), (_day, f) => (figures = f), true);
    this.computedDays++;
    return this.members.complete(figures, day, this.today(), closingHour);
  }

  /** Voids and refunds (they stay in the live state) by the business day they were made. */
  private correctionsByDay(closingHour: number): Map<string, BillCorrection[]> {
    const out = new Map<string, BillCorrection[]>();
    for (const entry of Object.values(this.opts.engine.state.billCorrections)) {
      for (const c of entry.corrections) {
        const day = businessDayOf(c.at, closingHour);
        const list = out.get(day);
        if (list) list.push(c);
        else out.set(day, [c]);
      }
    }
    return out;
  }

  private remember(key: string, figures: SalesFigures): SalesFigures {
    this.memory.delete(key);
    this.memory.set(key, figures);
    // Oldest use first in a Map's order: drop from the front.
    while (this.memory.size > MEMORY_DAYS) this.memory.delete(this.memory.keys().next().value!);
    return figures;
  }

  /** Files are written one after another behind the answer (the answer never waits for an fsync). */
  private queueWrite(day: string, version: string, figures: SalesFigures): void {
    this.writes = this.writes.then(() => this.store.write(day, version, figures)).catch((e: unknown) => this.opts.log(`reports: could not keep the figures of ${day}: ${String(e)}`));
  }

  /** Every queued file on disk (tests; and close). */
  flush(): Promise<void> {
    return this.writes;
  }

  /**
   * Fills the cache in the background: the last `days` finished days now, and
   * the day just closed each time a business day ends (one day: cheap).
   */
  start(days = 400): void {
    this.schedule(() => this.warm(days), this.opts.warmDelayMs ?? 15_000);
  }

  private schedule(run: () => Promise<void>, ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.warming = run();
    }, ms);
    this.timer.unref();
  }

  private async warm(days: number): Promise<void> {
    if (this.stopped) return;
    try {
      const today = this.today();
      const from = addDays(today, -days);
      await this.figuresBetween(from, addDays(today, -1));
    } catch (e) {
      if (!this.stopped) this.opts.log(`reports: warming the figures failed: ${String(e)}`);
    }
    if (this.stopped) return;
    // Wake when today's business day ends (capped at an hour, so a changed closing hour or clock is seen).
    const { to } = businessDayRange(this.today(), this.closingHour);
    const wait = Math.min(3_600_000, Math.max(1000, Date.parse(to) - this.opts.clock().getTime() + 1000));
    this.schedule(() => this.warm(1), wait);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    // A fill under way ends with the worker (its days fail; the warming says nothing), before the engine closes.
    await Promise.all(this.threads.map((t) => t.stop()));
    await this.warming;
    await this.writes;
  }
}
