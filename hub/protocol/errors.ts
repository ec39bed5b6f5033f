import { z } from 'zod';
import { FEATURE_ERRORS, type FeatureErrorCode } from './registry.ts';

/**
 * The error codes of the hub itself, whatever the feature. The client turns a
 * code into translated text (client/i18n); the hub never sends prose a person
 * is meant to read. The first block mirrors SPEC.md section 8; the rest are
 * the hub's own. A code only one feature answers with lives in that feature's
 * `errors` (protocol/features/), with its HTTP status.
 */
export const CORE_ERROR_CODES = [
  // SPEC.md section 8
  'INCORRECT_INPUT',
  'NOT_FOUND',
  'NO_MATCH',
  'LINK_ERROR',
  'INSUFFICIENT_BALANCE',
  'PASSWORD_REQUIRED',
  'REQUIRED_FIELD',
  'DISH_NUMBER_REQUIRED',
  'REASON_REQUIRED',
  'HANG_UP_FIRST',
  'CART_EMPTY',
  'TABLE_NOT_FREE',
  'ACCOUNT_EXPIRED',
  // transport and store
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNKNOWN_COMMAND',
  'PROTOCOL_MISMATCH',
  'COMMAND_EXPIRED',
  'STORAGE_UNAVAILABLE',
  'INTERNAL',
  // any feature's rules
  'DUPLICATE_CODE',
  'DUPLICATE_ID',
  // staff, sign-in and permissions
  'UNAUTHORIZED',
  'FORBIDDEN',
  'STAFF_DISABLED',
  // manager approval on the same device (issue 9)
  'APPROVAL_REQUIRED',
  'APPROVAL_INVALID',
  // an approval token shown with another payload than the one the manager approved (issue 19 item 17)
  'APPROVAL_MISMATCH',
  // a secret's destination changed without typing the secret again (issue 19 item 15)
  'SECRET_REQUIRED',
  'WRONG_CREDENTIALS',
  'TOO_MANY_ATTEMPTS',
  'PIN_FORMAT',
  'PASSWORD_FORMAT',
  'PIN_AMBIGUOUS',
  'DEVICE_NOT_ENROLLED',
  'ORIGIN_REFUSED',
  'HUB_UNCLAIMED',
  'ALREADY_CLAIMED',
  'CLAIM_CODE_INVALID',
  // network doors (issue 7): host names, socket limits
  'HOST_REFUSED',
  'RATE_LIMITED',
  'TOO_MANY_CONNECTIONS',
  // the box's licence code (issue 23, hub/licence): not a code, not signed by the seller, another box's, older than the one kept
  'LICENCE_INVALID',
  'LICENCE_OTHER_HUB',
  'LICENCE_OLDER',
  // a new binary for the box (issue 23, hub/update): one at a time, a hub's binary, newer than what runs, a backup first
  'UPDATE_ALREADY_PENDING',
  'UPDATE_NOT_A_HUB',
  'UPDATE_NOT_NEWER',
  'UPDATE_NEEDS_BACKUP_PASSPHRASE',
  'UPDATE_BACKUP_FAILED',
  // the backup passphrase (issue 23, hub/backup): too short (under 10 characters), too long, or spaces at its ends
  'BACKUP_PASSPHRASE_WEAK',
  // restoring a backup onto an unclaimed hub (issue 23, hub/backup/handover.ts): what the file or passphrase is, one restore at a time
  'BACKUP_WRONG_PASSPHRASE',
  'BACKUP_NOT_A_BACKUP',
  'BACKUP_TRUNCATED',
  'BACKUP_CORRUPTED',
  'BACKUP_IO_ERROR',
  'BACKUP_FROM_NEWER_HUB',
  'BACKUP_RESTORE_BUSY',
] as const;

/** Every error the hub can answer with: its own and every feature's. */
export type ErrorCode = (typeof CORE_ERROR_CODES)[number] | FeatureErrorCode;
// Object.keys cannot know its keys' literal types; FEATURE_ERRORS is typed by them.
export const ERROR_CODES = [...CORE_ERROR_CODES, ...(Object.keys(FEATURE_ERRORS) as FeatureErrorCode[])] as const satisfies readonly ErrorCode[];
export const errorCodeSchema = z.enum(ERROR_CODES);

/** HTTP status for each code; anything not listed is a 400. */
export const ERROR_HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  ...FEATURE_ERRORS,
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  PROTOCOL_MISMATCH: 426,
  STORAGE_UNAVAILABLE: 503,
  INTERNAL: 500,
  TABLE_NOT_FREE: 409,
  // A balance would go below zero (issue 22: a member's spend or adjustment).
  INSUFFICIENT_BALANCE: 409,
  DUPLICATE_CODE: 409,
  DUPLICATE_ID: 409,
  COMMAND_EXPIRED: 410,
  UNAUTHORIZED: 401,
  WRONG_CREDENTIALS: 401,
  FORBIDDEN: 403,
  STAFF_DISABLED: 403,
  APPROVAL_REQUIRED: 403,
  APPROVAL_INVALID: 403,
  APPROVAL_MISMATCH: 403,
  SECRET_REQUIRED: 400,
  DEVICE_NOT_ENROLLED: 403,
  ORIGIN_REFUSED: 403,
  HUB_UNCLAIMED: 403,
  CLAIM_CODE_INVALID: 403,
  ALREADY_CLAIMED: 409,
  PIN_AMBIGUOUS: 409,
  TOO_MANY_ATTEMPTS: 429,
  HOST_REFUSED: 421,
  RATE_LIMITED: 429,
  TOO_MANY_CONNECTIONS: 429,
  UPDATE_ALREADY_PENDING: 409,
  UPDATE_NOT_NEWER: 409,
  UPDATE_NEEDS_BACKUP_PASSPHRASE: 409,
  UPDATE_BACKUP_FAILED: 503,
  BACKUP_WRONG_PASSPHRASE: 403,
  BACKUP_IO_ERROR: 503,
  BACKUP_FROM_NEWER_HUB: 409,
  BACKUP_RESTORE_BUSY: 409,
};

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_HTTP_STATUS[code] ?? 400;
}
