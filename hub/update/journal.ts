import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fsyncDir } from '#hub/store/durable-fs.ts';
import { isReleaseName } from './hub-version.ts';
import type { UpdateLayout } from './layout.ts';
import { UpdateRequestSchema } from './request.ts';

/**
 * Where an update stands, written by the root updater into its own folder
 * (/opt/pos-hub/update-journal.json, never the hub user's) before each step
 * that cannot be undone by simply starting again. An updater killed at any
 * point (kill -9, a power cut) is started again by pos-hub-update.path
 * (PathExists= on this file) and finishes from the phase it finds
 * (apply.ts `resumeUpdate`):
 *
 * - `keeping`: the hub was stopped and the store is being kept; the new
 *   release never started, so the store is the old one's: go back.
 * - `started`: the store was kept (`kept`), the links point at the new
 *   release: it may have migrated the store. Give it its time; not healthy,
 *   roll back.
 * - `restoring`: the store is being put back (idempotent: run again whole).
 * - `restored`: the old store is in place; the old release only has to start.
 */
export const PHASES = ['keeping', 'started', 'restoring', 'restored'] as const;
export type Phase = (typeof PHASES)[number];

const KeptFileSchema = z.object({
  path: z.string().max(1000),
  /** `link`: a hard link, the file appended to at most (put back cut to `size`); `copy`: a file written in place. */
  how: z.enum(['link', 'copy']),
  size: z.number().int().nonnegative(),
});
export const KeptStoreSchema = z.object({
  /** The seq of the last record in the log when the store was kept: the new release logged nothing if the log still ends there. */
  seq: z.number().int().nonnegative(),
  files: z.array(KeptFileSchema),
});
export type KeptStore = z.infer<typeof KeptStoreSchema>;

export const JournalSchema = z.object({
  phase: z.enum(PHASES),
  request: UpdateRequestSchema,
  /** The release that ran before (what `current` pointed to) and where `previous` pointed then (null: nowhere). */
  from: z.string().refine(isReleaseName),
  previous: z.string().max(200).nullable(),
  startedAt: z.string().max(40),
  kept: KeptStoreSchema.nullable(),
});
export type Journal = z.infer<typeof JournalSchema>;

/** The journal, or null when no update is under way (or the file is not one: root reads only this shape). */
export async function readJournal(layout: UpdateLayout): Promise<Journal | null> {
  const handle = await fs.open(layout.journal, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null);
  if (!handle) return null;
  try {
    if (!(await handle.stat()).isFile()) return null;
    const parsed = JournalSchema.safeParse(JSON.parse(await handle.readFile('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Temp name, fsync, rename, fsync of the folder: a crash leaves the old journal or the new one. */
export async function writeJournal(layout: UpdateLayout, journal: Journal): Promise<void> {
  await writeFileDurably(layout.journal, `${JSON.stringify(journal)}\n`, 0o600);
}

export async function removeJournal(layout: UpdateLayout): Promise<void> {
  await fs.rm(layout.journal, { force: true });
  await fsyncDir(path.dirname(layout.journal));
}

/**
 * A file written by root, possibly in a folder another user can write: a
 * fresh random temp name opened with O_EXCL (never a file or link planted
 * there), fsynced, renamed over, the folder fsynced.
 */
export async function writeFileDurably(file: string, text: string, mode: number): Promise<void> {
  const tmp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  const handle = await fs.open(tmp, 'wx', mode);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  await fsyncDir(path.dirname(file));
}
