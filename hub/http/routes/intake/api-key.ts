import type { Context } from 'koa';
import type { IntakeChannel, IntakeChannels } from '#hub/auth/intake-channels.ts';
import { HttpError } from '../../http-error.ts';

/**
 * The channel an intake request comes from: `Authorization: Bearer <key>`.
 * A missing, unknown or revoked key gets the same `401 UNAUTHORIZED`
 * (message `apiKey`), so a caller learns nothing about which keys existed.
 * Checking costs one sha256 and one map read: there is nothing to throttle
 * against guessing (a key is 256 random bits).
 */
export function channelOfRequest(ctx: Context, channels: IntakeChannels): IntakeChannel {
  const header = ctx.get('authorization');
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  const channel = m ? channels.channelOfKey(m[1]!) : null;
  if (!channel) {
    ctx.set('www-authenticate', 'Bearer realm="intake"');
    throw new HttpError('UNAUTHORIZED', 'apiKey');
  }
  return channel;
}

/** Only JSON bodies (`application/json`, any charset parameter): a form post from a page never reaches the parser. */
export function requireJson(ctx: Context): void {
  const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
  if (type !== 'application/json') throw new HttpError('INCORRECT_INPUT', 'content-type', 415);
}
