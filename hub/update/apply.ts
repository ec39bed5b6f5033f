import { randomBytes } from 'node:crypto';
import { constants, promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir } from '#hub/store/durable-fs.ts';
import { isReleaseName } from './hub-version.ts';
import { releaseBinary, stagedBinary, type UpdateLayout } from './layout.ts';
import { fileDigest } from './probe.ts';
import { readChecked, UpdateRequestSchema, type UpdateRequest, type UpdateResult, type UpdateResultCode } from './request.ts';

export type ApplyOptions = {
  layout: UpdateLayout;
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

/**
 * `pos-hub update-apply`: the privileged half of an update, run as root by
 * pos-hub-update.service when the hub left a request (layout.ts).
 *
 * 1. The request is taken away first (renamed aside), so a path unit never
 *    starts a second updater on the same request, whatever happens next.
 * 2. The staged binary must have the request's sha256 and size: the hub's
 *    user could have changed it since the hub checked it.
 * 3. It is copied into releases/<version>/ (temp name, fsync, rename, 0755),
 *    `previous` is pointed at what `current` pointed to, then `current` at
 *    the new release (each link made under a temp name and renamed over, so
 *    a power cut leaves either the old or the new link, never none).
 * 4. The service restarts; the new release has giveUpMs to answer healthy
 *    under its own version (migrations run forward during that start).
 * 5. If it does not, `current` goes back to the old release and the service
 *    restarts again: the hub is back as it was, and the owner reads why.
 *
 * The result is written to last-result.json either way. Never throws for a
 * bad request: a root service must leave a clear result, not a stack.
 */
export async function applyUpdate(opts: ApplyOptions): Promise<UpdateResult | null> {
  const { layout, clock } = opts;
  const log = opts.log ?? (() => {});
  const sleep = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const startedAt = clock().toISOString();

  const taken = path.join(layout.updates, `.applying-${randomBytes(4).toString('hex')}.json`);
  try {
    await fs.rename(layout.request, taken);
  } catch {
    log('update-apply: no update request, nothing to do.');
    return null;
  }
  const request = await readChecked(taken, UpdateRequestSchema);
  await fs.rm(taken, { force: true });

  const finish = async (ok: boolean, code: UpdateResultCode, running: string | null, detail: string, req: Partial<UpdateRequest> = request ?? {}) => {
    const result: UpdateResult = { ok, code, version: req.version ?? '', running, from: req.from ?? null, backup: req.backup ?? null, startedAt, finishedAt: clock().toISOString(), detail };
    await writeResultFile(layout.lastResult, `${JSON.stringify(result, null, 2)}\n`);
    log(`update-apply: ${code}: ${detail}`);
    return result;
  };

  if (!request) return finish(false, 'UPDATE_BAD_REQUEST', await currentRelease(layout), 'The update request was not readable; nothing was changed.');
  const staged = stagedBinary(layout, request.version);
  // Opened once, never through a link (the folder is the hub user's: root must not read or copy what a
  // planted symlink points to); checked and copied from this same handle.
  const handle = await openStaged(staged);
  try {
    const digest = handle ? await fileDigest(handle) : null;
    if (!handle || !digest || digest.sha256 !== request.sha256 || digest.size !== request.size) {
      await fs.rm(path.dirname(staged), { recursive: true, force: true });
      return await finish(false, 'UPDATE_CHECKSUM_MISMATCH', await currentRelease(layout), `The staged binary of ${request.version} is missing, not a plain file, or not the one the hub checked (sha256/size differ); nothing was changed.`);
    }
    return await install(opts, request, handle, finish, sleep);
  } finally {
    await handle?.close();
  }
}

type Finish = (ok: boolean, code: UpdateResultCode, running: string | null, detail: string) => Promise<UpdateResult>;

async function install(opts: ApplyOptions, request: UpdateRequest, handle: FileHandle, finish: Finish, sleep: (ms: number) => Promise<void>): Promise<UpdateResult> {
  const { layout } = opts;
  const staged = stagedBinary(layout, request.version);
  const old = await currentRelease(layout);
  const oldPrevious = await fs.readlink(layout.previous).catch(() => null);
  try {
    await installRelease(handle, releaseBinary(layout, request.version));
    if (old && old !== request.version) await pointLink(layout.previous, path.join('releases', old));
    await pointLink(layout.current, path.join('releases', request.version));
  } catch (err) {
    if (old) await pointLink(layout.current, path.join('releases', old)).catch(() => {});
    return finish(false, 'UPDATE_INSTALL_FAILED', old, `Could not install ${request.version}: ${(err as Error).message}; ${old ?? 'the old release'} stays.`);
  }
  await fs.rm(path.dirname(staged), { recursive: true, force: true });

  if (await restartAndWait(opts, request.version, opts.giveUpMs, sleep)) {
    await pruneReleases(layout, [request.version, old]);
    return finish(true, 'UPDATE_INSTALLED', request.version, `${request.version} is running (it replaced ${old ?? 'nothing'}, kept as previous).`);
  }

  if (!old) return finish(false, 'UPDATE_ROLLBACK_FAILED', null, `${request.version} did not become healthy within ${opts.giveUpMs / 1000} s and there is no previous release to go back to.`);
  // Back as it was: current and previous point where they did, the failed release goes.
  await pointLink(layout.current, path.join('releases', old));
  if (oldPrevious) await pointLink(layout.previous, oldPrevious);
  else await fs.rm(layout.previous, { force: true });
  await fs.rm(path.dirname(releaseBinary(layout, request.version)), { recursive: true, force: true });
  const back = await restartAndWait(opts, old, opts.backGiveUpMs, sleep);
  return back
    ? finish(false, 'UPDATE_ROLLED_BACK', old, `${request.version} did not become healthy within ${opts.giveUpMs / 1000} s; ${old} is running again.`)
    : finish(false, 'UPDATE_ROLLBACK_FAILED', old, `${request.version} did not become healthy and ${old} did not either after going back; restore the backup ${request.backup ?? '(none made)'}.`);
}

async function restartAndWait(opts: ApplyOptions, release: string, giveUpMs: number, sleep: (ms: number) => Promise<void>): Promise<boolean> {
  try {
    await opts.restart();
  } catch (err) {
    opts.log?.(`update-apply: restart failed: ${(err as Error).message}`);
  }
  const until = Date.now() + giveUpMs;
  for (;;) {
    if (await opts.healthyAs(release).catch(() => false)) return true;
    if (Date.now() >= until) return false;
    await sleep(250);
  }
}

/** The release `current` points to (its folder name), or null on a box installed by hand without one. */
export async function currentRelease(layout: UpdateLayout): Promise<string | null> {
  try {
    const name = path.basename(await fs.readlink(layout.current));
    return isReleaseName(name) ? name : null;
  } catch {
    return null;
  }
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

/** Copies the staged binary (from its open handle) into its release folder under a fresh temp name, fsyncs, 0755, renames it into place. */
async function installRelease(from: FileHandle, to: string): Promise<void> {
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

/**
 * last-result.json, written by root into the hub user's folder: a fresh random
 * temp name opened with O_EXCL (never through a file or link planted there;
 * writeFileAtomic's temp name is predictable), then renamed over the old one.
 */
async function writeResultFile(file: string, text: string): Promise<void> {
  const tmp = `${file}.tmp-${randomBytes(6).toString('hex')}`;
  const handle = await fs.open(tmp, 'wx', 0o644);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
  await fsyncDir(path.dirname(file));
}

/** Points a symlink at `target` atomically: a new link under a temp name renamed over the old one. */
async function pointLink(link: string, target: string): Promise<void> {
  const tmp = `${link}.tmp-${randomBytes(4).toString('hex')}`;
  await fs.symlink(target, tmp);
  await fs.rename(tmp, link);
  await fsyncDir(path.dirname(link));
}

/** Keeps the running and the previous release; older ones go (a Pi's card is small, a binary ~130 MB). */
async function pruneReleases(layout: UpdateLayout, keep: (string | null)[]): Promise<void> {
  const previous = path.basename(await fs.readlink(layout.previous).catch(() => ''));
  const kept = new Set([...keep, previous].filter(Boolean));
  for (const name of await fs.readdir(layout.releases).catch(() => [] as string[])) {
    if (!kept.has(name)) await fs.rm(path.join(layout.releases, name), { recursive: true, force: true });
  }
}
