import { createWriteStream, promises as fs } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import type { UpdateLayout } from '#hub/update/layout.ts';
import { readChecked, UpdateRequestSchema, UpdateResultSchema } from '#hub/update/request.ts';
import { MAX_BINARY_BYTES, stageUpdate, uploadTempFile } from '#hub/update/stage.ts';
import { HttpError } from '../../http-error.ts';
import { requireSecretsGate } from '../secrets/secret-settings.ts';
import type { ErrorCode } from '#protocol';
import { z } from 'zod';
import { stickBinaries, type StickBinary } from '#hub/update/usb.ts';
import { parseBody } from '../../validate.ts';
import { readJsonBody } from '../../middleware/json-body.ts';

export type UpdateRouteDeps = {
  layout: UpdateLayout;
  /** The release running now (hub-version.ts) and its build. */
  release: string;
  build: string;
  /** hub/backup's backup of everything, made before a binary is staged (reason 'update'). */
  backup: () => Promise<{ name: string }>;
  clock: () => Date;
  /** The USB sticks mounted on the box now (hub/exports/usb-watch.ts), where a supplier's file may be. */
  sticks: () => Promise<string[]>;
  /** Tests: how a staged file is asked its version (default: run it with --version). */
  probe?: (file: string) => Promise<string | null>;
};

/** What the update page shows: what runs, what waits for the updater, what it last did. */
export type UpdateStatusReply = {
  ok: true;
  release: string;
  build: string;
  pending: { version: string; requestedAt: string; backup: string | null } | null;
  last: { ok: boolean; code: string; version: string; running: string | null; from: string | null; finishedAt: string } | null;
  /** Hub programs at the top of a USB stick plugged into the box. */
  usb: StickBinary[];
};

const usbBody = z.object({ stick: z.string().min(1).max(255), name: z.string().min(1).max(100) });

/**
 * The owner's half of an update (hub/update/README.md). Gate: the secrets'
 * (owner only by default): a new binary runs as the hub with every secret.
 *
 * GET  /api/update          the release, a pending request, the last result
 * POST /api/update/upload   the new binary as the raw body (application/octet-stream, at most
 *                           MAX_BINARY_BYTES), streamed to a temp file under <data>/updates, never
 *                           held in memory; then checked, backed up and staged (stage.ts)
 *
 * The root updater (pos-hub-update.service) takes it from there; the page
 * polls GET for the result (the hub restarts under it).
 */
export function updateRoutes(engine: Engine, deps: UpdateRouteDeps): Router {
  const router = new Router();

  router.get('/api/update', async (ctx) => {
    requireSecretsGate(engine, ctx);
    const pending = await readChecked(deps.layout.request, UpdateRequestSchema);
    const last = await readChecked(deps.layout.lastResult, UpdateResultSchema);
    const body: UpdateStatusReply = {
      ok: true,
      release: deps.release,
      build: deps.build,
      pending: pending && { version: pending.version, requestedAt: pending.requestedAt, backup: pending.backup },
      last: last && { ok: last.ok, code: last.code, version: last.version, running: last.running, from: last.from, finishedAt: last.finishedAt },
      usb: (await stickBinaries(await deps.sticks())).map(({ stick, name, size }) => ({ stick, name, size })),
    };
    ctx.body = body;
  });

  router.post('/api/update/upload', async (ctx) => {
    requireSecretsGate(engine, ctx);
    if (!ctx.is('application/octet-stream')) throw new HttpError('INCORRECT_INPUT', 'content-type');
    const file = await receive(ctx, deps.layout);
    const staged = await stageUpdate({ layout: deps.layout, file, running: deps.release, source: 'upload', backup: deps.backup, clock: deps.clock, probe: deps.probe });
    if (!staged.ok) throw new HttpError(replyCode(staged.code));
    ctx.body = { ok: true, version: staged.request.version, backup: staged.request.backup };
  });

  // A file on a USB stick in the box: named by stick and file, matched against a fresh listing (no path from the page).
  router.post('/api/update/usb', async (ctx) => {
    requireSecretsGate(engine, ctx);
    const { stick, name } = parseBody(usbBody, await readJsonBody(ctx, 1024));
    const found = (await stickBinaries(await deps.sticks())).find((b) => b.stick === stick && b.name === name);
    if (!found) throw new HttpError('NOT_FOUND', 'file');
    if (found.size > MAX_BINARY_BYTES) throw new HttpError('PAYLOAD_TOO_LARGE');
    const file = await uploadTempFile(deps.layout);
    try {
      await fs.copyFile(found.file, file);
    } catch {
      // The stick pulled mid-copy.
      await fs.rm(file, { force: true });
      throw new HttpError('NOT_FOUND', 'file');
    }
    const staged = await stageUpdate({ layout: deps.layout, file, running: deps.release, source: 'usb', backup: deps.backup, clock: deps.clock, probe: deps.probe });
    if (!staged.ok) throw new HttpError(replyCode(staged.code));
    ctx.body = { ok: true, version: staged.request.version, backup: staged.request.backup };
  });

  return router;
}

/** The stage's refusal as the page reads it: a backup that could not be made says why in one of two codes. */
function replyCode(code: string): ErrorCode {
  switch (code) {
    case 'UPDATE_ALREADY_PENDING':
    case 'UPDATE_NOT_A_HUB':
    case 'UPDATE_NOT_NEWER':
      return code;
    case 'UPDATE_TOO_LARGE':
      return 'PAYLOAD_TOO_LARGE';
    case 'BACKUP_NO_PASSPHRASE':
      return 'UPDATE_NEEDS_BACKUP_PASSPHRASE';
    default:
      return 'UPDATE_BACKUP_FAILED';
  }
}

/** Streams the body to a temp file under updates/, refusing (and removing it) past the limit. */
async function receive(ctx: Context, layout: UpdateLayout): Promise<string> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > MAX_BINARY_BYTES) throw new HttpError('PAYLOAD_TOO_LARGE');
  const file = await uploadTempFile(layout);
  let size = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      done(size > MAX_BINARY_BYTES ? new HttpError('PAYLOAD_TOO_LARGE') : null, chunk);
    },
  });
  try {
    await pipeline(ctx.req, cap, createWriteStream(file, { mode: 0o600 }));
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err instanceof HttpError ? err : new HttpError('INCORRECT_INPUT', 'upload');
  }
  return file;
}
