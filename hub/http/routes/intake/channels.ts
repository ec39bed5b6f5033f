import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import type { IntakeChannels } from '#hub/auth/intake-channels.ts';
import { aliasesOf } from '#domain';
import { isSafeId } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { noteSecretChange } from '../secrets/secret-settings.ts';
import { channelCreateSchema } from './schema.ts';

/** Who may connect a web shop: whoever keeps the restaurant's settings (owners and managers by preset). */
export const CHANNELS_GATE = 'settings';

/**
 * The owner's side of the intake API (behind the session): list the
 * channels, make one (its key answered once, here, never again), revoke one;
 * and the channels' names for the delivery list (M005), nothing else of them.
 * Every make and revoke is in the activity as the person who did it
 * (`security.noteSecretChange`, what `intakeKey`, the channel id as the field).
 */
export function intakeChannelRoutes(engine: Engine, channels: IntakeChannels, clock: () => Date, log: (line: string) => void): Router {
  const router = new Router({ prefix: '/api/intake/channels' });

  const gate = (ctx: Context) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has(CHANNELS_GATE)) throw new HttpError('FORBIDDEN', CHANNELS_GATE);
    return actor;
  };

  router.get('/', (ctx) => {
    gate(ctx);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, channels: channels.list() };
  });

  // The channels' names for whoever sees delivery orders (a takeout says `web:<id>`; the list shows the shop's name).
  router.get('/names', (ctx) => {
    const { actor } = sessionOf(ctx);
    const aliases = aliasesOf(engine.state, actor.staffId);
    if (!aliases.has('M005') && !aliases.has(CHANNELS_GATE)) throw new HttpError('FORBIDDEN', 'M005');
    ctx.body = { ok: true, names: Object.fromEntries(channels.list().map((c) => [c.id, c.name])) };
  });

  router.post('/', async (ctx) => {
    const actor = gate(ctx);
    const { name } = parseBody(channelCreateSchema, await readJsonBody(ctx, 4 * 1024));
    const now = clock();
    const made = await channels.create(name, actor.staffId, now);
    if (!made) throw new HttpError('INCORRECT_INPUT', 'tooManyChannels');
    await noteSecretChange(engine, actor, now, { what: 'intakeKey', change: 'saved', fields: `channel:${made.channel.id}` }, log);
    ctx.set('cache-control', 'no-store');
    ctx.status = 201;
    ctx.body = { ok: true, channel: made.channel, key: made.key };
  });

  router.delete('/:id', async (ctx) => {
    const actor = gate(ctx);
    const id = ctx.params.id ?? '';
    if (!isSafeId(id)) throw new HttpError('NOT_FOUND', 'channel');
    const now = clock();
    const revoked = await channels.revoke(id, actor.staffId, now);
    if (!revoked) throw new HttpError('NOT_FOUND', 'channel');
    // Revoking twice (two owners at once, a double tap) keeps the first time and notes it once.
    if (revoked.changed) await noteSecretChange(engine, actor, now, { what: 'intakeKey', change: 'removed', fields: `channel:${id}` }, log);
    ctx.body = { ok: true, channel: revoked.channel };
  });

  return router;
}
