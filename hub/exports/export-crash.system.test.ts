import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readManifest, sha256, sweep } from './folder.ts';

/**
 * kill -9 while a day's folder is being replaced (a child process writing it
 * in a loop): whatever moment the kill hits, the day's folder is either
 * absent or whole (every file its manifest lists, each matching its sha256,
 * nothing else), and what the write left aside starts with a dot and is
 * swept before the next export.
 */

const WRITER = fileURLToPath(new URL('./testing/crash-writer.ts', import.meta.url));
const CYCLES = 8;
let base = '';

afterAll(async () => {
  if (base) await rm(base, { recursive: true, force: true });
});

/** Starts the writer, kills it -9 after `ms`, resolves when it is gone. */
async function writeAndKill(root: string, ms: number): Promise<void> {
  const proc = spawn(process.execPath, [WRITER, root], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  // Wait for the first finished round so the kill hits a replacement, then a little more.
  const start = Date.now();
  while (!out.includes('round') && Date.now() - start < 10_000 && proc.exitCode === null) await new Promise((r) => setTimeout(r, 5));
  if (!out.includes('round')) throw new Error(`writer did not start: ${out}`);
  await new Promise((r) => setTimeout(r, ms));
  proc.kill('SIGKILL');
  await exited;
}

describe('an export killed mid-write', () => {
  it(`leaves the day's folder whole or absent, ${CYCLES} times`, async () => {
    base = await mkdtemp(join(tmpdir(), 'pos-export-crash-'));
    const root = join(base, 'exports');
    let cutMidWrite = 0;
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await writeAndKill(root, 3 + ((cycle * 37) % 60));
      const manifest = await readManifest(root, '2026-11-23');
      const present = (await readdir(root)).includes('2026-11-23');
      if (present) {
        expect(manifest, `cycle ${cycle}: a day folder without its manifest`).not.toBeNull();
        expect((await readdir(join(root, '2026-11-23'))).sort()).toEqual([...manifest!.files.map((f) => f.name), 'manifest.json'].sort());
        for (const f of manifest!.files) expect(sha256(await readFile(join(root, '2026-11-23', f.name))), `cycle ${cycle} ${f.name}`).toBe(f.sha256);
      }
      if ((await readdir(root)).some((n) => n.startsWith('.'))) cutMidWrite++;
      await sweep(root);
      expect((await readdir(root)).filter((n) => n.startsWith('.'))).toEqual([]);
    }
    // The kills did land inside a write (a round is tens of ms of a few MB), not only between rounds.
    expect(cutMidWrite).toBeGreaterThan(0);
  }, 60_000);
});
