import { promises as fs } from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, writeFileAtomic } from '#hub/store/durable-fs.ts';
import { mailSettingsSchema, type MailSettings } from './settings.ts';

/**
 * The owner's SMTP settings, kept like the SOL user (hub/http/routes/einvoice/sol-store.ts):
 * `<data>/secrets/export-mail.json`, file 0600 in a 0700 folder, never in the
 * state, the log, a snapshot or a broadcast (the password opens a mailbox).
 */
const FILE = path.join('secrets', 'export-mail.json');

/** The stored settings, or null before the owner saved any (a damaged or tampered file reads as none). */
export async function readMailSettings(dataDir: string): Promise<MailSettings | null> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dataDir, FILE), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    // Checked again on the way in: a hand-edited file with a line break in an address must not reach SMTP.
    const parsed = mailSettingsSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return null;
    return { ...parsed.data, password: parsed.data.password ?? '' };
  } catch {
    return null;
  }
}

/** Keeps the settings (atomically, 0600 in a 0700 folder). */
export async function writeMailSettings(dataDir: string, settings: MailSettings): Promise<void> {
  const dir = path.join(dataDir, 'secrets');
  await makePrivateDir(dir);
  await fs.chmod(dir, PRIVATE_DIR_MODE);
  await writeFileAtomic(path.join(dataDir, FILE), JSON.stringify(settings), PRIVATE_FILE_MODE);
}
