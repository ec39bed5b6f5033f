import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDir } from '#hub/store/durable-fs.ts';
import { readManifest, sha256, type Manifest } from './folder.ts';

/** The folder on a stick that holds the day folders. */
export const STICK_FOLDER = 'pos-exports';

/** Whether a file can be made on the volume (a read-only or full stick says no). */
export async function isWritable(stick: string): Promise<boolean> {
  const probe = join(stick, `.pos-probe-${randomBytes(4).toString('hex')}`);
  try {
    await (await open(probe, 'wx')).close();
    await unlink(probe);
    return true;
  } catch {
    return false;
  }
}

/** Whether the stick's copy of the day has the same manifest as ours and every file matches it (re-read from the stick). */
export async function copyIsGood(stick: string, manifest: Manifest): Promise<boolean> {
  const dir = join(stick, STICK_FOLDER, manifest.day);
  const theirs = await readManifest(join(stick, STICK_FOLDER), manifest.day);
  if (!theirs || JSON.stringify(theirs) !== JSON.stringify(manifest)) return false;
  for (const f of manifest.files) {
    const bytes = await readFile(join(dir, f.name)).catch(() => null);
    if (!bytes || bytes.length !== f.size || sha256(bytes) !== f.sha256) return false;
  }
  return true;
}

async function writeSynced(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'w');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Copies one day folder onto the stick: into a dot folder, each file fsynced,
 * the manifest last, renamed to `pos-exports/<day>`, then every file read
 * back from the stick and compared with the manifest's sha256. Throws when
 * the stick goes away or the copy does not read back the same.
 * `beforeFile` lets a test pull the stick in the middle.
 */
export async function copyDay(root: string, stick: string, manifest: Manifest, beforeFile?: (name: string) => Promise<void>): Promise<void> {
  const base = join(stick, STICK_FOLDER);
  await mkdir(base, { recursive: true });
  const temp = join(base, `.tmp-${manifest.day}-${randomBytes(4).toString('hex')}`);
  await mkdir(temp);
  for (const f of manifest.files) {
    await beforeFile?.(f.name);
    const bytes = await readFile(join(root, manifest.day, f.name));
    if (sha256(bytes) !== f.sha256) throw new Error(`export ${manifest.day}/${f.name} does not match its manifest`);
    await writeSynced(join(temp, f.name), bytes);
  }
  await writeSynced(join(temp, 'manifest.json'), await readFile(join(root, manifest.day, 'manifest.json')));
  await fsyncDir(temp);
  await rm(join(base, manifest.day), { recursive: true, force: true });
  await rename(temp, join(base, manifest.day));
  await fsyncDir(base);
  if (!(await copyIsGood(stick, manifest))) throw new Error(`copy of ${manifest.day} does not read back`);
}
