import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deriveKey, newKdfParams } from './crypto.ts';
import { KEEP } from './rotation.ts';
import { copyToSticks, STICK_BACKUPS } from './usb.ts';
import { backupName, writeBackup, type BackupEntry } from './write.ts';
import { checkWhole } from './container.ts';

/**
 * The copy of a new backup onto the USB sticks in the box (issue 23: "to a
 * USB stick when present ... a pulled stick is never mistaken for a good
 * one"). Sticks are folders under a mount root (`anyFolder`, as the tests of
 * the exports do).
 */
let tmp: string;
let sticks: string;
let entry: BackupEntry;
const roots = () => ({ mountRoots: [sticks], anyFolder: true });
const logged: string[] = [];
const log = (m: string) => logged.push(m);

beforeEach(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'backup-usb-'));
  const data = path.join(tmp, 'data');
  await fs.mkdir(path.join(data, 'wal'), { recursive: true });
  await fs.writeFile(path.join(data, 'snapshot.json'), 'snap\n');
  await fs.writeFile(path.join(data, 'wal', '0000000000000001.log'), 'a'.repeat(200_000));
  const kdf = newKdfParams();
  const key = { kdf, key: await deriveKey('correct horse battery', kdf) };
  entry = await writeBackup({ dataDir: data, folder: path.join(tmp, 'backups'), key, reason: 'onDemand', clock: () => new Date('2026-11-29T02:15:00.000Z'), hubVersion: 'test', storeId: 'store-1', seq: 7 });
  sticks = path.join(tmp, 'media');
  await fs.mkdir(path.join(sticks, 'sdb1'), { recursive: true });
  logged.length = 0;
});

afterEach(async () => {
  await fs.rm(tmp, { recursive: true, force: true });
});

const onStick = (stick = 'sdb1') => fs.readdir(path.join(sticks, stick, STICK_BACKUPS)).then((n) => n.sort());

describe('a backup copied to the sticks in the box', () => {
  it('lands whole under its name on every stick, and nothing is copied without a stick', async () => {
    await fs.mkdir(path.join(sticks, 'sdc1'));
    expect(await copyToSticks(entry, roots(), log)).toEqual([
      { stick: 'sdb1', ok: true },
      { stick: 'sdc1', ok: true },
    ]);
    for (const stick of ['sdb1', 'sdc1']) {
      expect(await onStick(stick)).toEqual([entry.name]);
      const handle = await fs.open(path.join(sticks, stick, STICK_BACKUPS, entry.name), 'r');
      expect(await checkWhole(handle).finally(() => handle.close())).toEqual({ ok: true });
    }
    await fs.rm(sticks, { recursive: true });
    await fs.mkdir(sticks);
    expect(await copyToSticks(entry, roots(), log)).toEqual([]);
  });

  it('a copy that does not read back whole gets no backup name on the stick, and says so', async () => {
    // A stick that "lied about its write" is the same to the read-back as a source damaged under it.
    const bytes = await fs.readFile(entry.file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    await fs.writeFile(entry.file, bytes);
    expect(await copyToSticks(entry, roots(), log)).toEqual([{ stick: 'sdb1', ok: false }]);
    expect(await onStick()).toEqual([]);
    expect(logged.join('\n')).toContain('BACKUP_CORRUPTED');
  });

  it('sweeps the temp copy a stick pulled mid-copy kept, and rotates the stick like the box', async () => {
    const dir = path.join(sticks, 'sdb1', STICK_BACKUPS);
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, `.tmp-${entry.name}-deadbeef`), 'half a backup');
    // Older on-demand backups already on the stick, and a file of the owner's that rotation never touches.
    const older = Array.from({ length: KEEP.onDemand }, (_, i) => backupName(new Date(Date.UTC(2026, 10, 1 + i)), 'onDemand'));
    for (const name of older) await fs.writeFile(path.join(dir, name), 'old');
    await fs.writeFile(path.join(dir, 'notas.txt'), 'mine');
    expect(await copyToSticks(entry, roots(), log)).toEqual([{ stick: 'sdb1', ok: true }]);
    expect(await onStick()).toEqual([...older.slice(1), entry.name, 'notas.txt'].sort());
  });
});
