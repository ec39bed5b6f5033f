import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveKey, newKdfParams } from './crypto.ts';
import { BackupError } from './errors.ts';
import { hasStagedRestore, RESTORE_DIR, stageRestore, swapInStagedRestore } from './handover.ts';
import { writeBackup } from './write.ts';

/**
 * The hand-over's edges, in process (the kill -9 walk is
 * handover-kill.system.test.ts): a refusal at the last moment stages
 * nothing, a second stage is refused, leftovers are swept, a journal that
 * is not one stops the start, and names the swap never moves stay put even
 * when a staged tree holds them.
 */
const PASS = 'tacu tacu con lomo';
let tmp = '';
let data = '';
let backup = '';

const quiet = { log: () => undefined };
const names = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).sort();

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'handover-'));
  const source = path.join(tmp, 'source');
  await fs.mkdir(path.join(source, 'wal'), { recursive: true });
  await fs.writeFile(path.join(source, 'snapshot.json'), 'restored');
  await fs.writeFile(path.join(source, 'wal', '0000000000000001.log'), 'restored log');
  const kdf = newKdfParams();
  backup = (await writeBackup({ dataDir: source, folder: path.join(tmp, 'backups'), key: { kdf, key: await deriveKey(PASS, kdf) }, reason: 'onDemand', clock: () => new Date('2026-11-29T03:00:00Z'), hubVersion: 'test', storeId: 's', seq: 3 })).file;
  data = path.join(tmp, 'data');
  await fs.mkdir(data);
  await fs.writeFile(path.join(data, 'snapshot.json'), 'old');
  await fs.writeFile(path.join(data, 'hub.lock'), 'held');
});

afterEach(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('stageRestore', () => {
  it('a refusal just before the commit point (the hub was claimed meanwhile) leaves nothing staged and no staging folder', async () => {
    const refusal = new Error('ALREADY_CLAIMED');
    await expect(
      stageRestore(data, backup, PASS, {
        beforeCommit: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    expect(await hasStagedRestore(data)).toBe(false);
    expect(await names(path.join(data, RESTORE_DIR))).toEqual([]);
    expect(await fs.readFile(path.join(data, 'snapshot.json'), 'utf8')).toBe('old');
  });

  it('reports how far the check got: from 0 up, never down, to the end', async () => {
    const seen: number[] = [];
    await stageRestore(data, backup, PASS, { onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= seen[i - 1]!))).toBe(true);
    expect(seen.at(-1)).toBe(1);
    expect(await hasStagedRestore(data)).toBe(true);
  });

  it('a wrong passphrase stages nothing; a second restore while one is staged is refused', async () => {
    await expect(stageRestore(data, backup, 'not the passphrase')).rejects.toMatchObject({ code: 'BACKUP_WRONG_PASSPHRASE' });
    expect(await names(path.join(data, RESTORE_DIR))).toEqual([]);
    await stageRestore(data, backup, PASS);
    const second = await stageRestore(data, backup, PASS).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(BackupError);
    expect((second as BackupError).code).toBe('BACKUP_TARGET_NOT_EMPTY');
    expect(await names(path.join(data, RESTORE_DIR))).toEqual(['staged']);
  });
});

describe('swapInStagedRestore', () => {
  it('nothing staged: false, the data as it was, uploads and half stagings swept', async () => {
    const dir = path.join(data, RESTORE_DIR);
    await fs.mkdir(path.join(dir, '.staging-abc.restoring-12'), { recursive: true });
    await fs.writeFile(path.join(dir, '.upload-0123456789abcdef'), 'half');
    await fs.writeFile(path.join(dir, 'upload-0123456789abcdef.posbak'), 'whole');
    await fs.mkdir(path.join(dir, 'previous-2026-11-28T00-00-00-000Z'));
    expect(await swapInStagedRestore(data, quiet)).toBe(false);
    // What a restore put aside before is kept.
    expect(await names(dir)).toEqual(['previous-2026-11-28T00-00-00-000Z']);
    expect(await names(data)).toEqual(['hub.lock', RESTORE_DIR, 'snapshot.json']);
  });

  it('a journal that is not one stops the start rather than guess', async () => {
    await stageRestore(data, backup, PASS);
    await fs.writeFile(path.join(data, RESTORE_DIR, 'swap.json'), JSON.stringify({ aside: '../../etc', phase: 'in' }));
    await expect(swapInStagedRestore(data, quiet)).rejects.toThrow(/not a swap journal/);
    expect(await fs.readFile(path.join(data, 'snapshot.json'), 'utf8')).toBe('old');
  });

  it('a staged tree holding hub.lock or restore/ never replaces the running lock or the restore folder', async () => {
    await stageRestore(data, backup, PASS);
    const staged = path.join(data, RESTORE_DIR, 'staged');
    await fs.writeFile(path.join(staged, 'hub.lock'), 'planted');
    await fs.mkdir(path.join(staged, RESTORE_DIR));
    expect(await swapInStagedRestore(data, quiet)).toBe(true);
    expect(await fs.readFile(path.join(data, 'hub.lock'), 'utf8')).toBe('held');
    expect(await fs.readFile(path.join(data, 'snapshot.json'), 'utf8')).toBe('restored');
    const kept = await names(path.join(data, RESTORE_DIR));
    expect(kept).toHaveLength(1);
    expect(await fs.readFile(path.join(data, RESTORE_DIR, kept[0]!, 'snapshot.json'), 'utf8')).toBe('old');
  });
});
