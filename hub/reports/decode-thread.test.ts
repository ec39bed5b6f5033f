import { promises as fs, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { builtinModules } from 'node:module';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bill, SalesFigures } from '#protocol';
import { addDays } from '#domain';
import { bundleReportsWorker } from '../../installer/bundle.ts';
import type { Engine } from '#hub/engine/engine.ts';
import { manualClock, seedMenu, useEngines } from '#hub/engine/test-fixtures.ts';
import { reportBill } from '#hub/domain/reports/test-reports.ts';
import { encodeLine } from '#hub/store/line-codec.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { DecodeThread } from './decode-thread.ts';
import { ReportService } from './report-service.ts';

/**
 * The cold days of a report are decoded in a worker thread (issue 20 item 4):
 * the same figures as the main-thread path, the hub's event loop idle while
 * a cold stretch is decoded, and the bundled worker of the single binary
 * works from its text.
 */
const dirs = useTempDirs('pos-report-worker-');
const engines = useEngines();
const global = globalThis as { __POS_REPORTS_WORKER__?: string };
afterEach(() => {
  delete global.__POS_REPORTS_WORKER__;
});

/** The hub's clock stands on this day at 12:00 Lima: every generated day before it is finished. */
const TODAY = '2026-03-20';
const clock = manualClock(`${TODAY}T17:00:00.000Z`);
/** Demo dishes, a custom one and an id named like an Object member. */
const PRODUCTS = ['p-101', 'p-102', 'p-203', 'p-403', '__proto__', 'custom'] as const;

type DayPlan = { bills: { minute: number; product: (typeof PRODUCTS)[number]; qty: number; price: number }[] };

async function hubWithMenu(): Promise<{ engine: Engine; dir: string }> {
  const dir = await dirs.make();
  const engine = await engines.open({ dir, clock: clock.now, snapshotEvery: 1_000_000 });
  await seedMenu(engine, clock);
  return { engine, dir };
}

/**
 * Writes the plan's bills into the archive's calendar files (Lima days), as a
 * snapshot would: the minute counts from 12:00 Lima of its day and may run past
 * midnight (a business day spans two calendar files).
 */
async function writeArchive(engine: Engine, firstDay: string, plan: DayPlan[]): Promise<Bill[]> {
  const files = new Map<string, string[]>();
  const bills: Bill[] = [];
  let seq = 0;
  plan.forEach((day, d) => {
    const noon = Date.parse(`${addDays(firstDay, d)}T17:00:00.000Z`);
    const sorted = [...day.bills].sort((a, b) => a.minute - b.minute);
    sorted.forEach((b, i) => {
      const paidAt = new Date(noon + b.minute * 60_000).toISOString();
      const bill = reportBill([{ price: b.price, qty: b.qty, productId: b.product, name: `Plato ${b.product}` }], { paidAt, id: `b-${d}-${i}` });
      const line = b.product === 'custom' ? { ...bill, lines: bill.lines.map((l) => ({ ...l, productId: null })) } : bill;
      bills.push(line);
      const file = engine.archive.dayAt(paidAt);
      const list = files.get(file) ?? [];
      list.push(encodeLine({ seq: ++seq, bill: line }));
      files.set(file, list);
    });
  });
  await fs.mkdir(engine.archive.dir, { recursive: true });
  for (const [file, lines] of files) await fs.writeFile(path.join(engine.archive.dir, `${file}.jsonl`), lines.join(''));
  return bills;
}

async function figures(engine: Engine, dataDir: string, decodeIn: 'worker' | 'main', from: string, to: string, workers?: number): Promise<SalesFigures> {
  const service = new ReportService({ engine, dataDir, clock: clock.now, log: () => undefined, decodeIn, ...(workers ? { workers } : {}) });
  try {
    const range = await service.figuresBetween(from, to);
    expect(range.computedDays).toBeGreaterThan(0);
    return range.figures;
  } finally {
    await service.stop();
  }
}

const billPlan = fc.record({
  // 12:00 to 02:59 Lima the next morning (before the 04:00 closing).
  minute: fc.integer({ min: 0, max: 15 * 60 - 1 }),
  product: fc.constantFrom(...PRODUCTS),
  qty: fc.integer({ min: 1, max: 4 }),
  price: fc.integer({ min: 100, max: 9000 }),
});
const plans = fc.array(fc.record({ bills: fc.array(billPlan, { maxLength: 30 }) }), { minLength: 1, maxLength: 4 });

describe('report days decoded in a worker thread', () => {
  it('give the same figures as the main-thread path, for any few days of bills', { timeout: 60_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(plans, async (plan) => {
        const { engine, dir } = await hubWithMenu();
        const firstDay = addDays(TODAY, -plan.length - 1);
        await writeArchive(engine, firstDay, plan);
        // Each service caches in its own folder: both compute every day from the archive.
        const inWorker = await figures(engine, path.join(dir, 'w'), 'worker', firstDay, TODAY);
        const onMain = await figures(engine, path.join(dir, 'm'), 'main', firstDay, TODAY);
        expect(inWorker).toEqual(onMain);
        expect(inWorker.bills).toBe(plan.reduce((n, d) => n + d.bills.length, 0));
      }),
      { numRuns: 6 },
    );
  });

  it('the event loop stays idle while a cold stretch is decoded there, and busy when decoded here', { timeout: 120_000 }, async () => {
    const { engine, dir } = await hubWithMenu();
    const days = 40;
    const firstDay = addDays(TODAY, -days);
    const plan: DayPlan[] = Array.from({ length: days }, (_, d) => ({
      bills: Array.from({ length: 300 }, (_, i) => ({ minute: (i * 3 + d) % 900, product: PRODUCTS[i % PRODUCTS.length]!, qty: 1 + (i % 3), price: 500 + i })),
    }));
    await writeArchive(engine, firstDay, plan);
    const measure = async (decodeIn: 'worker' | 'main') => {
      let turns = 0;
      let late = 0;
      let last = performance.now();
      // Counted, not judged in milliseconds: how many turns the loop took, and how many came late.
      const timer = setInterval(() => {
        const now = performance.now();
        turns++;
        if (now - last > 50) late++;
        last = now;
      }, 1);
      const before = performance.eventLoopUtilization();
      const result = await figures(engine, path.join(dir, decodeIn), decodeIn, firstDay, addDays(TODAY, -1));
      const busy = performance.eventLoopUtilization(before).utilization;
      clearInterval(timer);
      return { result, turns, late, busy };
    };
    const here = await measure('main');
    const there = await measure('worker');
    console.log(`40 cold days: main thread busy ${here.busy.toFixed(2)} (${here.turns} turns, ${here.late} late) here, ${there.busy.toFixed(2)} (${there.turns} turns, ${there.late} late) with the worker`);
    expect(there.result).toEqual(here.result);
    expect(there.turns).toBeGreaterThan(0);
    // The main thread only posts the job and merges 40 days of figures: most of the time it waits.
    expect(there.busy).toBeLessThan(here.busy);
    expect(there.busy).toBeLessThan(0.5);
  });

  it('a long run of cold days shared out between two workers gives the figures of one pass', { timeout: 60_000 }, async () => {
    const { engine, dir } = await hubWithMenu();
    const days = 75;
    const firstDay = addDays(TODAY, -days);
    // Late bills (past midnight) on the days where the two parts meet: a business day spans two files.
    const plan: DayPlan[] = Array.from({ length: days }, (_, d) => ({ bills: [{ minute: 30 + d, product: 'p-203', qty: 1, price: 1500 }, { minute: 800, product: 'p-101', qty: 2, price: 3200 }] }));
    await writeArchive(engine, firstDay, plan);
    const onMain = await figures(engine, path.join(dir, 'm'), 'main', firstDay, addDays(TODAY, -1));
    expect(await figures(engine, path.join(dir, 'two'), 'worker', firstDay, addDays(TODAY, -1), 2)).toEqual(onMain);
    expect(onMain.bills).toBe(2 * days);
  });

  it("the bundled worker (single binary) requires only Node's own modules and gives the same figures from its text", { timeout: 120_000 }, async () => {
    const bundled = await bundleReportsWorker('error');
    const required = [...bundled.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]!);
    expect(required.filter((name) => !name.startsWith('node:') && !builtinModules.includes(name))).toEqual([]);
    const { engine, dir } = await hubWithMenu();
    const firstDay = addDays(TODAY, -3);
    await writeArchive(engine, firstDay, [0, 1, 2].map((d) => ({ bills: [{ minute: 60 + d, product: 'p-101', qty: 2, price: 3200 }, { minute: 700, product: 'custom', qty: 1, price: 900 }] })));
    const onMain = await figures(engine, path.join(dir, 'm'), 'main', firstDay, TODAY);
    global.__POS_REPORTS_WORKER__ = bundled;
    expect(await figures(engine, path.join(dir, 'b'), 'worker', firstDay, TODAY)).toEqual(onMain);
  });

  it.runIf(process.platform === 'linux')('the worker runs at the lowest CPU priority, the calling thread keeps its own', async () => {
    const { engine } = await hubWithMenu();
    const mine = getPriority();
    const thread = new DecodeThread(60_000);
    try {
      await thread.run({ archiveDir: engine.archive.dir, utcOffsetMinutes: -300, days: ['2026-03-01'], closingHour: 4, firstInMemorySeq: Infinity, recent: [], corrections: new Map(), categories: new Map() }, () => undefined);
      // Linux keeps a nice value per thread: field 19 of each task's stat.
      const nice = readdirSync('/proc/self/task').map((task) => Number(readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]));
      expect(nice).toContain(19);
      expect(getPriority()).toBe(mine);
    } finally {
      await thread.stop();
    }
  });

  it('an idle worker ends, the next job starts another; a stop fails the jobs under way', async () => {
    const { engine } = await hubWithMenu();
    const thread = new DecodeThread(5);
    const job = { archiveDir: engine.archive.dir, utcOffsetMinutes: -300, days: ['2026-03-01'], closingHour: 4, firstInMemorySeq: Infinity, recent: [], corrections: new Map(), categories: new Map() };
    const days: string[] = [];
    expect(await thread.run(job, (day) => days.push(day))).toEqual({ files: 0, bytes: 0 });
    expect(days).toEqual(['2026-03-01']);
    await vi.waitFor(() => expect(thread.alive).toBe(false));
    const failed = expect(thread.run(job, () => undefined)).rejects.toThrow('reports: stopped');
    expect(thread.started).toBe(2);
    await thread.stop();
    await failed;
  });
});
