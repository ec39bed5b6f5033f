import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { BillCorrection, SalesFigures } from '#protocol';
import { addDays, businessDayOf, businessDayRange, closingHourOf } from '#domain';
import { aggregateBills, emptyFigures, mergeFigures } from '#hub/domain/reports/index.ts';
import type { Engine } from '#hub/engine/engine.ts';
import { forEachBusinessDay, type ReadStats } from './archive-reader.ts';
import { DayFiguresStore } from './day-store.ts';
import { reportContext } from './report-context.ts';

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
 * Filling many days runs on the hub's own thread in small steps
 * (archive-reader.ts decodes the day files a few lines at a time, one day's
 * aggregation between yields), so sockets and commands keep being answered
 * (hub/bench/reports.ts measures the event-loop delay).
 */

/** Bump when SalesFigures or the arithmetic behind them changes: every cached day is computed again. */
export const FIGURES_FORMAT = 2; // 2: byMethod's cash is net of change (issue 18 item 15)
/** Finished days kept in memory too (a bit over the longest report range). */
const MEMORY_DAYS = 800;

export type RangeFigures = { figures: SalesFigures; closingHour: number; today: string; days: number; computedDays: number };

export type ReportServiceOptions = {
  engine: Engine;
  dataDir: string;
  clock: () => Date;
  log: (m: string) => void;
  /** How long after start the background fill begins (15 s: start-up and the first sign-ins go first). */
  warmDelayMs?: number;
};

export class ReportService {
  private readonly store: DayFiguresStore;
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

  constructor(opts: ReportServiceOptions) {
    this.opts = opts;
    this.store = new DayFiguresStore(opts.dataDir);
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
      for (const [day, figures] of this.fillRun(run, closingHour, version)) out.set(day, figures);
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
    const corrections = this.correctionsByDay(closingHour);
    const ctx = reportContext(this.opts.engine.state, closingHour);
    void forEachBusinessDay(this.opts.engine, run, closingHour, async (day, bills) => {
      if (this.stopped) throw new Error('reports: stopped');
      await yieldToLoop();
      const figures = aggregateBills(bills, corrections.get(day) ?? [], ctx);
      this.computedDays++;
      this.remember(`${version}/${day}`, figures);
      this.queueWrite(day, version, figures);
      waiting.get(day)!.resolve(figures);
      waiting.delete(day);
    }, this.reads).catch((e: unknown) => {
      for (const w of waiting.values()) w.reject(e);
    });
    return promises;
  }

  /** Today from the archive and memory (read in slices like any day), not kept: bills are still arriving. */
  private async computeDay(day: string, closingHour: number): Promise<SalesFigures> {
    let figures = emptyFigures();
    await forEachBusinessDay(this.opts.engine, [day], closingHour, async (_day, bills) => {
      await yieldToLoop();
      figures = aggregateBills(bills, this.correctionsByDay(closingHour).get(day) ?? [], reportContext(this.opts.engine.state, closingHour));
    }, this.reads);
    this.computedDays++;
    return figures;
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
    // A fill under way stops at its next day (it checks `stopped`), before the engine closes.
    await this.warming;
    await this.writes;
  }
}
