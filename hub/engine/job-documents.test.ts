import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Job, Printer } from '#protocol';
import { jobFilesDir } from '#hub/store/job-files.ts';
import { isLeftOnDisk } from '#hub/store/job-documents.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { JobService } from '#hub/jobs/job-service.ts';
import { jobsSettled } from '#hub/jobs/test-helpers.ts';
import type { Engine } from './engine.ts';
import { networkPrinter } from '../../hardware/testing/kitchen-printer.ts';
import { dumpTable } from './job-table-testing.ts';
import { cmd, manualClock, seedMenu, submitOk, useEngines } from './test-fixtures.ts';

/**
 * Waiting print jobs' paper stays in the job table's files (issue 20, RSS at
 * start; hub/store/job-documents.ts): a store opened again holds its print
 * jobs without their documents and reads one back, whole, when asked for it;
 * the files go on holding every document through appends and a whole rewrite;
 * a line damaged under a waiting job makes it unreadable, never blank.
 */
const dirs = useTempDirs('pos-job-documents-');
const engines = useEngines();
const clock = manualClock();
const PRUNE_AT = '2030-01-01T00:00:00.000Z';
const dump = (e: Engine) => dumpTable(e.jobs, PRUNE_AT);

const OFF_PRINTER: Printer = networkPrinter('pr-off', 'Apagada', 9);

/** Tables of the table's stored jobs (what memory holds), by id. */
const stored = (e: Engine) => (e.jobs as unknown as { jobs: Map<string, { job: Job }> }).jobs;

type Opts = { jobFilesSlack?: number; log?: (m: string) => void };

async function withTestPages(count: number, opts: Opts = {}): Promise<{ dir: string; engine: Engine }> {
  const dir = await dirs.make();
  const engine = await engines.open({ dir, clock: clock.now, ...opts });
  await seedMenu(engine, clock);
  // A printer nobody runs here: its test pages wait in its lane.
  await submitOk(engine, cmd('printer.save', { printer: OFF_PRINTER }, clock.iso()));
  for (let i = 0; i < count; i++) await submitOk(engine, cmd('printer.testPrint', { printerId: 'pr-off' }, clock.iso()));
  return { dir, engine };
}

async function reopen(engine: Engine, dir: string, opts: Opts = {}): Promise<Engine> {
  await engine.close();
  engines.release(engine);
  return engines.open({ dir, clock: clock.now, ...opts });
}

describe('Print documents left in the job files', () => {
  it('a store opened again keeps its print jobs without their paper and reads each back whole, equal to before', async () => {
    const { dir, engine } = await withTestPages(30);
    const live = dump(engine);
    const again = await reopen(engine, dir);
    const inMemory = [...stored(again).values()].map((s) => s.job).filter((j) => j.kind === 'print');
    expect(inMemory).toHaveLength(30);
    expect(inMemory.every(isLeftOnDisk)).toBe(true);
    // Every reader (get, heads, pages) gives the whole job.
    expect(dump(again)).toEqual(live);
    const head = again.jobs.laneHead('printer:pr-off');
    expect(head?.kind === 'print' && head.payload.document.blocks.length > 0).toBe(true);
    expect(again.jobs.readable?.(head!)).toBe(true);
  });

  it('jobs changed after the start are written with their paper; a whole rewrite moves the lines; a third start reads them all back', async () => {
    const { dir, engine } = await withTestPages(40, { jobFilesSlack: 10 });
    const said: string[] = [];
    const second = await reopen(engine, dir, { jobFilesSlack: 10, log: (m) => said.push(m) });
    // Tried and failed, round after round (appended versions), until a snapshot rewrites the file whole; one left running.
    const ids = [...second.jobs.values()].map((j) => j.id);
    for (let round = 0; round < 3; round++) {
      for (const id of ids) {
        await submitOk(second, cmd('job.start', { jobId: id }, clock.iso()));
        await submitOk(second, cmd('job.finish', { jobId: id, outcome: { ok: false, canRetry: true, reason: 'UNREACHABLE' } }, clock.iso()));
      }
      await second.snapshot();
    }
    await submitOk(second, cmd('job.start', { jobId: ids[0]! }, clock.iso()));
    await second.snapshot();
    expect(said.some((m) => m.includes('rewritten whole'))).toBe(true);
    const live = dump(second);
    const third = await reopen(second, dir, { jobFilesSlack: 10 });
    expect(dump(third)).toEqual(live);
    // The files hold every document: read straight from them, none is the stand-in.
    const names = await fs.readdir(jobFilesDir(dir));
    expect(names).toHaveLength(1);
    const text = await fs.readFile(path.join(jobFilesDir(dir), names[0]!), 'utf8');
    expect(text).not.toContain('"blocks":[],"cut":false');
  });

  it('a line damaged under a waiting job: the job is unreadable (never printed blank), the others read back', async () => {
    const { dir, engine } = await withTestPages(3);
    const first = [...engine.jobs.values()][0]!;
    await engine.close();
    engines.release(engine);
    // Scribble over the first job's line (its checksum no longer matches): a disk that went bad under it.
    const file = path.join(jobFilesDir(dir), (await fs.readdir(jobFilesDir(dir)))[0]!);
    const bytes = await fs.readFile(file);
    const at = bytes.indexOf(Buffer.from(first.id));
    const again = await engines.open({ dir, clock: clock.now });
    bytes.write('XX', at + first.id.length + 40, 'latin1');
    await fs.writeFile(file, bytes);
    const job = again.jobs.get(first.id)!;
    expect(again.jobs.readable?.(job)).toBe(false);
    const others = [...again.jobs.values()].filter((j) => j.id !== first.id);
    expect(others.every((j) => again.jobs.readable?.(j))).toBe(true);
    // The lane runs: the unreadable one is failed for a person (never handed to the printer), the others print whole.
    const printed: Job[] = [];
    const service = new JobService(again, [{ kind: 'print', perform: (j) => (printed.push(j), Promise.resolve({ ok: true })) }], { clock: clock.now, log: () => {} });
    await service.start();
    await jobsSettled(again);
    await service.stop();
    expect(again.jobs.get(first.id)).toMatchObject({ status: 'failed', reason: 'IO_ERROR' });
    expect(printed.map((j) => j.id)).toEqual(others.map((j) => j.id));
    expect(printed.every((j) => j.kind === 'print' && j.payload.document.blocks.length > 0)).toBe(true);
  });
});
