import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveKey, newKdfParams } from './crypto.ts';
import { RESTORE_DIR, swapInStagedRestore } from './handover.ts';
import { writeBackup } from './write.ts';

/**
 * The hand-over of the data folder to a restored backup, cut by kill -9 at
 * every step (hub/backup/README.md "Restore from the setup page"): before
 * the commit point (a staging folder half written) the old data is
 * untouched and the next start sweeps the half; after it, the next start
 * finishes the swap however often it was cut: the folder then holds exactly
 * the restored files, the old ones kept aside, never a mix.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASS = 'arroz con pato 2026';
let root = '';

afterAll(async () => {
  if (root) await fs.rm(root, { recursive: true, force: true });
});

function child(args: string[]) {
  const proc = spawn(process.execPath, [path.join(HERE, 'testing', 'handover-child.ts'), ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '' } });
  let out = '';
  proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) => proc.on('exit', (code, signal) => resolve({ code, signal, out })));
  return { proc, exited };
}

/** Every file under `dir` with its content, skipping what the swap never moves. */
async function tree(dir: string, skip: readonly string[] = ['hub.lock', RESTORE_DIR]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const walk = async (rel: string) => {
    for (const e of await fs.readdir(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (!rel && skip.includes(e.name)) continue;
      if (e.isDirectory()) await walk(child);
      else out[child] = await fs.readFile(path.join(dir, child), 'utf8');
    }
  };
  await walk('');
  return out;
}

async function write(dir: string, files: Record<string, string>) {
  for (const [rel, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await fs.writeFile(path.join(dir, rel), text);
  }
}

const OLD = { 'snapshot.json': 'old snapshot', 'wal/0000000000000001.log': 'old log', 'auth.json': 'old auth', 'claim.txt': 'ABCD-EFGH', 'store.json': 'old store' };
const RESTORED = {
  'snapshot.json': 'restored snapshot',
  'wal/0000000000000001.log': 'restored log 1',
  'wal/0000000000000002.log': 'restored log 2',
  'auth.json': 'restored auth',
  'store.json': 'restored store',
  'secrets/backup-key.json': 'key',
  'archive/2026-11-28.jsonl': '{"bill":1}',
};

describe('handing the data folder over to a restored backup, cut by kill -9', () => {
  it('at every step of the swap: the next start finishes it, the folder holds exactly the restored files and the old ones are kept aside', async () => {
    root = await fs.mkdtemp(path.join(tmpdir(), 'pos-handover-kill-'));
    let cuts = 0;
    for (let k = 1; ; k++) {
      const data = path.join(root, `swap-${k}`);
      await write(data, OLD);
      await fs.writeFile(path.join(data, 'hub.lock'), '{}');
      await write(path.join(data, RESTORE_DIR, 'staged'), RESTORED);
      await fs.writeFile(path.join(data, RESTORE_DIR, 'upload-0123456789abcdef.posbak'), 'the upload');

      const run = await child(['swap', data, String(k)]).exited;
      if (run.signal !== 'SIGKILL') {
        // No step numbered k: the swap ran to its end.
        expect([run.code, run.out.trim()]).toEqual([0, 'swapped']);
      } else {
        cuts++;
        // Cut: a start would swap again (something still staged), or the swap was already whole.
        const staged = await fs.stat(path.join(data, RESTORE_DIR, 'staged')).then(() => true, () => false);
        if (!staged) expect(await tree(data)).toEqual(RESTORED);
        // The next start.
        await swapInStagedRestore(data, { log: () => undefined });
      }
      expect(await tree(data), `cut at step ${k}`).toEqual(RESTORED);
      const kept = await fs.readdir(path.join(data, RESTORE_DIR));
      expect(kept, `cut at step ${k}`).toHaveLength(1);
      expect(kept[0]).toMatch(/^previous-/);
      expect(await tree(path.join(data, RESTORE_DIR, kept[0]!), [])).toEqual(OLD);
      // A start after that has nothing to do.
      expect(await swapInStagedRestore(data, { log: () => undefined })).toBe(false);
      expect(await tree(data)).toEqual(RESTORED);
      if (run.signal !== 'SIGKILL') break;
    }
    // Every rename of the 5 old and 6 restored top-level entries, the journal's two writes, the sweep.
    expect(cuts).toBeGreaterThanOrEqual(14);
  }, 120_000);

  it('while the backup is checked and staged (before the commit point): the old data is untouched and the next start sweeps the half', async () => {
    root ||= await fs.mkdtemp(path.join(tmpdir(), 'pos-handover-kill-'));
    const source = path.join(root, 'source');
    await write(source, RESTORED);
    // 24 MiB that do not compress: the check takes a while, the kill lands in the middle.
    for (let i = 0; i < 6; i++) await fs.writeFile(path.join(source, 'archive', `2026-10-2${i}.jsonl`), randomBytes(4 * 1024 * 1024));
    const kdf = newKdfParams();
    const made = await writeBackup({ dataDir: source, folder: path.join(root, 'backups'), key: { kdf, key: await deriveKey(PASS, kdf) }, reason: 'onDemand', clock: () => new Date(), hubVersion: 'test', storeId: 'kill', seq: 9 });

    const data = path.join(root, 'stage');
    await write(data, OLD);
    const run = child(['stage', data, made.file, PASS]);
    // Killed once the staging folder holds some restored bytes.
    for (;;) {
      const names = await fs.readdir(path.join(data, RESTORE_DIR)).catch(() => [] as string[]);
      const work = names.find((n) => n.startsWith('.staging-'));
      const archive = work ? await fs.readdir(path.join(data, RESTORE_DIR, work, 'archive')).catch(() => []) : [];
      if (archive.length >= 2) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    run.proc.kill('SIGKILL');
    expect((await run.exited).signal).toBe('SIGKILL');
    expect(await fs.readdir(path.join(data, RESTORE_DIR))).not.toContain('staged');

    expect(await swapInStagedRestore(data, { log: () => undefined })).toBe(false);
    expect(await tree(data)).toEqual(OLD);
    expect(await fs.readdir(path.join(data, RESTORE_DIR))).toEqual([]);

    // Left alone, the same stage then the start's swap give the restored files.
    expect((await child(['stage', data, made.file, PASS]).exited).out).toContain('staged');
    expect(await swapInStagedRestore(data, { log: () => undefined })).toBe(true);
    expect(Object.keys(await tree(data)).sort()).toEqual(Object.keys(await tree(source)).sort());
  }, 120_000);
});
