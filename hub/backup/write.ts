import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir, makePrivateDir, PRIVATE_FILE_MODE } from '#hub/store/durable-fs.ts';
import { dataFiles, snapshotIdentity } from './collect.ts';
import { ContainerWriter } from './container.ts';
import type { KdfParams } from './crypto.ts';
import { fileFrames, manifestFrame, type ManifestFile } from './entries.ts';
import { BackupError } from './errors.ts';

/** Why a backup was made; the file's name and the rotation keep them apart. */
export type BackupReason = 'nightly' | 'onDemand' | 'update';
export const BACKUP_REASONS: readonly BackupReason[] = ['nightly', 'onDemand', 'update'];

/** A backup on disk, as the list and the update (R8) see it. */
export type BackupEntry = { name: string; file: string; size: number; createdAt: string; seq: number; reason: BackupReason };

/** The owner's key as kept in secrets/ (key-store.ts): the scrypt parameters it came from and the key itself. */
export type BackupKey = { kdf: KdfParams; key: Buffer };

export const BACKUP_SUFFIX = '.posbak';

/** `pos-backup-2026-11-29T021500Z-nightly.posbak`: sorts by time, says why. */
export function backupName(at: Date, reason: BackupReason): string {
  const stamp = at.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z');
  return `pos-backup-${stamp}-${reason}${BACKUP_SUFFIX}`;
}

const NAME = /^pos-backup-(\d{8}T\d{6}Z)-(nightly|onDemand|update)\.posbak$/;
export function parseBackupName(name: string): { stamp: string; reason: BackupReason } | null {
  const m = NAME.exec(name);
  return m ? { stamp: m[1]!, reason: m[2] as BackupReason } : null;
}

export type WriteOptions = {
  dataDir: string;
  /** Where the file goes (`<data>/backups`). */
  folder: string;
  key: BackupKey;
  reason: BackupReason;
  clock: () => Date;
  hubVersion: string;
  storeId: string;
  /** The seq the backup holds at least (the engine's after its fresh snapshot; more may follow in the log's tail). */
  seq: number;
  /** How many times the files are read again when a snapshot landed while they were read. */
  tries?: number;
  /** Tests: called after each file is read (a snapshot written in the middle). */
  afterFile?: (rel: string) => Promise<void>;
};

/**
 * Writes one backup: every data file into `<folder>/.tmp-<name>-<random>`,
 * encrypted, fsynced, then renamed to its name and the folder fsynced. A
 * kill at any moment leaves no file under a backup's name (dot files are
 * swept and never listed). If a snapshot replaced the old one while the
 * files were read, the log segments read may not join the snapshot read,
 * so the whole file is written again (the engine snapshots every few
 * thousand records: a second try finds none).
 */
export async function writeBackup(opts: WriteOptions): Promise<BackupEntry> {
  const at = opts.clock();
  const name = backupName(at, opts.reason);
  await makePrivateDir(opts.folder);
  const tries = opts.tries ?? 3;
  for (let attempt = 1; ; attempt++) {
    const temp = path.join(opts.folder, `.tmp-${name}-${randomBytes(4).toString('hex')}`);
    try {
      const consistent = await writeOnce(opts, temp, at);
      if (!consistent && attempt >= tries) throw new BackupError('BACKUP_IO_ERROR', 'a snapshot landed during every try');
      if (consistent) {
        const file = path.join(opts.folder, name);
        await fs.rename(temp, file);
        await fsyncDir(opts.folder);
        const { size } = await fs.stat(file);
        return { name, file, size, createdAt: at.toISOString(), seq: opts.seq, reason: opts.reason };
      }
      await fs.rm(temp, { force: true });
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      if (err instanceof BackupError) throw err;
      throw new BackupError('BACKUP_IO_ERROR', (err as NodeJS.ErrnoException).code ?? (err as Error).message);
    }
  }
}

/** Writes the file; true when no snapshot landed meanwhile. */
async function writeOnce(opts: WriteOptions, temp: string, at: Date): Promise<boolean> {
  const before = await snapshotIdentity(opts.dataDir);
  const handle = await fs.open(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    const writer = await ContainerWriter.begin(handle, opts.key.key, {
      createdAt: at.toISOString(),
      reason: opts.reason,
      hubVersion: opts.hubVersion,
      storeId: opts.storeId,
      seq: opts.seq,
      kdf: opts.key.kdf,
    });
    const manifest: ManifestFile[] = [];
    for (const rel of await dataFiles(opts.dataDir)) {
      const bytes = await fs.readFile(path.join(opts.dataDir, rel)).catch((err: NodeJS.ErrnoException) => {
        // Gone between the listing and the read (a file replaced or pruned): not part of this moment.
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (!bytes) continue;
      const { frames, entry } = fileFrames(rel, bytes);
      for (const f of frames) await writer.write(f);
      manifest.push(entry);
      await opts.afterFile?.(rel);
    }
    for (const f of manifestFrame(manifest)) await writer.write(f);
    await writer.finish();
    await handle.sync();
  } finally {
    await handle.close();
  }
  return (await snapshotIdentity(opts.dataDir)) === before;
}
