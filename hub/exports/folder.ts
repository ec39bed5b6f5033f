import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir } from '#hub/store/durable-fs.ts';
import type { ExportFile } from './day-files.ts';

/** What `manifest.json` says of each file, and of the export. */
export type ManifestFile = { name: string; size: number; sha256: string };
export type Manifest = { day: string; createdAt: string; files: ManifestFile[] };

export const MANIFEST = 'manifest.json';
/** A day folder's name, and the only names a day folder's file may have (checked before any path is made). */
export const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const FILE_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/;

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Writes and fsyncs one file (the folder is fsynced once at the end). */
async function writeSynced(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * `<root>/<day>/` replaced whole by `files` plus their manifest: written into
 * `.tmp-<day>-<random>`, every file and the folder fsynced, the old folder
 * moved aside, the new one renamed in, the old one removed. A kill at any
 * moment leaves either the old folder, the new one, or none (a re-run of the
 * job writes it), never a half one under the day's name; leftovers start
 * with a dot and `sweep` removes them.
 */
export async function writeDayFolder(root: string, day: string, files: readonly ExportFile[], createdAt: string): Promise<Manifest> {
  if (!DAY_RE.test(day)) throw new RangeError('day');
  await mkdir(root, { recursive: true, mode: 0o700 });
  const tag = randomBytes(4).toString('hex');
  const temp = join(root, `.tmp-${day}-${tag}`);
  await mkdir(temp, { mode: 0o700 });
  const manifest: Manifest = { day, createdAt, files: files.map((f) => ({ name: f.name, size: f.bytes.length, sha256: sha256(f.bytes) })) };
  for (const file of files) {
    if (!FILE_RE.test(file.name) || file.name === MANIFEST) throw new RangeError(`file name: ${file.name}`);
    await writeSynced(join(temp, file.name), file.bytes);
  }
  // Last: a folder with a manifest has all its files.
  await writeSynced(join(temp, MANIFEST), Buffer.from(JSON.stringify(manifest, null, 2)));
  await fsyncDir(temp);
  const final = join(root, day);
  const old = join(root, `.old-${day}-${tag}`);
  const hadOld = await rename(final, old).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false;
      throw err;
    },
  );
  await rename(temp, final);
  await fsyncDir(root);
  if (hadOld) await rm(old, { recursive: true, force: true });
  return manifest;
}

/** Removes what an interrupted write left (`.tmp-*`, `.old-*`): called before the exporter starts. */
export async function sweep(root: string): Promise<void> {
  const names = await readdir(root).catch(() => [] as string[]);
  for (const name of names) if (/^\.(tmp|old)-/.test(name)) await rm(join(root, name), { recursive: true, force: true });
}

/** A day folder's manifest, or null (no folder, or not a finished one). */
export async function readManifest(root: string, day: string): Promise<Manifest | null> {
  if (!DAY_RE.test(day)) return null;
  try {
    const parsed = JSON.parse(await readFile(join(root, day, MANIFEST), 'utf8')) as Manifest;
    return parsed.day === day && Array.isArray(parsed.files) ? parsed : null;
  } catch {
    return null;
  }
}

/** The finished day folders, oldest first. */
export async function exportedDays(root: string): Promise<string[]> {
  const names = await readdir(root).catch(() => [] as string[]);
  const days: string[] = [];
  for (const name of names.filter((n) => DAY_RE.test(n)).sort()) {
    if (await stat(join(root, name, MANIFEST)).then(() => true, () => false)) days.push(name);
  }
  return days;
}
