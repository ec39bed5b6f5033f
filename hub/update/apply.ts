import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DataDirLockError, lockDataDir } from '#hub/store/data-lock.ts';
import { writeFileDurably, readJournal, writeJournal, type Journal } from './journal.ts';
import { releaseBinary, stagedBinary, type UpdateLayout } from './layout.ts';
import { currentRelease, installRelease, pointLink, pruneReleases } from './links.ts';
import { fileDigest } from './probe.ts';
import { readChecked, UpdateRequestSchema, type UpdateRequest, type UpdateResult, type UpdateResultCode } from './request.ts';
import { keepThenStart, restartAndWait, resumeUpdate } from './rollback.ts';

export { currentRelease } from './links.ts';

export type ApplyOptions = {
  layout: UpdateLayout;
  /** Stops the hub's service and returns once it is stopped (`systemctl stop`: the hub writes its final snapshot and exits). */
  stop: () => Promise<void>;
  /** Restarts the hub's service so that it runs what `current` points to (systemctl on a box, a test's supervisor in tests). */
  restart: () => Promise<void>;
  /** True when the running hub answers healthy as this release. */
  healthyAs: (release: string) => Promise<boolean>;
  /** How long the new release has to become healthy before it is taken back. */
  giveUpMs: number;
  /** How long the old release has to come back after that (it ran before; a box with a big store takes a while). */
  backGiveUpMs: number;
  clock: () => Date;
  sleep?: (ms: number) => Promise<void>;
  log?: (line: string) => void;
};

export type Finish = (ok: boolean, code: UpdateResultCode, running: string | null, detail: string) => Promise<UpdateResult>;

/** What every step of an update is given: the options, and how it writes its result for the owner. */
export type Run = { opts: ApplyOptions; log: (line: string) => void; sleep: (ms: number) => Promise<void>; finish: Finish };

/**
 * `pos-hub update-apply`: the privileged half of an update, run as root by
 * pos-hub-update.service when the hub left a request (layout.ts), or when an
 * updater was interrupted (the journal, journal.ts, is still there).
 *
 * 0. An update under way (the journal) is finished first (rollback.ts).
 * 1. The request is taken away (renamed aside), so a path unit never
 *    starts a second updater on the same request, whatever happens next.
 * 2. The staged binary must have the request's sha256 and size: the hub's
 *    user could have changed it since the hub checked it.
 * 3. It is copied into releases/<version>/ (temp name, fsync, rename, 0755).
 * 4. The hub is stopped and its store kept (keep-store.ts: hard links and
 *    copies), then `previous` is pointed at what `current` pointed to, then
 *    `current` at the new release (each link made under a temp name and
 *    renamed over, so a power cut leaves either the old or the new link).
 * 5. The service starts; the new release has giveUpMs to answer healthy
 *    under its own version (migrations run forward during that start).
 * 6. If it does not, the kept store is put back, `current` goes back to the
 *    old release and the service starts again: the hub is back as it was,
 *    same seq and sales, and the owner reads why.
 *
 * The result is written to last-result.json either way. Never throws for a
 * bad request: a root service must leave a clear result, not a stack.
 */
export async function applyUpdate(opts: ApplyOptions): Promise<UpdateResult | null> {
  const { layout, clock } = opts;
  const log = opts.log ?? (() => {});
  const sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const startedAt = clock().toISOString();
  const finisher =
    (req: Partial<UpdateRequest>, since: string): Finish =>
    async (ok, code, running, detail) => {
      const result: UpdateResult = { ok, code, version: req.version ?? '', running, from: req.from ?? null, backup: req.backup ?? null, startedAt: since, finishedAt: clock().toISOString(), detail };
      await writeFileDurably(layout.lastResult, `${JSON.stringify(result, null, 2)}\n`, 0o644);
      log(`update-apply: ${code}: ${detail}`);
      return result;
    };

  if (!(await fs.lstat(layout.request).catch(() => null)) && !(await fs.lstat(layout.journal).catch(() => null))) {
    log('update-apply: no update request, nothing to do.');
    return null;
  }
  // One updater at a time (two path units, a technician running it by hand): the second finds the lock held and leaves.
  let lock;
  try {
    lock = lockDataDir(layout.updaterLock);
  } catch (err) {
    if (!(err instanceof DataDirLockError)) throw err;
    log('update-apply: another updater is running; nothing to do.');
    return null;
  }
  try {
    return await applyLocked(opts, log, sleep, finisher, startedAt);
  } finally {
    lock.release();
  }
}

async function applyLocked(opts: ApplyOptions, log: (line: string) => void, sleep: (ms: number) => Promise<void>, finisher: (req: Partial<UpdateRequest>, since: string) => Finish, startedAt: string): Promise<UpdateResult | null> {
  const { layout } = opts;
  const journal = await readJournal(layout);
  if (journal) {
    log(`update-apply: finishing the update to ${journal.request.version} left in phase ${journal.phase}`);
    return resumeUpdate({ opts, log, sleep, finish: finisher(journal.request, journal.startedAt) }, journal);
  }

  const taken = path.join(layout.updates, `.applying-${randomBytes(4).toString('hex')}.json`);
  try {
    await fs.rename(layout.request, taken);
  } catch {
    log('update-apply: no update request, nothing to do.');
    return null;
  }
  const request = await readChecked(taken, UpdateRequestSchema);
  await fs.rm(taken, { force: true });

  if (!request) return finisher({}, startedAt)(false, 'UPDATE_BAD_REQUEST', await currentRelease(layout), 'The update request was not readable; nothing was changed.');
  const run: Run = { opts, log, sleep, finish: finisher(request, startedAt) };
  const staged = stagedBinary(layout, request.version);
  // Opened once, never through a link (the folder is the hub user's: root must not read or copy what a
  // planted symlink points to); checked and copied from this same handle.
  const handle = await openStaged(staged);
  try {
    const digest = handle ? await fileDigest(handle) : null;
    if (!handle || !digest || digest.sha256 !== request.sha256 || digest.size !== request.size) {
      await fs.rm(path.dirname(staged), { recursive: true, force: true });
      return await run.finish(false, 'UPDATE_CHECKSUM_MISMATCH', await currentRelease(layout), `The staged binary of ${request.version} is missing, not a plain file, or not the one the hub checked (sha256/size differ); nothing was changed.`);
    }
    return await install(run, request, handle, startedAt);
  } finally {
    await handle?.close();
  }
}

async function install(run: Run, request: UpdateRequest, handle: FileHandle, startedAt: string): Promise<UpdateResult> {
  const { layout } = run.opts;
  const old = await currentRelease(layout);
  const oldPrevious = await fs.readlink(layout.previous).catch(() => null);
  try {
    await installRelease(handle, releaseBinary(layout, request.version));
  } catch (err) {
    return run.finish(false, 'UPDATE_INSTALL_FAILED', old, `Could not install ${request.version}: ${(err as Error).message}; ${old ?? 'the old release'} stays.`);
  }
  await fs.rm(path.dirname(stagedBinary(layout, request.version)), { recursive: true, force: true });
  if (!old) return installWithoutPrevious(run, request);

  const journal: Journal = { phase: 'keeping', request, from: old, previous: oldPrevious, startedAt, kept: null };
  try {
    // The updater of the release that runs now finishes an interrupted update (pos-hub-update.service
    // prefers this link): the new one may be the release that cannot start.
    await pointLink(layout.updater, path.join('releases', old));
    await writeJournal(layout, journal);
  } catch (err) {
    await fs.rm(path.dirname(releaseBinary(layout, request.version)), { recursive: true, force: true });
    return run.finish(false, 'UPDATE_INSTALL_FAILED', old, `Could not start the update to ${request.version}: ${(err as Error).message}; ${old} stays.`);
  }
  return keepThenStart(run, journal);
}

/** A box installed by hand without a `current` link: nothing to go back to, so nothing is kept either. */
async function installWithoutPrevious(run: Run, request: UpdateRequest): Promise<UpdateResult> {
  const { layout, giveUpMs } = run.opts;
  await pointLink(layout.current, path.join('releases', request.version));
  if (await restartAndWait(run, request.version, giveUpMs)) {
    await pruneReleases(layout, [request.version]);
    return run.finish(true, 'UPDATE_INSTALLED', request.version, `${request.version} is running (it replaced nothing).`);
  }
  return run.finish(false, 'UPDATE_ROLLBACK_FAILED', null, `${request.version} did not become healthy within ${giveUpMs / 1000} s and there is no previous release to go back to.`);
}

/** The staged binary opened without following a link, or null when it is missing or not a plain file. */
async function openStaged(file: string): Promise<FileHandle | null> {
  const handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => null);
  if (handle && !(await handle.stat()).isFile()) {
    await handle.close();
    return null;
  }
  return handle;
}
