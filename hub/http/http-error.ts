import type { ErrorCode } from '#protocol';
import { httpStatusOf } from '#protocol';

/** An error a route throws on purpose; the error middleware turns it into `{ok:false, code}`. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message = '', status = httpStatusOf(code)) {
    super(message);
    this.code = code;
    this.status = status;
  }
}
