import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '#hub/store/durable-fs.ts';
import { compareReleases } from './hub-version.ts';
import { stagedBinary, type UpdateLayout } from './layout.ts';
import { fileDigest, probeRelease } from './probe.ts';
import type { UpdateRequest } from './request.ts';

/** Bigger than any hub binary (~135 MB unstripped) with room to grow; a bigger upload is not ours. */
export const MAX_BINARY_BYTES = 400 * 1024 * 1024;

export const STAGE_CODES = ['UPDATE_ALREADY_PENDING', 'UPDATE_NOT_A_HUB', 'UPDATE_NOT_NEWER', 'UPDATE_TOO_LARGE'] as const;
export type StageCode = (typeof STAGE_CODES)[number];

export type StageOptions = {
  layout: UpdateLayout;
  /** The new binary, already written under layout.updates (an upload's temp file, or copied from a USB stick). Moved or removed here. */
  file: string;
  running: string;
  source: UpdateRequest['source'];
  /** Backs up everything first (hub/backup); its failure (no passphrase set, a full disk) refuses the update with its code. */
  backup: () => Promise<{ name: string }>;
  clock: () => Date;
  probe?: (file: string) => Promise<string | null>;
};

/**
 * The hub's half of an update (unprivileged, writing only its data folder):
 * checks a new binary, backs up, stages it and leaves the request the root
 * updater acts on (apply.ts). In order, cheapest refusal first: one request
 * at a time, the size, the file answers `--version` as a hub, it is newer
 * than what runs (migrations go forward only: an older hub refuses a newer
 * store, so a downgrade would only ever roll back), then the backup. Any
 * refusal removes the file and leaves no request.
 */
export async function stageUpdate(opts: StageOptions): Promise<{ ok: true; request: UpdateRequest } | { ok: false; code: StageCode | string }> {
  const { layout, file } = opts;
  const refuse = async (code: string) => {
    await fs.rm(file, { force: true });
    return { ok: false as const, code };
  };
  if (await exists(layout.request)) return refuse('UPDATE_ALREADY_PENDING');
  const digest = await fileDigest(file);
  if (digest.size === 0) return refuse('UPDATE_NOT_A_HUB');
  if (digest.size > MAX_BINARY_BYTES) return refuse('UPDATE_TOO_LARGE');
  await fs.chmod(file, 0o755);
  const version = await (opts.probe ?? probeRelease)(file);
  if (!version) return refuse('UPDATE_NOT_A_HUB');
  if (compareReleases(version, opts.running) <= 0) return refuse('UPDATE_NOT_NEWER');

  let backup: string;
  try {
    backup = (await opts.backup()).name;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    return refuse(typeof code === 'string' && /^[A-Z_]+$/.test(code) ? code : 'BACKUP_IO_ERROR');
  }

  const target = stagedBinary(layout, version);
  await fs.rm(path.dirname(target), { recursive: true, force: true });
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o750 });
  await fs.rename(file, target);
  const request: UpdateRequest = { version, from: opts.running, sha256: digest.sha256, size: digest.size, backup, requestedAt: opts.clock().toISOString(), source: opts.source };
  // Written last and atomically: the path unit starts the updater the moment it exists.
  await writeFileAtomic(layout.request, `${JSON.stringify(request, null, 2)}\n`, 0o640);
  return { ok: true, request };
}

/** A fresh temp name under updates/ for an upload or a copy from a stick (dot files: never taken for a staged release). */
export async function uploadTempFile(layout: UpdateLayout): Promise<string> {
  await fs.mkdir(layout.updates, { recursive: true, mode: 0o750 });
  return path.join(layout.updates, `.upload-${randomBytes(6).toString('hex')}`);
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
