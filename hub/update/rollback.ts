import { existsSync, promises as fs } from 'node:fs';
import path from 'node:path';
import { DataDirLockError, LOCK_FILE, lockDataDir } from '#hub/store/data-lock.ts';
import type { Run } from './apply.ts';
import { removeJournal, writeJournal, type Journal, type Phase } from './journal.ts';
import { changesAfter, keepStore, putBackStore, realFolder, removeUnder } from './keep-store.ts';
import { releaseBinary } from './layout.ts';
import { pointLink, pruneReleases } from './links.ts';
import type { UpdateResult, UpdateResultCode } from './request.ts';

/**
 * The steps of an update that touch the store, each behind a journal phase
 * (journal.ts) so that an updater killed anywhere is finished by the next
 * one: stop the hub, keep the store, start the new release; not healthy:
 * stop it, put the kept store back, start the old release.
 */

/** Phase `keeping`: the hub is stopped and its store kept; then the links point at the new release and it starts. */
export async function keepThenStart(run: Run, journal: Journal): Promise<UpdateResult> {
  const { layout } = run.opts;
  run.log(`update-apply: stopping ${journal.from} and keeping its store`);
  await stopService(run);
  let kept;
  try {
    kept = await withStoreLocked(layout.data, () => keepStore(layout.data, layout.kept));
  } catch (err) {
    return backOut(run, journal, 'UPDATE_INSTALL_FAILED', `Could not keep the store before the update to ${journal.request.version}: ${(err as Error).message}; ${journal.from} stays.`);
  }
  journal = await advance(run, { ...journal, kept }, 'started');
  return startNew(run, journal);
}

/** Finishes an update an updater left under way, from the phase its journal names. */
export async function resumeUpdate(run: Run, journal: Journal): Promise<UpdateResult> {
  switch (journal.phase) {
    case 'keeping':
      // The new release never started (the links move only after the kept store is in the journal).
      return backOut(run, journal, 'UPDATE_ROLLED_BACK', `The update to ${journal.request.version} was interrupted before it started; ${journal.from} runs again with its store as it was.`);
    case 'started':
      return startNew(run, journal);
    case 'restoring':
    case 'restored':
      return rollBack(run, journal);
  }
}

/** Phase `started`: the new release has its time to answer healthy; if it does, it stays (whatever happens to it later). */
async function startNew(run: Run, journal: Journal): Promise<UpdateResult> {
  const { layout, giveUpMs } = run.opts;
  const version = journal.request.version;
  // Pointed here, not before the phase was written, so an updater killed in between finds the links
  // still to move (and the old release never runs on a store the journal says is kept).
  await pointLink(layout.previous, path.join('releases', journal.from));
  await pointLink(layout.current, path.join('releases', version));
  run.log(`update-apply: waiting for ${version} to answer health`);
  if (await restartAndWait(run, version, giveUpMs)) {
    await pruneReleases(layout, [version, journal.from]);
    return done(run, true, 'UPDATE_INSTALLED', version, `${version} is running (it replaced ${journal.from}, kept as previous).`);
  }
  return rollBack(run, journal);
}

/**
 * The new release did not become healthy: the hub is stopped, the kept store
 * put back (unless the new release logged records: below), the links point
 * where they did, the failed release goes and the old one starts.
 *
 * A release that logged commands past the kept seq answered a device or a
 * person before failing: putting the old store back would lose acknowledged
 * changes and reuse document numbers already handed out. So its store
 * stays, it stays current, and the result says so (the technician installs
 * a fixed release or restores the backup named). The hub's own job
 * bookkeeping (a print done, a retry) does not hold a rollback back: the old
 * release prints that ticket again (keep-store.ts changesAfter).
 */
async function rollBack(run: Run, journal: Journal): Promise<UpdateResult> {
  const { layout, giveUpMs } = run.opts;
  const version = journal.request.version;
  run.log(`update-apply: ${version} is not healthy: putting ${journal.from} and its store back`);
  await stopService(run);
  let logged: number[] | null = null;
  try {
    await withStoreLocked(layout.data, async () => {
      if (journal.phase === 'started') {
        const { acknowledged } = await changesAfter(layout.data, journal.kept!.seq);
        if (acknowledged.length > 0) {
          logged = acknowledged;
          return;
        }
        // A store an earlier failed update put aside makes room for this one's.
        await realFolder(layout.updates);
        await removeUnder(layout.rolledBack);
        journal = await advance(run, journal, 'restoring');
      }
      if (journal.phase === 'restoring') {
        await putBackStore(layout.data, layout.kept, journal.kept!, layout.rolledBack, run.log);
        journal = await advance(run, journal, 'restored');
      }
    });
  } catch (err) {
    await run.opts.restart().catch(() => {});
    return done(run, false, 'UPDATE_ROLLBACK_FAILED', version, `${version} did not become healthy and its store could not be put back (${(err as Error).message}); restore the backup ${journal.request.backup ?? '(none made)'}.`);
  }
  if (logged !== null) {
    await run.opts.restart().catch(() => {});
    const seqs = logged as number[];
    return done(run, false, 'UPDATE_ROLLBACK_FAILED', version, `${version} did not become healthy within ${giveUpMs / 1000} s, but it recorded ${seqs.length} change(s) first (seq ${seqs[0]} to ${seqs.at(-1)}): they are not thrown away, so ${version} stays (${journal.from} cannot open its store). Install a fixed release, or restore the backup ${journal.request.backup ?? '(none made)'}.`);
  }
  return startOld(run, journal, 'UPDATE_ROLLED_BACK', `${version} did not become healthy within ${giveUpMs / 1000} s; ${journal.from} is running again with its store as before the update.`);
}

/** Before the new release ever ran: the kept copy goes, the links stay or go back, the old release starts again. */
export async function backOut(run: Run, journal: Journal, code: UpdateResultCode, detail: string): Promise<UpdateResult> {
  const { layout } = run.opts;
  await removeUnder(`${layout.kept}.partial`);
  return startOld(run, journal, code, detail);
}

async function startOld(run: Run, journal: Journal, code: UpdateResultCode, detail: string): Promise<UpdateResult> {
  const { layout, backGiveUpMs } = run.opts;
  await pointLink(layout.current, path.join('releases', journal.from));
  if (journal.previous) await pointLink(layout.previous, journal.previous);
  else await fs.rm(layout.previous, { force: true });
  await fs.rm(path.dirname(releaseBinary(layout, journal.request.version)), { recursive: true, force: true });
  const back = await restartAndWait(run, journal.from, backGiveUpMs);
  return back
    ? done(run, false, code, journal.from, detail)
    : done(run, false, 'UPDATE_ROLLBACK_FAILED', journal.from, `${journal.request.version} did not become healthy and ${journal.from} did not either after going back; restore the backup ${journal.request.backup ?? '(none made)'}.`);
}

/** The result for the owner first, then the journal goes (from then on nothing is left to finish), then the kept store. */
async function done(run: Run, ok: boolean, code: UpdateResultCode, running: string | null, detail: string): Promise<UpdateResult> {
  const { layout } = run.opts;
  const result = await run.finish(ok, code, running, detail);
  await removeJournal(layout);
  await removeUnder(layout.kept);
  await removeUnder(`${layout.kept}.partial`);
  await fs.rm(layout.updater, { force: true });
  return result;
}

async function advance(run: Run, journal: Journal, phase: Phase): Promise<Journal> {
  const next = { ...journal, phase };
  await writeJournal(run.opts.layout, next);
  run.log(`update-apply: phase ${phase}`);
  return next;
}

async function stopService(run: Run): Promise<void> {
  try {
    await run.opts.stop();
  } catch (err) {
    // The data lock below tells whether it is really stopped.
    run.log(`update-apply: stop failed: ${(err as Error).message}`);
  }
}

/**
 * Runs `fn` holding the data folder's lock (hub/store/data-lock.ts), so root
 * never keeps or puts back a store a hub still writes. A folder without
 * hub.lock has no hub that ever ran on it (and root must not create that
 * file: the hub could not open a root-owned one).
 */
async function withStoreLocked<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  if (!existsSync(path.join(dataDir, LOCK_FILE))) return fn();
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockError) throw new Error('a hub still runs on the data folder after the service was stopped', { cause: err });
    throw err;
  }
  try {
    return await fn();
  } finally {
    lock.release();
  }
}

export async function restartAndWait(run: Run, release: string, giveUpMs: number): Promise<boolean> {
  try {
    await run.opts.restart();
  } catch (err) {
    run.log(`update-apply: restart failed: ${(err as Error).message}`);
  }
  const until = Date.now() + giveUpMs;
  for (;;) {
    if (await run.opts.healthyAs(release).catch(() => false)) return true;
    if (Date.now() >= until) return false;
    await run.sleep(250);
  }
}
