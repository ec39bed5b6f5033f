/**
 * Why a backup could not be made, listed or restored. The codes are what the
 * owner's page and the `--restore` command say (translated on the page).
 */
export const BACKUP_CODES = [
  // No passphrase set yet: nothing can be encrypted, so nothing is written.
  'BACKUP_NO_PASSPHRASE',
  // The passphrase does not open this file.
  'BACKUP_WRONG_PASSPHRASE',
  // Not a backup of this hub's kind (another file, another format).
  'BACKUP_NOT_A_BACKUP',
  // Cut short: a kill or a pulled stick while it was written or copied.
  'BACKUP_TRUNCATED',
  // Every byte is there but some do not match their checksum.
  'BACKUP_CORRUPTED',
  // The folder to restore into already holds data.
  'BACKUP_TARGET_NOT_EMPTY',
  // The disk would not take the file.
  'BACKUP_IO_ERROR',
] as const;

export type BackupCode = (typeof BACKUP_CODES)[number];

export class BackupError extends Error {
  override name = 'BackupError';
  readonly code: BackupCode;

  constructor(code: BackupCode, detail?: string) {
    super(detail ? `${code}: ${detail}` : code);
    this.code = code;
  }
}
