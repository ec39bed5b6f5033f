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
  COMMAND_EXPIRED: 410,
};

export function httpStatusOf(code: ErrorCode): number {
  return ERROR_HTTP_STATUS[code] ?? 400;
}
