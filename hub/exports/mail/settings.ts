import { z } from 'zod';
import { ADDRESS } from './mime.ts';

/**
 * The owner's mail server and who receives the exports. Stored in the hub's
 * secret store (settings-store.ts), never in the state: the password opens
 * the restaurant's mailbox. The page sees it only as "set".
 */

export const SMTP_SECURITIES = ['none', 'starttls', 'tls'] as const;

/** A host name or an IPv4/IPv6 address: letters, digits, dots, hyphens, colons; no spaces, slashes or line breaks. */
const HOST = /^[A-Za-z0-9.:-]{1,253}$/;

const address = z.string().trim().max(254).regex(ADDRESS);

/** PUT /api/exports/mail-settings: no password keeps the stored one; `password: ''` clears it. */
export const mailSettingsSchema = z.object({
  host: z.string().trim().regex(HOST),
  port: z.int().min(1).max(65535),
  security: z.enum(SMTP_SECURITIES),
  user: z.string().trim().max(254).regex(/^[^\r\n\0]*$/),
  password: z.string().max(200).regex(/^[^\r\n\0]*$/).optional(),
  from: address,
  recipients: z.array(address).min(1).max(10),
});
export type MailSettingsRequest = z.infer<typeof mailSettingsSchema>;

/** What is stored. */
export type MailSettings = Omit<MailSettingsRequest, 'password'> & { password: string };

/** What the page sees: everything but the password. */
export type MailSettingsView = Omit<MailSettings, 'password'> & { passwordSet: boolean };

/** GET and PUT /api/exports/mail-settings answer this (null: none saved). */
export type MailSettingsReply = { ok: true; settings: MailSettingsView | null };

/** POST /api/exports/mail-settings/test answers this: sent, or the classified reason. */
export type MailTestReply = { ok: true; sent: true } | { ok: true; sent: false; code: string; kind: string };

export function mailSettingsView(settings: MailSettings | null): MailSettingsView | null {
  if (!settings) return null;
  const { password, ...rest } = settings;
  return { ...rest, recipients: [...rest.recipients], passwordSet: password !== '' };
}
