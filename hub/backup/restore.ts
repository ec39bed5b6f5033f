import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '#hub/store/durable-fs.ts';
import { checkWhole, readChunks, readHeader, type BackupHeader } from './container.ts';
import { deriveKey } from './crypto.ts';
import { EntryReader, type Manifest } from './entries.ts';
import { BackupError } from './errors.ts';

/** What a restore or a check found: the header (when, which store, which seq) and the manifest. */
export type BackupContents = { header: BackupHeader; manifest: Manifest };

/** How far a check or restore got, 0 to 1: the trailer's pass over the file, then the chunks' (the setup page's bar). */
export type OnProgress = (fraction: number) => void;

async function openBackup(file: string) {
  try {
    return await fs.open(file, 'r');
  } catch (err) {
    throw new BackupError('BACKUP_IO_ERROR', (err as NodeJS.ErrnoException).code ?? 'open');
  }
}

/** The header alone (no passphrase): for the list and for the CLI's "restoring the backup of ...". */
export async function backupHeader(file: string): Promise<BackupHeader> {
  const handle = await openBackup(file);
  try {
    return (await readHeader(handle)).header;
  } finally {
    await handle.close();
  }
}

/**
 * Reads the whole backup with the passphrase, each chunk and each file
 * checked, calling `onFile` for each; the trailer checked first so a cut
 * file is said to be cut (not "wrong passphrase") before the slow key.
 */
async function readBackup(file: string, passphrase: string, onFile: (rel: string, bytes: Buffer) => Promise<void>, onProgress?: OnProgress): Promise<BackupContents> {
  const handle = await openBackup(file);
  try {
    // Two passes over the file: the trailer's sum, then the chunks (their plaintext, a little shorter).
    const total = Math.max(1, 2 * (await handle.stat()).size);
    let done = 0;
    const tick = (n: number) => {
      done += n;
      onProgress?.(Math.min(1, done / total));
    };
    const whole = await checkWhole(handle, tick);
    if (!whole.ok) throw new BackupError(whole.code);
    const { header } = await readHeader(handle);
    let key: Buffer;
    try {
      key = await deriveKey(passphrase, header.kdf);
    } catch {
      throw new BackupError('BACKUP_CORRUPTED', 'key parameters');
    }
    const reader = new EntryReader((entry, bytes) => onFile(entry.path, bytes));
    for await (const piece of readChunks(handle, key)) {
      await reader.push(piece);
      tick(piece.length);
    }
    const manifest = reader.finish();
    // The header, frames and tags are not plaintext: the count falls a little short of the whole.
    onProgress?.(1);
    return { header, manifest };
  } finally {
    await handle.close();
  }
}

/** Whether the passphrase opens the file and every byte checks out; writes nothing. */
export function verifyBackup(file: string, passphrase: string): Promise<BackupContents> {
  return readBackup(file, passphrase, () => Promise.resolve());
}

/** 'missing', 'empty' or 'full' (holds anything at all). */
async function targetState(dir: string): Promise<'missing' | 'empty' | 'full'> {
  try {
    return (await fs.readdir(dir)).length === 0 ? 'empty' : 'full';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw new BackupError('BACKUP_IO_ERROR', (err as NodeJS.ErrnoException).code ?? 'readdir');
  }
}

/**
 * Restores a backup into `target`, which must be missing or empty (a fresh
 * box: never over a hub's data). The files are written into a staging
 * folder, each fsynced once its sha256 matched; only when the whole file
 * and its manifest checked out do they take their places. A wrong
 * passphrase, a cut or damaged file leaves `target` as it was.
 *
 * A missing target: the staging folder is its sibling, renamed to it in one
 * step. An empty one (the installer's /var/lib/pos-hub, owned by the hub's
 * user in a folder that user cannot write): the staging folder is a dot
 * folder inside it, and its top-level entries are renamed out one by one
 * (a dozen renames; a cut there leaves the folder not empty, so the next
 * restore refuses it rather than a hub starting on part of it).
 */
export async function restoreBackup(file: string, passphrase: string, target: string, onProgress?: OnProgress): Promise<BackupContents> {
  const dest = path.resolve(target);
  const state = await targetState(dest);
  if (state === 'full') throw new BackupError('BACKUP_TARGET_NOT_EMPTY', dest);
  const suffix = randomBytes(4).toString('hex');
  const staging = state === 'missing' ? `${dest}.restoring-${suffix}` : path.join(dest, `.restoring-${suffix}`);
  const dirs = new Set<string>();
  try {
    await fs.mkdir(staging, { mode: PRIVATE_DIR_MODE });
    dirs.add(staging);
    const writeFile = async (rel: string, bytes: Buffer) => {
      const out = path.join(staging, ...rel.split('/'));
      const dir = path.dirname(out);
      if (!dirs.has(dir)) {
        await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
        dirs.add(dir);
      }
      const handle = await fs.open(out, 'wx', PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    };
    const contents = await readBackup(file, passphrase, writeFile, onProgress);
    for (const dir of [...dirs].sort((a, b) => b.length - a.length)) await fsyncDir(dir);
    if (state === 'missing') {
      await fs.rename(staging, dest);
      await fsyncDir(path.dirname(dest));
    } else {
      for (const name of await fs.readdir(staging)) await fs.rename(path.join(staging, name), path.join(dest, name));
      await fs.rmdir(staging);
      await fsyncDir(dest);
    }
    return contents;
  } catch (err) {
    await fs.rm(staging, { recursive: true, force: true }).catch(() => undefined);
    if (err instanceof BackupError) throw err;
    throw new BackupError('BACKUP_IO_ERROR', (err as NodeJS.ErrnoException).code ?? (err as Error).message);
  }
}
