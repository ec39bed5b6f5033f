import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import { deliverByMail } from '#hub/exports/mail/deliver.ts';
import { MailError } from '#hub/exports/mail/errors.ts';
import { mailSettingsSchema, mailSettingsView, type MailSettingsReply, type MailTestReply } from '#hub/exports/mail/settings.ts';
import { readMailSettings, writeMailSettings } from '#hub/exports/mail/settings-store.ts';
import type { SmtpOptions } from '#hub/exports/mail/smtp-client.ts';
import { aliasesOf } from '#domain';
import { HttpError } from '../../http-error.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

/** Settings are a few hundred bytes; anything past this is refused before it is read whole. */
export const MAX_MAIL_SETTINGS_BYTES = 8 * 1024;

export type MailSettingsRouteDeps = { dataDir: string; smtp?: SmtpOptions };

/**
 * The owner's mail server for the nightly export (gate `settings`, like the
 * SOL user):
 *
 * GET  /api/exports/mail-settings       host, port, security, user, sender, recipients; the password only as "set"
 * PUT  /api/exports/mail-settings       the same with `password?`; no password keeps the stored one
 * POST /api/exports/mail-settings/test  mails a short test message with the stored settings and answers
 *                                       sent, or the classified reason (MAIL_AUTH_FAILED, MAIL_UNREACHABLE, ...)
 *
 * The password is never answered, logged or put in the state. One test at a
 * time (RATE_LIMITED otherwise): the door cannot be used to flood a mailbox.
 */
export function mailSettingsRoutes(engine: Engine, deps: MailSettingsRouteDeps): Router {
  const router = new Router();
  let testing = false;
  const gate = (ctx: Context) => {
    if (!aliasesOf(engine.state, sessionOf(ctx).actor.staffId).has('settings')) throw new HttpError('FORBIDDEN', 'settings');
  };

  router.get('/api/exports/mail-settings', async (ctx) => {
    gate(ctx);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, settings: mailSettingsView(await readMailSettings(deps.dataDir)) } satisfies MailSettingsReply;
  });

  router.put('/api/exports/mail-settings', async (ctx) => {
    gate(ctx);
    const req = parseBody(mailSettingsSchema, await readJsonBody(ctx, MAX_MAIL_SETTINGS_BYTES));
    const before = await readMailSettings(deps.dataDir);
    const { password, ...rest } = req;
    const settings = { ...rest, password: password ?? before?.password ?? '' };
    await writeMailSettings(deps.dataDir, settings);
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
