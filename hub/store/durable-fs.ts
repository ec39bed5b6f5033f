import { promises as fs } from 'node:fs';
import path from 'node:path';

/** Files the hub writes in its data directory: the owner reads and writes them, nobody else (bills, staff, secrets). */
export const PRIVATE_FILE_MODE = 0o600;
/** Directories of the data directory: only the hub's user may list or enter them. */
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) readable by the hub's user only; an existing one is left as it is. */
export async function makePrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/**
 * Small helpers that make a write survive a power cut: data fsynced before
 * rename, the directory fsynced after it so the new name is on disk too.
 */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `file` with `content` atomically: temp file, fsync, rename, fsync dir.
 * `mode` (such as 0o600 for secrets) is set on the temp file before any byte is written;
 * without it a new file is created PRIVATE_FILE_MODE.
 */
export async function writeFileAtomic(file: string, content: string | Buffer, mode?: number): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  const handle = await fs.open(tmp, 'w', mode ?? PRIVATE_FILE_MODE);
  try {
    // A temp file left by a crash keeps its old mode: set it again.
    if (mode !== undefined) await handle.chmod(mode);
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  await fsyncDir(path.dirname(file));
}

/** Appends and fdatasyncs; the caller learns of any failure. */
export async function appendDurably(file: string, content: string): Promise<void> {
  const handle = await fs.open(file, 'a', PRIVATE_FILE_MODE);
  try {
    await handle.write(content);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** True for the errors that mean "the disk will not take writes now". */
export function isStorageError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOSPC' || code === 'EROFS' || code === 'EACCES' || code === 'EPERM' || code === 'EIO' || code === 'EDQUOT';
}
