import type { Context } from 'koa';
import { HttpError } from '../http-error.ts';
import { readRawBody } from './raw-body.ts';

/** Commands are small; anything bigger than this is refused before it is read whole. */
export const MAX_JSON_BYTES = 256 * 1024;

/** Reads and parses a JSON request body, refusing oversized or malformed ones with a code. */
export async function readJsonBody(ctx: Context, limit = MAX_JSON_BYTES): Promise<unknown> {
  const bytes = await readRawBody(ctx, limit);
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    throw new HttpError('MALFORMED_JSON');
  }
}
