import { readSecretJson, writeSecretJson } from '#hub/store/secret-json.ts';
import { deriveKey, newKdfParams, type KdfParams } from './crypto.ts';
import type { BackupKey } from './write.ts';

/**
 * The owner's backup key in `<data>/secrets/backup-key.json` (0600): the
 * key scrypt made from the passphrase and the parameters it used, never the
 * passphrase itself (an owner who uses it elsewhere too does not leave it on
 * the box). The nightly backup needs the key with nobody there to type it.
 * The file is inside every backup, so a restored box goes on backing up
 * with the same passphrase.
 */
const FILE = 'backup-key.json';

/** Shortest passphrase accepted: the file may sit on a lost USB stick, so it must resist guessing offline. */
export const MIN_PASSPHRASE = 10;
export const MAX_PASSPHRASE = 200;

export type StoredKey = BackupKey & { setAt: string };

export async function readBackupKey(dataDir: string): Promise<StoredKey | null> {
  const raw = (await readSecretJson(dataDir, FILE)) as { kdf?: KdfParams; key?: unknown; setAt?: unknown } | null;
  if (!raw || typeof raw.key !== 'string' || typeof raw.setAt !== 'string' || typeof raw.kdf !== 'object' || raw.kdf === null) return null;
  const key = Buffer.from(raw.key, 'base64');
  if (key.length !== 32) return null;
  return { kdf: raw.kdf, key, setAt: raw.setAt };
}

/** Whether a passphrase is one the hub takes (length in characters, not bytes). */
export function passphraseAcceptable(passphrase: unknown): passphrase is string {
  if (typeof passphrase !== 'string') return false;
  const length = [...passphrase.normalize('NFC')].length;
  return length >= MIN_PASSPHRASE && length <= MAX_PASSPHRASE && passphrase.trim().length === passphrase.length;
}

/** Derives and keeps a new key; backups made before keep opening with the passphrase they were made with. */
export async function setBackupPassphrase(dataDir: string, passphrase: string, at: Date): Promise<StoredKey> {
  const kdf = newKdfParams();
  const key = await deriveKey(passphrase, kdf);
  await writeSecretJson(dataDir, FILE, { kdf, key: key.toString('base64'), setAt: at.toISOString() });
  return { kdf, key, setAt: at.toISOString() };
}
