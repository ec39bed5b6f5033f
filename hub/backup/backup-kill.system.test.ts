import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createBackups } from './index.ts';
import { verifyBackup } from './restore.ts';

/**
 * A backup cut by kill -9 is never taken for good: a writer process is
 * killed while the file grows (at a different size each round); the folder
 * then holds no file under a backup's name, the list shows nothing, the
 * hub's start sweeps the temp file; a writer left alone makes a whole one.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASS = 'pachamanca del domingo';
let root = '';

afterAll(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

function writer(dataDir: string, folder: string) {
  return spawn(process.execPath, [path.join(HERE, 'testing', 'write-child.ts'), dataDir, folder, PASS], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
}

/** The temp file's size, once it has one at least `bytes` long. */
async function tempGrownTo(folder: string, bytes: number): Promise<string> {
  for (;;) {
    const names = await fs.readdir(folder).catch(() => [] as string[]);
    const temp = names.find((n) => n.startsWith('.tmp-'));
    if (temp) {
      const st = await fs.stat(path.join(folder, temp)).catch(() => null);
      if (st && st.size >= bytes) return temp;
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('a backup cut by kill -9', () => {
  it('leaves nothing a list or a restore would take for good', async () => {
    root = await fs.mkdtemp(path.join(tmpdir(), 'pos-backup-kill-'));
    const dataDir = path.join(root, 'data');
    await fs.mkdir(path.join(dataDir, 'archive'), { recursive: true });
    // 24 MiB that do not compress: the writer needs a while, and the kill lands mid-file.
    for (let i = 0; i < 6; i++) await fs.writeFile(path.join(dataDir, 'archive', `2026-11-2${i}.jsonl`), randomBytes(4 * 1024 * 1024));
    const folder = path.join(dataDir, 'backups');
    const engine = { state: { staff: {} }, submit: () => Promise.reject(new Error('no')), onChange: () => () => undefined, jobs: {}, snapshot: () => Promise.resolve(), seq: 1, storeId: 'kill-test' } as unknown as Parameters<typeof createBackups>[0]['engine'];

    for (const cutAt of [1, 3 * 1024 * 1024, 17 * 1024 * 1024]) {
      const child = writer(dataDir, folder);
      const exited = new Promise((r) => child.once('exit', r));
      await tempGrownTo(folder, cutAt);
      child.kill('SIGKILL');
      await exited;
      const names = await fs.readdir(folder);
      expect(names.filter((n) => !n.startsWith('.tmp-')), `cut at ${cutAt}`).toEqual([]);
      const backups = createBackups({ engine, dataDir, clock: () => new Date(), log: () => undefined, hubVersion: 'test' });
      expect(await backups.list()).toEqual([]);
      // The next start sweeps what the kill left (the planner does nothing on an unclaimed hub).
      await backups.start();
      await backups.stop();
      expect(await fs.readdir(folder)).toEqual([]);
    }

    // Left alone, the same writer makes a whole backup that restores.
    const child = writer(dataDir, folder);
    await new Promise((r) => child.once('exit', r));
    const [name] = await fs.readdir(folder);
    const backups = createBackups({ engine, dataDir, clock: () => new Date(), log: () => undefined, hubVersion: 'test' });
    expect((await backups.list()).map((b) => [b.name, b.whole])).toEqual([[name, true]]);
    expect((await verifyBackup(path.join(folder, name!), PASS)).manifest.files).toHaveLength(6);
  }, 120_000);
});
