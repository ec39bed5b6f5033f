import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir } from '#hub/store/durable-fs.ts';
import { isWritable } from '#hub/exports/usb-copy.ts';
import { mountedVolumes } from '#hub/exports/usb-watch.ts';
import { checkWhole } from './container.ts';
import { namesToRotate } from './rotation.ts';
import type { BackupEntry } from './write.ts';

/** The folder on a stick that holds the backups (beside the exports' `pos-exports`). */
export const STICK_BACKUPS = 'pos-backups';

export type StickCopy = { stick: string; ok: boolean };

/**
 * Copies a new backup onto every writable stick plugged in now (the same
 * mount roots as the exports: hub/exports/usb-watch.ts): temp name, fsync,
 * read back whole from the stick, then rename (a stick pulled mid-copy, or
 * one that lied about its write, leaves no file under a backup's name); the stick's
 * folder rotates as the box's does. A stick plugged in later gets the next
 * backup.
 */
export async function copyToSticks(entry: BackupEntry, roots: { mountRoots: readonly string[]; anyFolder: boolean }, log: (m: string) => void): Promise<StickCopy[]> {
  const out: StickCopy[] = [];
  for (const stick of await mountedVolumes(roots.mountRoots, roots.anyFolder)) {
    if (!(await isWritable(stick))) continue;
    const dir = path.join(stick, STICK_BACKUPS);
    const temp = path.join(dir, `.tmp-${entry.name}-${randomBytes(4).toString('hex')}`);
    try {
      await fs.mkdir(dir, { recursive: true });
      // Temp copies a stick pulled mid-copy kept (the remove below could not reach it): never listed, only taking room.
      for (const name of await fs.readdir(dir)) if (name.startsWith('.tmp-')) await fs.rm(path.join(dir, name), { force: true });
      await fs.copyFile(entry.file, temp);
      const handle = await fs.open(temp, 'r+');
      try {
        await handle.sync();
        // Read back BEFORE it takes the backup's name: a copy that is not whole never sits on the
        // stick under a name that says "backup" (the owner would carry it to a new box).
        const whole = await checkWhole(handle);
        if (!whole.ok) throw new Error(whole.code);
      } finally {
        await handle.close();
      }
      await fs.rename(temp, path.join(dir, entry.name));
      await fsyncDir(dir);
      for (const name of namesToRotate(await fs.readdir(dir))) await fs.rm(path.join(dir, name), { force: true });
      out.push({ stick: path.basename(stick), ok: true });
    } catch (err) {
      await fs.rm(temp, { force: true }).catch(() => undefined);
      log(`backup: copy of ${entry.name} to ${path.basename(stick)} failed (${String(err)})`);
      out.push({ stick: path.basename(stick), ok: false });
    }
  }
  return out;
}
