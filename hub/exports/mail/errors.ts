/**
 * Why a mail was not delivered, in the three kinds the export job acts on:
 * - `retry`: the server could not be reached, answered too slowly, or said
 *   "try later" (4xx): the job waits and tries again, like the SUNAT lane.
 * - `owner`: the server refused the user and password, the TLS setup, the
 *   sender or the message itself: trying again changes nothing until the
 *   owner fixes the settings.
 * - `recipient`: a recipient address was refused (5xx on RCPT).
 * - `invalid`: what we were asked to send is malformed (a header with a line
 *   break, an address that is not one, no settings): nothing was sent.
 */
export const MAIL_ERROR_KINDS = {
  MAIL_UNREACHABLE: 'retry',
  MAIL_TIMEOUT: 'retry',
  MAIL_TEMPORARY: 'retry',
  MAIL_AUTH_FAILED: 'owner',
  MAIL_AUTH_UNSUPPORTED: 'owner',
  MAIL_TLS_UNAVAILABLE: 'owner',
  MAIL_TLS_FAILED: 'owner',
  MAIL_REJECTED: 'owner',
  MAIL_PROTOCOL: 'owner',
  MAIL_RECIPIENT_REJECTED: 'recipient',
  MAIL_HEADER_INJECTION: 'invalid',
  MAIL_ADDRESS_INVALID: 'invalid',
  MAIL_NOT_CONFIGURED: 'invalid',
} as const;

export type MailErrorCode = keyof typeof MAIL_ERROR_KINDS;
export type MailErrorKind = (typeof MAIL_ERROR_KINDS)[MailErrorCode];
export const MAIL_ERROR_CODES = Object.keys(MAIL_ERROR_KINDS) as MailErrorCode[];

/** A classified failure. `reply`: the server's own line, for the log (it never holds the password: AUTH replies are short codes). */
export class MailError extends Error {
  override name = 'MailError';
  readonly code: MailErrorCode;
  readonly kind: MailErrorKind;
  readonly reply: string;

  constructor(code: MailErrorCode, reply = '') {
    super(reply ? `${code}: ${reply}` : code);
    this.code = code;
    this.kind = MAIL_ERROR_KINDS[code];
    this.reply = reply;
  }
}
