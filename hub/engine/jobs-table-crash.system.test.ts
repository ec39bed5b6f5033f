import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from '#protocol';
import { jobFilesDir } from '#hub/store/job-files.ts';
import { Engine } from './engine.ts';
import { dumpTable } from './job-table-testing.ts';

/**
 * kill -9 at any moment while jobs are made, run, finished and pruned with a
 * snapshot every 40 records (the job table's files appended, marked, rewritten
 * whole). After each kill the directory is opened and its job table must be
 * exactly the table of the commands it recorded, decided again from nothing
 * on a fresh store (same fixed clock, same command ids: the same jobs). The
 * child goes on in the same directory, so the files grow across cycles.
 */

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'jobs-crash-child.ts');
const CYCLES = 6;
const CLOCK = '2025-03-15T00:30:00.000Z';
const PRUNE_AT = '2030-01-01T00:00:00.000Z';
let root = '';

afterAll(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

const writingJobFiles = async (dir: string) => (await fs.readdir(jobFilesDir(dir)).catch(() => [] as string[])).some((n) => n.includes('.tmp-'));

/** Runs the child a while (until a snapshot writes, or a random moment), kills it -9, returns the commands it sent. */
async function runAndKill(dir: string, linesFile: string, cycle: number): Promise<{ sent: Command[]; midRewrite: boolean }> {
  const proc = spawn(process.execPath, [CHILD, dir, linesFile, CLOCK], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  const deadline = Date.now() + 30_000;
  try {
    while (!out.includes('ready\n')) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`child did not start: ${err}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    // Odd cycles die as soon as a rewrite of the table's file is seen under way (or after 10 s), the others at a random moment.
    const until = Date.now() + (cycle % 2 === 1 ? 10_000 : 150 + Math.floor(Math.random() * 400));
    while (Date.now() < until && !(cycle % 2 === 1 && (await writingJobFiles(dir)))) {
      if (proc.exitCode !== null) throw new Error(`child stopped: ${err}`);
    }
  } finally {
    proc.kill('SIGKILL');
    await exited;
  }
  const midRewrite = await writingJobFiles(dir);
  const text = await fs.readFile(linesFile, 'utf8').catch(() => '');
  const sent = text
    .slice(0, text.lastIndexOf('\n'))
    .split('\n')
    .filter((l) => l.startsWith('sent '))
    .map((l) => JSON.parse(l.slice(5)) as Command);
  return { sent, midRewrite };
}

describe('kill -9 while the job table changes and its files are written', () => {
  it(`the table read back is exactly the one of the commands the log holds, ${CYCLES} times over`, async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pos-jobscrash-'));
    const dir = path.join(root, 'data');
    // The same commands decided again, in the order the child sent them, on a store nobody kills:
    // decisions are deterministic (fixed clock, ids from the commands), so it assigns the same seqs.
    const fresh = await Engine.open({ dir: path.join(root, 'fresh'), clock: () => new Date(CLOCK), snapshotEvery: 1_000_000, log: () => undefined });
    let sawJobs = 0;
    let midRewrite = 0;
    try {
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const run = await runAndKill(dir, path.join(root, `lines-${cycle}`), cycle);
        const { sent } = run;
        if (run.midRewrite) midRewrite++;
        const engine = await Engine.open({ dir, clock: () => new Date(CLOCK), snapshotEvery: 1_000_000, log: () => undefined });
        try {
          // What the kill cut off after the last record on disk was never recorded: the child died with it.
          for (const command of sent) {
            if (fresh.seq >= engine.seq) break;
            await fresh.submit(command, { staffId: null, deviceId: command.deviceId });
          }
          expect(fresh.seq).toBe(engine.seq);
          expect(fresh.state).toEqual(engine.state);
          expect(dumpTable(engine.jobs, PRUNE_AT)).toEqual(dumpTable(fresh.jobs, PRUNE_AT));
          sawJobs += engine.jobs.size;
          expect((await fs.readdir(jobFilesDir(dir))).filter((n) => n.includes('.tmp-'))).toEqual([]);
        } finally {
          await engine.close();
        }
      }
    } finally {
      await fresh.close();
    }
    expect(sawJobs).toBeGreaterThan(0);
    // The file was rewritten whole on the way (a compaction's file is named by its seq).
    expect(await fs.readdir(jobFilesDir(dir))).not.toEqual(['table-0.jsonl']);
    // And some kills landed in the middle of one.
    expect(midRewrite).toBeGreaterThan(0);
  });
});
