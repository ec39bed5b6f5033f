import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fsyncDir, PRIVATE_DIR_MODE, writeFileAtomic } from '#hub/store/durable-fs.ts';
import { BackupError } from './errors.ts';
import { restoreBackup, type BackupContents, type OnProgress } from './restore.ts';

/**
 * A running hub hands its data folder over to a restored backup (README.md
 * "Restore from the setup page"). Everything happens inside the data folder
 * (on the appliance the hub's user cannot write its parent):
 *
 *   <data>/restore/upload-<id>.posbak   the owner's upload (one at a time)
 *   <data>/restore/.staging-<id>        a restore being written and checked
 *   <data>/restore/staged/              THE COMMIT POINT: a whole, checked, fsynced restore
 *   <data>/restore/swap.json            the swap under way: where the old data goes, which phase
 *   <data>/restore/previous-<time>/     the unclaimed hub's own data, kept aside
 *
 * Before `staged` exists (one rename) the old hub is untouched; once it
 * exists the next start rolls the swap forward before the store opens, step
 * by idempotent step, however many times it is cut: the store is only ever
 * opened on the old data or the whole restored data, never a mix.
 */
export const RESTORE_DIR = 'restore';
const STAGED = 'staged';
const JOURNAL = 'swap.json';
const UPLOAD_PREFIX = 'upload-';
const UPLOAD_SUFFIX = '.posbak';
/** Top-level names the swap never moves: the lock the starting hub holds, and the restore folder itself. */
const STAYS = new Set(['hub.lock', RESTORE_DIR]);

type Journal = { aside: string; phase: 'out' | 'in' };

export const restoreDir = (dataDir: string) => path.join(dataDir, RESTORE_DIR);
const stagedDir = (dataDir: string) => path.join(restoreDir(dataDir), STAGED);

/** The upload's file for an id (`id` is 16 hex digits, checked by the route before it gets here). */
export const uploadFile = (dataDir: string, id: string) => path.join(restoreDir(dataDir), `${UPLOAD_PREFIX}${id}${UPLOAD_SUFFIX}`);

/** A fresh upload id and the temp name its bytes stream into (a dot file: swept, never taken for an upload). */
export async function newUpload(dataDir: string): Promise<{ id: string; temp: string; file: string }> {
  await fs.mkdir(restoreDir(dataDir), { recursive: true, mode: PRIVATE_DIR_MODE });
  const id = randomBytes(8).toString('hex');
  return { id, temp: path.join(restoreDir(dataDir), `.upload-${id}`), file: uploadFile(dataDir, id) };
}

/** Removes every upload but `keep` (one restore at a time: the newest upload is the one). */
export async function dropUploads(dataDir: string, keep: string | null = null): Promise<void> {
  const names = await fs.readdir(restoreDir(dataDir)).catch(() => [] as string[]);
  for (const name of names) {
    const isUpload = name.startsWith(UPLOAD_PREFIX) || name.startsWith('.upload-');
    if (isUpload && path.join(restoreDir(dataDir), name) !== keep) await fs.rm(path.join(restoreDir(dataDir), name), { force: true });
  }
}

export async function hasStagedRestore(dataDir: string): Promise<boolean> {
  return exists(stagedDir(dataDir));
}

/**
 * Checks the upload (trailer, passphrase, every chunk, every file, the
 * manifest: restore.ts) while restoring it into a staging folder, fsynced;
 * then `beforeCommit` (may refuse by throwing) and one rename makes it
 * `staged`, the commit point. A refusal leaves no staging folder and the
 * hub as it was.
 */
export type StageOptions = {
  /** Last word before the commit point, with no await between it and the rename: throws to refuse. */
  beforeCommit?: () => void;
  /** How far the check got, 0 to 1. */
  onProgress?: OnProgress;
};

export async function stageRestore(dataDir: string, file: string, passphrase: string, opts: StageOptions = {}): Promise<BackupContents> {
  const dir = restoreDir(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if (await hasStagedRestore(dataDir)) throw new BackupError('BACKUP_TARGET_NOT_EMPTY', 'a restore is already staged');
  const work = path.join(dir, `.staging-${randomBytes(6).toString('hex')}`);
  const contents = await restoreBackup(file, passphrase, work, opts.onProgress);
  try {
    // The caller's last word (the hub was claimed meanwhile: it throws), with no await before the rename.
    opts.beforeCommit?.();
  } catch (err) {
    await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
    throw err;
  }
  try {
    await fs.rename(work, stagedDir(dataDir));
    await fsyncDir(dir);
  } catch (err) {
    await fs.rm(work, { recursive: true, force: true }).catch(() => undefined);
    throw new BackupError('BACKUP_IO_ERROR', (err as NodeJS.ErrnoException).code ?? 'rename');
  }
  return contents;
}

export type SwapOptions = {
  log: (message: string) => void;
  /** Tests: called before each change on disk, with a running count (the kill -9 test dies at each one in turn). */
  step?: (n: number) => void;
  clock?: () => Date;
};

/**
 * Run at start, with the data folder's lock held and before the store opens.
 * Nothing staged: sweeps what a cut upload or staging left and returns
 * false. Staged: moves the old top-level entries aside (phase "out"), then
 * the staged ones in (phase "in"), the journal recording the phase so that
 * a re-run after a cut never moves restored entries aside. Returns true
 * when the data folder now holds the restored backup.
 */
export async function swapInStagedRestore(dataDir: string, opts: SwapOptions): Promise<boolean> {
  const dir = restoreDir(dataDir);
  const journalFile = path.join(dir, JOURNAL);
  let count = 0;
  const step = () => opts.step?.(++count);
  let plan = await readJournal(journalFile);

  if (!(await hasStagedRestore(dataDir))) {
    // The last swap's final step (the journal's removal) may have been cut.
    if (plan) {
      step();
      await fs.rm(journalFile, { force: true });
      await fsyncDir(dir);
    }
    await sweep(dir, step);
    return false;
  }

  if (!plan) {
    const at = (opts.clock ?? (() => new Date()))().toISOString().replace(/[:.]/g, '-');
    plan = { aside: `previous-${at}`, phase: 'out' };
    step();
    await writeFileAtomic(journalFile, JSON.stringify(plan));
  }
  const aside = path.join(dir, plan.aside);
  const staged = stagedDir(dataDir);

  if (plan.phase === 'out') {
    step();
    await fs.mkdir(aside, { recursive: true, mode: PRIVATE_DIR_MODE });
    for (const name of await fs.readdir(dataDir)) {
      if (STAYS.has(name)) continue;
      step();
      await fs.rename(path.join(dataDir, name), path.join(aside, name));
    }
    await fsyncDir(aside);
    await fsyncDir(dataDir);
    plan = { ...plan, phase: 'in' };
    step();
    await writeFileAtomic(journalFile, JSON.stringify(plan));
  }

  for (const name of await fs.readdir(staged)) {
    if (STAYS.has(name)) continue;
    step();
    await fs.rename(path.join(staged, name), path.join(dataDir, name));
  }
  await fsyncDir(dataDir);
  // Only names the swap never moves are left in it (none a backup holds).
  step();
  await fs.rm(staged, { recursive: true, force: true });
  await fsyncDir(dir);
  step();
  await fs.rm(journalFile, { force: true });
  await fsyncDir(dir);
  await sweep(dir, step);
  opts.log(`restore: the data folder now holds the restored backup; this hub's previous data is kept in ${path.join(RESTORE_DIR, plan.aside)}`);
  return true;
}

/** Uploads and staging folders a stop or a cut left: the claim code they were checked with died with the process. */
async function sweep(dir: string, step: () => void): Promise<void> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (name.startsWith(UPLOAD_PREFIX) || name.startsWith('.upload-') || name.startsWith('.staging-') || name.includes('.tmp-')) {
      step();
      await fs.rm(path.join(dir, name), { recursive: true, force: true });
    }
  }
}

async function readJournal(file: string): Promise<Journal | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<Journal>;
  if (typeof parsed.aside !== 'string' || !/^previous-[0-9TZ-]+$/.test(parsed.aside) || (parsed.phase !== 'out' && parsed.phase !== 'in')) {
    throw new Error(`restore: ${file} is not a swap journal; the hub will not guess (move the restore folder away to start on the data as it is)`);
  }
  return { aside: parsed.aside, phase: parsed.phase };
}

async function exists(p: string): Promise<boolean> {
  return fs.stat(p).then(
    () => true,
    () => false,
  );
}
