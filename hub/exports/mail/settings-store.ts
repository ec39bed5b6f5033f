import { readSecretJson, writeSecretJson } from '#hub/store/secret-json.ts';
import { mailSettingsSchema, type MailSettings } from './settings.ts';

/**
 * The owner's SMTP settings, kept like the SOL user (hub/http/routes/einvoice/sol-store.ts):
 * `<data>/secrets/export-mail.json`, file 0600 in a 0700 folder, never in the
 * state, the log, a snapshot or a broadcast (the password opens a mailbox).
 */
const FILE = 'export-mail.json';

/** The stored settings, or null before the owner saved any (a damaged or tampered file reads as none). */
export async function readMailSettings(dataDir: string): Promise<MailSettings | null> {
  // Checked again on the way in: a hand-edited file with a line break in an address must not reach SMTP.
  const parsed = mailSettingsSchema.safeParse(await readSecretJson(dataDir, FILE));
  if (!parsed.success) return null;
  return { ...parsed.data, password: parsed.data.password ?? '' };
}

/** Keeps the settings (atomically, 0600 in a 0700 folder). */
export function writeMailSettings(dataDir: string, settings: MailSettings): Promise<void> {
  return writeSecretJson(dataDir, FILE, settings);
}
