import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Engine } from '#hub/engine/engine.ts';
import type { Backups, BackupListed } from '#hub/backup/index.ts';
import { passphraseAcceptable } from '#hub/backup/key-store.ts';
import { aliasesOf } from '#domain';
import { HttpError } from '../../http-error.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { requireSecretsGate } from '../secrets/secret-settings.ts';

/** What the routes read of the backups (hub/backup/index.ts). */
export type BackupRouteDeps = Pick<Backups, 'list' | 'hasPassphrase' | 'setPassphrase' | 'lastSticks'>;

export type BackupsReply = { ok: true; hasPassphrase: boolean; backups: BackupListed[]; sticks: { stick: string; ok: boolean }[] };

const passphraseBody = z.object({ passphrase: z.string().min(1).max(1000) });

/**
 * The backup page's reads and its one setting (hub/backup/README.md). "Back
 * up now" is the command `backup.run` through POST /api/commands.
 *
 * GET /api/backups              (gate `settings`) the backups in `<data>/backups`, newest first, each whole or
 *                               cut (checked without the passphrase), whether a passphrase is set, the last sticks
 * PUT /api/backups/passphrase   (gate `fiscalSecrets`, the owner's: the backups hold the certificate and the SOL
 *                               password) a new passphrase; 10 to 200 characters, else BACKUP_PASSPHRASE_WEAK
 */
export function backupRoutes(engine: Engine, deps: BackupRouteDeps): Router {
  const router = new Router();
  const gate = (ctx: Context) => {
    if (!aliasesOf(engine.state, sessionOf(ctx).actor.staffId).has('settings')) throw new HttpError('FORBIDDEN', 'settings');
  };

  router.get('/api/backups', async (ctx) => {
    gate(ctx);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, hasPassphrase: await deps.hasPassphrase(), backups: await deps.list(), sticks: deps.lastSticks() } satisfies BackupsReply;
  });

  router.put('/api/backups/passphrase', async (ctx) => {
    requireSecretsGate(engine, ctx);
    const { passphrase } = parseBody(passphraseBody, await readJsonBody(ctx, 4096));
    if (!passphraseAcceptable(passphrase)) throw new HttpError('BACKUP_PASSPHRASE_WEAK', 'passphrase');
    await deps.setPassphrase(passphrase);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true };
  });
  return router;
}
