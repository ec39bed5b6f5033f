import type { Context } from 'koa';
import { HttpError } from '../http-error.ts';

/** Commands are small; anything bigger than this is refused before it is read whole. */
export const MAX_JSON_BYTES = 256 * 1024;

/** Reads and parses a JSON request body, refusing oversized or malformed ones with a code. */
export async function readJsonBody(ctx: Context, limit = MAX_JSON_BYTES): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw new HttpError('PAYLOAD_TOO_LARGE');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError('PAYLOAD_TOO_LARGE');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new HttpError('MALFORMED_JSON');
  }
}
