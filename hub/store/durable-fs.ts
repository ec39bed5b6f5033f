import { promises as fs } from 'node:fs';
import path from 'node:path';

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

/** Replaces `file` with `content` atomically: temp file, fsync, rename, fsync dir. */
export async function writeFileAtomic(file: string, content: string | Buffer): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  const handle = await fs.open(tmp, 'w');
  try {
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
  const handle = await fs.open(file, 'a');
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
