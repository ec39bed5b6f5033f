import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ContainerWriter } from './container.ts';
import { deriveKey, newKdfParams } from './crypto.ts';
import { dataFiles } from './collect.ts';
import { isSafePath } from './entries.ts';
import { BackupError } from './errors.ts';
import { restoreBackup, verifyBackup } from './restore.ts';
import { namesToRotate } from './rotation.ts';
import { backupName, writeBackup, type BackupKey } from './write.ts';

/**
 * The backup file alone (no hub): written, read back byte for byte, and
 * every way it can be wrong refused with its code and nothing restored.
 */

const PASS = 'correct horse battery';
let tmp: string;
let data: string;
let key: BackupKey;

async function tree(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const rel of await dataFiles(dir)) out[rel] = (await fs.readFile(path.join(dir, rel))).toString('base64');
  return out;
}

async function backUp(extra: Partial<Parameters<typeof writeBackup>[0]> = {}) {
  return writeBackup({ dataDir: data, folder: path.join(data, 'backups'), key, reason: 'onDemand', clock: () => new Date('2026-11-29T02:15:00.000Z'), hubVersion: 'test', storeId: 'store-1', seq: 42, ...extra });
}

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof BackupError) return err.code;
    throw err;
  }
}

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-file-'));
  data = path.join(tmp, 'data');
  await fs.mkdir(path.join(data, 'wal'), { recursive: true });
  await fs.mkdir(path.join(data, 'archive'), { recursive: true });
  await fs.mkdir(path.join(data, 'secrets'), { recursive: true });
  await fs.writeFile(path.join(data, 'snapshot.json'), 'snap 1\n');
  await fs.writeFile(path.join(data, 'wal', '0000000000000001.log'), 'a'.repeat(3 * 1024 * 1024 + 7));
  await fs.writeFile(path.join(data, 'archive', '2026-11-28.jsonl'), '{"bill":1}\n');
  await fs.writeFile(path.join(data, 'secrets', 'sol.json'), '{"password":"s3cret"}');
  await fs.writeFile(path.join(data, 'empty.json'), '');
  // Left out: the lock, temp files, the backups folder itself.
  await fs.writeFile(path.join(data, 'hub.lock'), '123');
  await fs.writeFile(path.join(data, 'snapshot.json.tmp-99'), 'half');
  const kdf = newKdfParams();
  key = { kdf, key: await deriveKey(PASS, kdf) };
});

afterEach(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('a backup file', () => {
  it('restores into a fresh folder byte for byte, and holds no secret in clear', async () => {
    const entry = await backUp();
    expect(entry.name).toBe('pos-backup-20261129T021500Z-onDemand.posbak');
    const bytes = await fs.readFile(entry.file);
    expect(bytes.includes(Buffer.from('s3cret'))).toBe(false);
    expect(bytes.includes(Buffer.from('{"bill":1}'))).toBe(false);
    expect((await fs.stat(entry.file)).mode & 0o777).toBe(0o600);
    const target = path.join(tmp, 'restored');
    const contents = await restoreBackup(entry.file, PASS, target);
    expect(contents.header).toMatchObject({ storeId: 'store-1', seq: 42, reason: 'onDemand' });
    expect(contents.manifest.files.map((f) => f.path)).toEqual(['archive/2026-11-28.jsonl', 'empty.json', 'secrets/sol.json', 'snapshot.json', 'wal/0000000000000001.log']);
    const before = await tree(data);
    expect(await tree(target)).toEqual(before);
    expect(await fs.readdir(target)).not.toContain('hub.lock');
    expect((await fs.stat(path.join(target, 'secrets', 'sol.json'))).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.join(target, 'secrets'))).mode & 0o777).toBe(0o700);
  });

  it('restores into an empty folder that exists (the installer made it), and refuses one with anything in it', async () => {
    const entry = await backUp();
    const target = path.join(tmp, 'var-lib');
    await fs.mkdir(target);
    await restoreBackup(entry.file, PASS, target);
    expect(await tree(target)).toEqual(await tree(data));
    expect((await fs.readdir(target)).some((n) => n.startsWith('.'))).toBe(false);
    const before = await tree(target);
    expect(await codeOf(restoreBackup(entry.file, PASS, target))).toBe('BACKUP_TARGET_NOT_EMPTY');
    expect(await tree(target)).toEqual(before);
  });

  it('refuses a wrong passphrase and writes nothing', async () => {
    const entry = await backUp();
    const target = path.join(tmp, 'restored');
    expect(await codeOf(restoreBackup(entry.file, 'correct horse battery!', target))).toBe('BACKUP_WRONG_PASSPHRASE');
    await expect(fs.stat(target)).rejects.toThrow();
    expect((await fs.readdir(tmp)).filter((n) => n.includes('restoring'))).toEqual([]);
  });

  it('refuses a file cut anywhere (kill -9, a pulled stick) as cut, and restores nothing', async () => {
    const entry = await backUp();
    const whole = await fs.readFile(entry.file);
    const cuts = [0, 3, 16, 20, 60, 200, 1024 * 1024, 2 * 1024 * 1024 + 5, whole.length - 42, whole.length - 1];
    for (const cut of cuts) {
      const file = path.join(tmp, `cut-${cut}.posbak`);
      await fs.writeFile(file, whole.subarray(0, cut));
      const target = path.join(tmp, `restored-${cut}`);
      expect([cut, await codeOf(restoreBackup(file, PASS, target))]).toEqual([cut, 'BACKUP_TRUNCATED']);
      await expect(fs.stat(target)).rejects.toThrow();
    }
  });

  it('refuses a file with a byte changed anywhere as damaged', async () => {
    const entry = await backUp();
    const whole = await fs.readFile(entry.file);
    // Header, first chunk, a middle chunk, the last chunk's tag, the trailer's sum.
    for (const at of [30, 400, 1024 * 1024 + 100, 3 * 1024 * 1024, whole.length - 45, whole.length - 3]) {
      const bad = Buffer.from(whole);
      bad[at] = bad[at]! ^ 0x40;
      const file = path.join(tmp, `flip-${at}.posbak`);
      await fs.writeFile(file, bad);
      expect([at, await codeOf(verifyBackup(file, PASS))]).toEqual([at, 'BACKUP_CORRUPTED']);
    }
  });

  it('refuses what is not a backup, and bytes glued after one', async () => {
    const other = path.join(tmp, 'photo.jpg');
    await fs.writeFile(other, Buffer.from('\xff\xd8\xff\xe0 not a backup at all', 'latin1'));
    expect(await codeOf(verifyBackup(other, PASS))).toBe('BACKUP_NOT_A_BACKUP');
    expect(await codeOf(verifyBackup(path.join(tmp, 'missing.posbak'), PASS))).toBe('BACKUP_IO_ERROR');
    const entry = await backUp();
    const glued = path.join(tmp, 'glued.posbak');
    await fs.writeFile(glued, Buffer.concat([await fs.readFile(entry.file), Buffer.from('more')]));
    expect(await codeOf(verifyBackup(glued, PASS))).not.toBe('ok');
  });

  it('refuses a backup (made with the right key) that names a path outside the folder', async () => {
    for (const hostile of ['../escape.txt', '/etc/passwd', 'a/../../b', '__proto__/../x', '.hidden', 'a//b']) {
      const file = path.join(tmp, 'hostile.posbak');
      const handle = await fs.open(file, 'w');
      const writer = await ContainerWriter.begin(handle, key.key, { createdAt: 'x', reason: 'onDemand', hubVersion: 't', storeId: 's', seq: 1, kdf: key.kdf });
      const meta = Buffer.from(JSON.stringify({ path: hostile, size: 2, sha256: 'a'.repeat(64) }));
      const length = Buffer.alloc(4);
      length.writeUInt32BE(meta.length);
      await writer.write(Buffer.concat([length, meta, Buffer.from('hi')]));
      await writer.finish();
      await handle.close();
      const target = path.join(tmp, 'restored-hostile');
      expect([hostile, await codeOf(restoreBackup(file, PASS, target))]).toEqual([hostile, 'BACKUP_CORRUPTED']);
      await expect(fs.stat(target)).rejects.toThrow();
      await expect(fs.stat(path.join(tmp, 'escape.txt'))).rejects.toThrow();
    }
  });

  it('reads the files again when a snapshot lands meanwhile, and gives up (no file left) when one always does', async () => {
    let landed = 0;
    const entry = await backUp({
      afterFile: async (rel) => {
        if (rel === 'archive/2026-11-28.jsonl' && landed++ === 0) {
          await fs.rm(path.join(data, 'snapshot.json'));
          await fs.writeFile(path.join(data, 'snapshot.json'), 'snap 2, longer\n');
        }
      },
    });
    expect(landed).toBe(2);
    const target = path.join(tmp, 'restored');
    await restoreBackup(entry.file, PASS, target);
    expect(await fs.readFile(path.join(target, 'snapshot.json'), 'utf8')).toBe('snap 2, longer\n');
    let n = 0;
    const always = backUp({
      reason: 'nightly',
      afterFile: async (rel) => {
        if (rel === 'snapshot.json') await fs.writeFile(path.join(data, 'snapshot.json'), `snap ${++n}${'!'.repeat(n)}\n`);
      },
    });
    expect(await codeOf(always)).toBe('BACKUP_IO_ERROR');
    expect((await fs.readdir(path.join(data, 'backups'))).filter((f) => f.includes('nightly'))).toEqual([]);
  });
});

describe('paths a backup may hold', () => {
  it.each([
    ['wal/0000000000000001.log', true],
    ['secrets/sol.json', true],
    ['einvoice/2026-11-28/20123456789-01-F001-1.json', true],
    ['..', false],
    ['../x', false],
    ['a/../b', false],
    ['/abs', false],
    ['', false],
    ['.hidden', false],
    ['a/.b', false],
    ['a//b', false],
    ['a\\b', false],
    ['a b', false],
    ['x'.repeat(201), false],
  ])('%s -> %s', (p, ok) => {
    expect(isSafePath(p)).toBe(ok);
  });
});

describe('rotation', () => {
  const at = (day: number, reason: 'nightly' | 'onDemand' | 'update') => backupName(new Date(Date.UTC(2026, 10, day, 3)), reason);
  it.each([
    ['nothing past the limit', [at(1, 'nightly'), at(2, 'nightly')], { nightly: 7, onDemand: 5, update: 3 }, []],
    ['the oldest nights go', [at(3, 'nightly'), at(1, 'nightly'), at(2, 'nightly')], { nightly: 2, onDemand: 5, update: 3 }, [at(1, 'nightly')]],
    ['kinds rotate alone', [at(1, 'nightly'), at(2, 'onDemand'), at(3, 'onDemand'), at(4, 'onDemand')], { nightly: 1, onDemand: 1, update: 1 }, [at(2, 'onDemand'), at(3, 'onDemand')]],
    ['other names untouched', ['notes.txt', '.tmp-x', 'pos-backup-bad.posbak', at(1, 'update')], { nightly: 0, onDemand: 0, update: 0 }, [at(1, 'update')]],
  ])('%s', (_label, names, keep, gone) => {
    expect(namesToRotate(names, keep)).toEqual(gone);
  });
});
