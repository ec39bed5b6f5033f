import { promises as fs } from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, writeFileAtomic } from './durable-fs.ts';

/**
 * Small JSON files of secrets in `<data>/secrets/` (the SOL user, the SMTP
 * password): the folder 0700, each file 0600, replaced atomically, never in
 * the state, the log, a snapshot or a broadcast. The caller checks the shape
 * of what it reads: a file edited by hand may hold anything.
 */
const SECRETS = 'secrets';

/** The parsed file, or null when it does not exist or is not JSON (a damaged file reads as none). */
export async function readSecretJson(dataDir: string, name: string): Promise<unknown> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dataDir, SECRETS, name), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Keeps `value` as `<data>/secrets/<name>`, atomically, 0600 in a 0700 folder. */
export async function writeSecretJson(dataDir: string, name: string, value: unknown): Promise<void> {
  const dir = path.join(dataDir, SECRETS);
  await makePrivateDir(dir);
  await fs.chmod(dir, PRIVATE_DIR_MODE);
  await writeFileAtomic(path.join(dir, name), JSON.stringify(value), PRIVATE_FILE_MODE);
}
