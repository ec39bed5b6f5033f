import type { EndpointChoice } from '#hub/einvoice/sunat/endpoints.ts';
import { readSecretJson, writeSecretJson } from '#hub/store/secret-json.ts';

/**
 * Where the hub sends its documents and the SOL user and password it sends
 * them with, kept beside the certificate in `<data>/secrets/` (0700, file
 * 0600): never in the state, the log, a snapshot or a broadcast (the SOL
 * password opens the restaurant's SUNAT account). The outbox reads it with
 * `readSendSettings` when it is written.
 */
const FILE = 'einvoice-sol.json';

/** What is stored. */
export type SendSettings = { endpoint: EndpointChoice; user: string; password: string };

/** What the settings page sees: everything but the password, which is only "set" or not. */
export type SendSettingsView = { endpoint: EndpointChoice; user: string; passwordSet: boolean };

/** The stored settings, or null before the owner saved any (a damaged file reads as none). */
export async function readSendSettings(dataDir: string): Promise<SendSettings | null> {
  const parsed = (await readSecretJson(dataDir, FILE)) as Partial<SendSettings> | null;
  if (typeof parsed?.user !== 'string' || typeof parsed.password !== 'string' || typeof parsed.endpoint !== 'object' || parsed.endpoint === null) return null;
  return { endpoint: parsed.endpoint, user: parsed.user, password: parsed.password };
}

/** Keeps the settings (atomically, 0600 in a 0700 folder). */
export function writeSendSettings(dataDir: string, settings: SendSettings): Promise<void> {
  return writeSecretJson(dataDir, FILE, settings);
}

/** The page's view of stored settings. */
export function viewOf(settings: SendSettings | null): SendSettingsView | null {
  return settings && { endpoint: settings.endpoint, user: settings.user, passwordSet: settings.password !== '' };
}
