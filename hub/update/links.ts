import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir } from '#hub/store/durable-fs.ts';
import { isReleaseName } from './hub-version.ts';
import type { UpdateLayout } from './layout.ts';

/** The release `current` points to (its folder name), or null on a box installed by hand without one. */
export async function currentRelease(layout: UpdateLayout): Promise<string | null> {
  try {
    const name = path.basename(await fs.readlink(layout.current));
    return isReleaseName(name) ? name : null;
  } catch {
    return null;
  }
}

/** Points a symlink at `target` atomically: a new link under a temp name renamed over the old one. */
export async function pointLink(link: string, target: string): Promise<void> {
  const tmp = `${link}.tmp-${randomBytes(4).toString('hex')}`;
  await fs.symlink(target, tmp);
  await fs.rename(tmp, link);
  await fsyncDir(path.dirname(link));
}

/** Copies the staged binary (from its open handle) into its release folder under a fresh temp name, fsyncs, 0755, renames it into place. */
export async function installRelease(from: FileHandle, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true, mode: 0o755 });
  const tmp = `${to}.tmp-${randomBytes(4).toString('hex')}`;
  const out = await fs.open(tmp, 'wx', 0o755);
  try {
    const buffer = Buffer.alloc(1 << 20);
    for (let at = 0; ; ) {
      const { bytesRead } = await from.read(buffer, 0, buffer.length, at);
      if (bytesRead === 0) break;
      await out.write(buffer, 0, bytesRead);
      at += bytesRead;
    }
    await out.chmod(0o755);
    await out.sync();
  } finally {
    await out.close();
  }
  await fs.rename(tmp, to);
  await fsyncDir(path.dirname(to));
}

/** Keeps the running and the previous release; older ones go (a Pi's card is small, a binary ~130 MB). */
export async function pruneReleases(layout: UpdateLayout, keep: (string | null)[]): Promise<void> {
  const previous = path.basename(await fs.readlink(layout.previous).catch(() => ''));
  const kept = new Set([...keep, previous].filter(Boolean));
  for (const name of await fs.readdir(layout.releases).catch(() => [] as string[])) {
    if (!kept.has(name)) await fs.rm(path.join(layout.releases, name), { recursive: true, force: true });
  }
}
