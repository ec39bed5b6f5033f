import { randomBytes } from 'node:crypto';
import { MailError } from './errors.ts';
import { buildMessage, type MailContent } from './mime.ts';
import type { MailSettings } from './settings.ts';
import { sendMail, type SmtpOptions } from './smtp-client.ts';

/**
 * Mails the export to every recipient of the owner's settings through their
 * SMTP server. Resolves when the server accepted the message; rejects with
 * a MailError whose `kind` tells the export job what to do: `retry` (the
 * internet or the server is down: keep the job queued), `owner` or
 * `recipient` (the settings need fixing), `invalid`.
 */
export async function deliverByMail(settings: MailSettings | null, content: MailContent, options: SmtpOptions & { now?: Date } = {}): Promise<{ accepted: string[]; reply: string }> {
  if (!settings || !settings.host || settings.recipients.length === 0) throw new MailError('MAIL_NOT_CONFIGURED');
  // The boundary's "=_" cannot occur in quoted-printable or base64 text, so no part can end the body early.
  const boundary = `=_pos_${randomBytes(12).toString('hex')}`;
  const domain = settings.from.slice(settings.from.indexOf('@') + 1);
  const messageId = `${randomBytes(16).toString('hex')}@${domain}`;
  const envelope = { from: settings.from, to: settings.recipients };
  const data = buildMessage(envelope, content, { date: options.now ?? new Date(), boundary, messageId });
  const { reply } = await sendMail(settings, envelope, data, options);
  return { accepted: [...settings.recipients], reply };
}
