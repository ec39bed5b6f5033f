import { z } from 'zod';

/**
 * Every error the hub can answer with. The client turns a code into translated
 * text (client/i18n); the hub never sends prose a person is meant to read.
 * The first block mirrors SPEC.md section 8; the rest are the hub's own.
 */
export const ERROR_CODES = [
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
  // domain
  'PRODUCT_UNAVAILABLE',
  'DUPLICATE_CODE',
  'ORDER_NOT_OPEN',
  'ORDER_PREBILLED',
  'ORDER_NOT_PREBILLED',
  'NOTHING_TO_SEND',
  'UNSENT_LINES',
  'LINE_ALREADY_SENT',
  'LINE_NOT_SENT',
  'AMOUNT_TOO_LOW',
  'TABLE_NOT_CLEARABLE',
  'TABLE_OCCUPIED',
  'DUPLICATE_ID',
  // goods and stock
  'INSUFFICIENT_STOCK',
  'ORDER_TOO_LARGE',
  'SPEC_REQUIRED',
  'IN_USE',
  // staff, sign-in and permissions
  'UNAUTHORIZED',
  'FORBIDDEN',
  'STAFF_DISABLED',
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
  'INVALID_RUC',
  'LAST_OWNER',
  'ROLE_LOCKED',
  // network doors (issue 7): host names, socket limits
  'HOST_REFUSED',
  'RATE_LIMITED',
  'TOO_MANY_CONNECTIONS',
  // durable jobs: the job is not in the status the command needs
  'JOB_NOT_PENDING',
  'JOB_NOT_STUCK',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** HTTP status for each code; anything not listed is a 400. */
export const ERROR_HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  NOT_FOUND: 404,
  PAYLOAD_TOO_LARGE: 413,
  PROTOCOL_MISMATCH: 426,
  STORAGE_UNAVAILABLE: 503,
  INTERNAL: 500,
  TABLE_NOT_FREE: 409,
  TABLE_OCCUPIED: 409,
  DUPLICATE_CODE: 409,
  DUPLICATE_ID: 409,
  ORDER_NOT_OPEN: 409,
  ORDER_PREBILLED: 409,
  ORDER_NOT_PREBILLED: 409,
  LINE_ALREADY_SENT: 409,
  LINE_NOT_SENT: 409,
  UNSENT_LINES: 409,
  NOTHING_TO_SEND: 409,
  TABLE_NOT_CLEARABLE: 409,
  PRODUCT_UNAVAILABLE: 409,
  INSUFFICIENT_STOCK: 409,
  ORDER_TOO_LARGE: 409,
  IN_USE: 409,
  COMMAND_EXPIRED: 410,
  UNAUTHORIZED: 401,
  WRONG_CREDENTIALS: 401,
  FORBIDDEN: 403,
  STAFF_DISABLED: 403,
  DEVICE_NOT_ENROLLED: 403,
  ORIGIN_REFUSED: 403,
  HUB_UNCLAIMED: 403,
  CLAIM_CODE_INVALID: 403,
  ALREADY_CLAIMED: 409,
  PIN_AMBIGUOUS: 409,
  LAST_OWNER: 409,
  ROLE_LOCKED: 409,
  TOO_MANY_ATTEMPTS: 429,
  HOST_REFUSED: 421,
  RATE_LIMITED: 429,
  TOO_MANY_CONNECTIONS: 429,
  JOB_NOT_PENDING: 409,
  JOB_NOT_STUCK: 409,
};

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_HTTP_STATUS[code] ?? 400;
}
