import { spawn } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from '#protocol';
import { Engine } from './engine.ts';
import { ACTOR } from './test-fixtures.ts';

/**
 * kill -9 while a snapshot is being written beside the write loop. The child
 * (snapshot-crash-child.ts) keeps 16 commands in flight with a snapshot every
 * 300 records; each cycle the test waits until a snapshot's temp file
 * exists, kills the child a random 0-8 ms later, and reopens the directory:
 * every acknowledged command must be there once, under the seq it was told,
 * and the state must be what the last record says. Then the child goes on
 * in the same directory, so later snapshots carry more and take longer.
 */

const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'snapshot-crash-child.ts');
const CYCLES = 8;
let root = '';

afterAll(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

type Run = { sent: Map<string, boolean>; acked: Map<string, number>; killedMidSnapshot: boolean };

const hasTempSnapshot = async (dir: string, pid: number | undefined) => (await fs.readdir(dir).catch(() => [] as string[])).includes(`snapshot.json.tmp-${pid}`);

/** Runs the child until a snapshot is being written, then kills it -9 a moment later. */
async function runAndKill(dir: string, linesFile: string, delayMs: number): Promise<Run> {
  const proc = spawn(process.execPath, [CHILD, dir, linesFile], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let out = '';
  let err = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
  // 'close', not 'exit': what the child wrote may still be in the pipe when it exits.
  const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  const deadline = Date.now() + 30_000;
  let killedMidSnapshot: boolean;
  try {
    // Wait for the child to be running, then for a snapshot in the making.
    while (!out.includes('ready\n')) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`child did not start: ${err}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    while (!(await hasTempSnapshot(dir, proc.pid))) {
      if (proc.exitCode !== null || Date.now() > deadline) throw new Error(`no snapshot was ever written: ${err}`);
    }
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    killedMidSnapshot = await hasTempSnapshot(dir, proc.pid);
  } finally {
    proc.kill('SIGKILL');
    await exited;
  }
  const sent = new Map<string, boolean>();
  const acked = new Map<string, number>();
  // The last line may be cut by the kill: only whole lines count.
  const lines = await fs.readFile(linesFile, 'utf8').catch(() => '');
  for (const line of lines.slice(0, lines.lastIndexOf('\n')).split('\n')) {
    const [kind, a, b] = line.split(' ');
    if (kind === 'sent') sent.set(a!, b === 'true');
    if (kind === 'ack') acked.set(b!, Number(a));
  }
  return { sent, acked, killedMidSnapshot };
}

describe('kill -9 in the middle of a background snapshot', () => {
  it(`recovers exactly, ${CYCLES} times over`, async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'pos-snapcrash-'));
    const dir = path.join(root, 'data');
    const sentAll = new Map<string, boolean>();
    const ackedAll = new Map<string, number>();
    let midSnapshot = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const run = await runAndKill(dir, path.join(root, `lines-${cycle}`), cycle % 4 === 0 ? 0 : Math.floor(Math.random() * 8));
      for (const [id, v] of run.sent) sentAll.set(id, v);
      for (const [id, seq] of run.acked) ackedAll.set(id, seq);
      if (run.killedMidSnapshot) midSnapshot++;
      expect(run.acked.size, `cycle ${cycle}: the child acknowledged nothing`).toBeGreaterThan(0);

      const engine = await Engine.open({ dir, snapshotEvery: 1_000_000, log: () => undefined });
      try {
        const maxAcked = Math.max(...ackedAll.values());
        expect(engine.seq).toBeGreaterThanOrEqual(maxAcked);
        // Every acknowledged command, from every cycle so far, is there once, under its seq.
        for (const [id, seq] of ackedAll) {
          const command = { id, type: 'product.setSoldOut', payload: { productId: 'p-101', soldOut: true }, deviceId: ACTOR.deviceId, at: new Date().toISOString() } as Command;
          expect(await engine.submit(command, ACTOR)).toEqual({ ok: true, seq, result: {}, duplicate: true });
        }
        expect(engine.seq).toBeGreaterThanOrEqual(maxAcked);
        // The state is what the last record says: the dish as its command set it.
        const last = engine.changesSince(engine.seq - 1)![0]!;
        expect(engine.state.products['p-101']?.soldOut).toBe(sentAll.get(last.commandId));
        // The temp file the kill left behind is gone.
        expect((await fs.readdir(dir)).filter((n) => n.includes('.tmp-'))).toEqual([]);
      } finally {
        await engine.close();
      }
    }
    // The kills did land while snapshots were being written (not only between them).
    expect(midSnapshot).toBeGreaterThan(0);
  });
});
