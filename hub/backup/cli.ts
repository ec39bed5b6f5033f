import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, type BackupCode } from './errors.ts';
import { backupHeader, restoreBackup } from './restore.ts';

/**
 * `pos-hub --restore FILE [--data DIR]`: a backup onto a fresh box (README.md
 * "Restore"). The passphrase comes from POS_BACKUP_PASSPHRASE or is asked
 * on the terminal without echo. Exit 0 restored, 1 refused (one sentence
 * saying why), 2 a wrong command line. Then start the hub as usual on DIR.
 */
export const RESTORE_USAGE = `Usage: pos-hub --restore FILE [--data DIR]

  Restores a backup made by a hub (FILE, a .posbak) into DIR (POS_DATA_DIR,
  default ./data), which must be empty or missing: a restore never writes
  over a hub's data. The passphrase is read from POS_BACKUP_PASSPHRASE, or
  asked here. Then start the hub on DIR as usual.
`;

/** What the console says for each refusal: the technician reads it, in English like the rest of the console. */
const SAYS: Record<BackupCode, string> = {
  BACKUP_NO_PASSPHRASE: 'No passphrase was given.',
  BACKUP_WRONG_PASSPHRASE: 'The passphrase does not open this backup (check capitals and spaces; a backup keeps the passphrase it was made with).',
  BACKUP_NOT_A_BACKUP: 'This file is not a backup of a POS hub.',
  BACKUP_TRUNCATED: 'This backup is cut short (the copy was interrupted or the stick pulled): use another one.',
  BACKUP_CORRUPTED: 'This backup is damaged (some bytes do not match their checksum): use another one.',
  BACKUP_TARGET_NOT_EMPTY: 'The data folder is not empty: restore into an empty or new folder (never over a hub\'s data).',
  BACKUP_IO_ERROR: 'The file could not be read or the data folder could not be written.',
};

/** The passphrase typed on the terminal, not shown (a raw-mode read until Enter). */
function askPassphrase(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) return Promise.resolve('');
  process.stdout.write('Backup passphrase: ');
  return new Promise((resolve) => {
    let typed = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        if (ch === '\u0003') process.exit(130);
        typed = ch === '\u007f' ? typed.slice(0, -1) : typed + ch;
      }
    };
    stdin.on('data', onData);
  });
}

export async function restoreMain(argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, options: { restore: { type: 'string' }, data: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true, allowPositionals: false }));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${RESTORE_USAGE}`);
    return 2;
  }
  if (values.help || !values.restore) {
    console.log(RESTORE_USAGE);
    return values.help ? 0 : 2;
  }
  const file = path.resolve(values.restore);
  const dataDir = path.resolve(values.data ?? env.POS_DATA_DIR ?? './data');
  try {
    const header = await backupHeader(file);
    console.log(`Backup of ${header.createdAt} (${header.reason}, hub ${header.hubVersion}, seq ${header.seq}).`);
    const passphrase = env.POS_BACKUP_PASSPHRASE ?? (await askPassphrase());
    if (passphrase === '') throw new BackupError('BACKUP_NO_PASSPHRASE');
    const { manifest } = await restoreBackup(file, passphrase, dataDir);
    console.log(`Restored ${manifest.files.length} files into ${dataDir}, every one checked. Start the hub on that folder (--data ${dataDir}).`);
    return 0;
  } catch (err) {
    if (!(err instanceof BackupError)) throw err;
    console.error(`POS hub did not restore. ${SAYS[err.code]} (${err.code})`);
    return 1;
  }
}
