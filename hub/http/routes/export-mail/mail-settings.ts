import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import { deliverByMail } from '#hub/exports/mail/deliver.ts';
import { MailError } from '#hub/exports/mail/errors.ts';
import { mailSettingsSchema, mailSettingsView, type MailSettingsReply, type MailTestReply } from '#hub/exports/mail/settings.ts';
import { readMailSettings, writeMailSettings } from '#hub/exports/mail/settings-store.ts';
import type { SmtpOptions } from '#hub/exports/mail/smtp-client.ts';
import { HttpError } from '../../http-error.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { changedFields, noteSecretChange, requireSecretForNewDestination, requireSecretsGate } from '../secrets/secret-settings.ts';

/** Settings are a few hundred bytes; anything past this is refused before it is read whole. */
export const MAX_MAIL_SETTINGS_BYTES = 8 * 1024;

export type MailSettingsRouteDeps = { dataDir: string; smtp?: SmtpOptions; clock?: () => Date };

/**
 * The owner's mail server for the nightly export (gate `fiscalSecrets`, like
 * the SOL user: routes/secrets/secret-settings.ts):
 *
 * GET  /api/exports/mail-settings       host, port, security, user, sender, recipients; the password only as "set"
 * PUT  /api/exports/mail-settings       the same with `password?`; no password keeps the stored one, unless
 *                                       host, port or connection changed (SECRET_REQUIRED: typed again)
 * POST /api/exports/mail-settings/test  mails a short test message with the stored settings and answers
 *                                       sent, or the classified reason (MAIL_AUTH_FAILED, MAIL_UNREACHABLE, ...)
 *
 * Every change is in the activity (`security.noteSecretChange`, field names only).
 * The password is never answered, logged or put in the state. One test at a
 * time (RATE_LIMITED otherwise): the door cannot be used to flood a mailbox.
 */
export function mailSettingsRoutes(engine: Engine, deps: MailSettingsRouteDeps): Router {
  const router = new Router();
  let testing = false;
  const gate = (ctx: Context) => requireSecretsGate(engine, ctx);
  const now = () => (deps.clock ?? (() => new Date()))();
  /** Where the password goes: AUTH PLAIN to this host and port, over this kind of connection. */
  const destinationOf = (s: { host: string; port: number; security: string }) => JSON.stringify([s.host.toLowerCase(), s.port, s.security]);

  router.get('/api/exports/mail-settings', async (ctx) => {
    gate(ctx);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, settings: mailSettingsView(await readMailSettings(deps.dataDir)) } satisfies MailSettingsReply;
  });

  router.put('/api/exports/mail-settings', async (ctx) => {
    const actor = gate(ctx);
    const req = parseBody(mailSettingsSchema, await readJsonBody(ctx, MAX_MAIL_SETTINGS_BYTES));
    const before = await readMailSettings(deps.dataDir);
    const { password, ...rest } = req;
    requireSecretForNewDestination(before && { password: before.password, destination: destinationOf(before) }, { password, destination: destinationOf(rest) });
    const settings = { ...rest, password: password ?? before?.password ?? '' };
    await writeMailSettings(deps.dataDir, settings);
    const { password: _stored, ...shown } = before ?? { password: '' };
    const fields = changedFields(before ? shown : null, rest, password !== undefined);
    if (fields.length > 0) await noteSecretChange(engine, actor, now(), { what: 'mail', change: 'saved', fields: fields.join(',') });
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, settings: mailSettingsView(settings) } satisfies MailSettingsReply;
  });

  router.post('/api/exports/mail-settings/test', async (ctx) => {
    gate(ctx);
    if (testing) throw new HttpError('RATE_LIMITED', 'mail test');
    testing = true;
    try {
      const settings = await readMailSettings(deps.dataDir);
      await deliverByMail(settings, { subject: 'Prueba de correo / Test / 测试', text: 'Correo de prueba de la exportación nocturna.\nTest message of the nightly export.\n', attachments: [] }, { timeoutMs: 15_000, ...deps.smtp });
      ctx.body = { ok: true, sent: true } satisfies MailTestReply;
    } catch (err) {
      if (!(err instanceof MailError)) throw err;
      ctx.body = { ok: true, sent: false, code: err.code, kind: err.kind } satisfies MailTestReply;
    } finally {
      testing = false;
    }
  });
  return router;
}
