import { createWriteStream, promises as fs } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { AuthService } from '#hub/auth/auth-service.ts';
import type { ClaimCode } from '#hub/auth/claim.ts';
import { checkClaimCode } from '#hub/auth/claim-check.ts';
import { BackupError, type BackupCode } from '#hub/backup/errors.ts';
import { dropUploads, newUpload, stageRestore, uploadFile } from '#hub/backup/handover.ts';
import { backupHeader } from '#hub/backup/restore.ts';
import { compareReleases } from '#hub/update/hub-version.ts';
import { isClaimed } from '#domain';
import type { ErrorCode, RestoreReply, RestoreStatus, RestoreUploadReply } from '#protocol';
import { restoreRequestSchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { callerOf } from '../auth/auth.ts';
import { valueOr } from '../auth/refusal.ts';

/** A year of a busy restaurant's backup is a few hundred MB; past this it is not one of ours (and the disk needs twice it). */
export const MAX_RESTORE_BYTES = 8 * 1024 * 1024 * 1024;

export type RestoreRouteDeps = {
  dataDir: string;
  /** The release running: a backup written by a newer one would leave a store this hub cannot open. */
  release: string;
  /** Called once the restore is staged and the answer sent: the hub stops and opens again on it (server.ts). */
  staged: () => void;
  /** Tests: a smaller cap. */
  maxBytes?: number;
};

/**
 * "Restore from a backup" on an unclaimed hub (hub/backup/README.md
 * "Restore from the setup page"). Two steps so a mistyped passphrase does
 * not send a large file again; both need the claim code of the setup slip,
 * and one restore runs at a time (BACKUP_RESTORE_BUSY):
 *
 * POST /api/setup/restore/upload  the file as the raw body (application/octet-stream, the
 *                                 code in `x-claim-code`), streamed to disk under <data>/restore,
 *                                 never held in memory; answers its id and plain header
 * POST /api/setup/restore         {claimCode, upload, passphrase}: checks every byte while
 *                                 restoring into a staging folder, stages it, answers, then
 *                                 the hub stops and opens again on the restored data
 * GET  /api/setup/restore          how far the check under way got (the page's bar)
 */
export function restoreRoutes(auth: AuthService, claim: () => ClaimCode | null, deps: RestoreRouteDeps): Router {
  const router = new Router();
  const cap = deps.maxBytes ?? MAX_RESTORE_BYTES;
  // One at a time; `handedOver` for good once a restore is staged (the hub is about to stop).
  let busy = false;
  let handedOver = false;
  // How far the check under way got (0 to 1), null when none runs.
  let checked: number | null = null;

  const opening = async (ctx: Context, code: string) => {
    if (isClaimed(auth.engine.state)) throw new HttpError('ALREADY_CLAIMED');
    valueOr(ctx, await checkClaimCode(auth, claim(), code, callerOf(ctx)));
    // Checked and taken with no await between: two uploads at once never both pass.
    if (busy || handedOver) throw new HttpError('BACKUP_RESTORE_BUSY');
    busy = true;
  };

  router.post('/api/setup/restore/upload', async (ctx) => {
    await opening(ctx, ctx.get('x-claim-code'));
    try {
      if (!ctx.is('application/octet-stream')) throw new HttpError('INCORRECT_INPUT', 'content-type');
      if (Number(ctx.get('content-length') || 0) > cap) throw new HttpError('PAYLOAD_TOO_LARGE');
      const upload = await newUpload(deps.dataDir);
      await receive(ctx, upload.temp, cap);
      await fs.rename(upload.temp, upload.file);
      await dropUploads(deps.dataDir, upload.file);
      const header = await backupHeader(upload.file).catch(async (err: unknown) => {
        await fs.rm(upload.file, { force: true });
        throw err;
      });
      if (compareReleases(header.hubVersion, deps.release) > 0) {
        await fs.rm(upload.file, { force: true });
        throw new HttpError('BACKUP_FROM_NEWER_HUB', header.hubVersion);
      }
      const body: RestoreUploadReply = { ok: true, upload: upload.id, size: (await fs.stat(upload.file)).size, backup: { createdAt: header.createdAt, reason: header.reason, hubVersion: header.hubVersion, seq: header.seq } };
      ctx.body = body;
    } catch (err) {
      throw asHttpError(err);
    } finally {
      busy = false;
    }
  });

  router.post('/api/setup/restore', async (ctx) => {
    const req = parseBody(restoreRequestSchema, await readJsonBody(ctx, 4096));
    await opening(ctx, req.claimCode);
    const file = uploadFile(deps.dataDir, req.upload);
    let consumed = false;
    try {
      if (req.passphrase === '') throw new HttpError('REQUIRED_FIELD', 'passphrase');
      if (!(await fs.stat(file).catch(() => null))) throw new HttpError('NOT_FOUND', 'upload');
      checked = 0;
      const { header } = await stageRestore(deps.dataDir, file, req.passphrase, {
        beforeCommit: () => {
          // Claimed with the same code while the file was checked: that owner keeps the hub.
          if (isClaimed(auth.engine.state)) throw new HttpError('ALREADY_CLAIMED');
          // No claim with this start's code any more: the restored hub has its owner.
          claim()?.consume();
          consumed = true;
        },
        onProgress: (fraction) => (checked = fraction),
      });
      handedOver = true;
      // Staged whatever happens next: a stuck upload file is swept by the next start anyway.
      await dropUploads(deps.dataDir).catch(() => undefined);
      auth.log(`setup: backup of ${header.createdAt} (store ${header.storeId}, seq ${header.seq}) checked and staged; the hub restarts on it`);
      // After the answer left: the stop closes every connection. An asker gone already (the page
      // closed during the check) heard no close to wait for: the hub hands over at once.
      if (ctx.req.socket.destroyed) setImmediate(deps.staged);
      else ctx.res.once('close', deps.staged);
      const body: RestoreReply = { ok: true, restarting: true, storeId: header.storeId, seq: header.seq, createdAt: header.createdAt };
      ctx.body = body;
    } catch (err) {
      // The disk refused the commit's rename after the code was taken: it is good for another try.
      if (consumed && !handedOver) claim()?.release();
      throw asHttpError(err);
    } finally {
      busy = false;
      checked = null;
    }
  });

  // The page's bar while the file is checked (the POST above answers only at the end). Says nothing but how far.
  router.get('/api/setup/restore', (ctx) => {
    if (isClaimed(auth.engine.state)) throw new HttpError('ALREADY_CLAIMED');
    const body: RestoreStatus = { ok: true, checked, staged: handedOver };
    ctx.body = body;
  });

  return router;
}

/** Streams the body to `file`, refusing (and removing it) past the cap. */
async function receive(ctx: Context, file: string, max: number): Promise<void> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > max ? new HttpError('PAYLOAD_TOO_LARGE') : null, chunk);
    },
  });
  try {
    await pipeline(ctx.req, counter, createWriteStream(file, { mode: 0o600, flags: 'wx' }));
  } catch (err) {
    await fs.rm(file, { force: true });
    if (err instanceof HttpError) throw err;
    // The disk would not take it (full, failing); anything else is the asker's connection cut mid-file.
    const code = (err as NodeJS.ErrnoException).code;
    throw code === 'ENOSPC' || code === 'EIO' || code === 'EROFS' || code === 'EDQUOT' ? new HttpError('BACKUP_IO_ERROR', code) : new HttpError('INCORRECT_INPUT', 'upload');
  }
}

/** What the page reads: the backup's own codes, the passphrase missing as a field. */
const FROM_BACKUP: Record<BackupCode, ErrorCode> = {
  BACKUP_NO_PASSPHRASE: 'REQUIRED_FIELD',
  BACKUP_WRONG_PASSPHRASE: 'BACKUP_WRONG_PASSPHRASE',
  BACKUP_NOT_A_BACKUP: 'BACKUP_NOT_A_BACKUP',
  BACKUP_TRUNCATED: 'BACKUP_TRUNCATED',
  BACKUP_CORRUPTED: 'BACKUP_CORRUPTED',
  BACKUP_TARGET_NOT_EMPTY: 'BACKUP_RESTORE_BUSY',
  BACKUP_IO_ERROR: 'BACKUP_IO_ERROR',
};

function asHttpError(err: unknown): unknown {
  if (err instanceof BackupError) return new HttpError(FROM_BACKUP[err.code]);
  if (err instanceof HttpError) return err;
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? new HttpError('BACKUP_IO_ERROR', code) : err;
}
