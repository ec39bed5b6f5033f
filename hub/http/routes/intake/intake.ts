import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import type { IntakeChannel, IntakeChannels } from '#hub/auth/intake-channels.ts';
import { subtotalCents } from '#domain';
import { idSchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { channelOfRequest, requireJson } from './api-key.ts';
import { ChannelRate } from './channel-rate.ts';
import { parseIntakeOrder, readExternalId } from './parse.ts';
import { publicMenu } from './public-menu.ts';
import type { ReceivedOrders } from './received-orders.ts';
import { recordIntake, type IntakeAnswer } from './record.ts';

/** An order is a few dishes and an address: 32 KB is ten times the largest honest one. */
export const MAX_INTAKE_BYTES = 32 * 1024;

/** What the intake API needs from the hub (wired in server.ts). */
export type IntakeApiDeps = {
  engine: Engine;
  channels: IntakeChannels;
  received: ReceivedOrders;
  clock: () => Date;
  /** The per-channel pace; tests pass a tighter one. */
  rate?: ChannelRate;
};

/**
 * The intake API (issue 21), for a web shop or an aggregator's server, not a
 * person: mounted before the session door (a key, not a cookie, says who
 * calls), after the Host and Origin doors and the claim. Each request:
 * key → the channel's pace → JSON only, 32 KB at most → the order id → a
 * replay gets its first answer → the order's shape → the lines against the
 * menu → `takeout.intake`, recorded by the hub as the channel.
 */
export function intakeOrderRoutes(deps: IntakeApiDeps): Router {
  const router = new Router({ prefix: '/api/intake' });
  const rate = deps.rate ?? new ChannelRate(deps.clock);
  /** Requests of one (channel, order id) being recorded: a concurrent replay waits for the first one's answer. */
  const inFlight = new Map<string, Promise<IntakeAnswer>>();

  const admit = (ctx: Context): IntakeChannel => {
    const channel = channelOfRequest(ctx, deps.channels);
    const wait = rate.take(channel.id);
    if (wait > 0) {
      ctx.set('retry-after', String(wait));
      throw new HttpError('RATE_LIMITED', String(wait));
    }
    ctx.set('cache-control', 'no-store');
    return channel;
  };

  router.post('/orders', async (ctx) => {
    const channel = admit(ctx);
    requireJson(ctx);
    const body = await readJsonBody(ctx, MAX_INTAKE_BYTES);
    const externalId = readExternalId(body);
    const key = `${channel.id}\n${externalId}`;
    const earlier = deps.received.find(channel.id, externalId);
    let answer: IntakeAnswer;
    if (earlier) answer = { duplicate: true, received: earlier };
    else {
      const running = inFlight.get(key);
      if (running) answer = { ...(await running), duplicate: true };
      else {
        const order = parseIntakeOrder(body);
        const run = recordIntake(deps, channel, order);
        inFlight.set(key, run);
        try {
          answer = await run;
        } finally {
          inFlight.delete(key);
        }
      }
    }
    ctx.status = answer.duplicate ? 200 : 201;
    ctx.body = { ok: true, duplicate: answer.duplicate, takeout: describe(deps.engine, answer) };
  });

  // Where a channel's order stands (the shop shows its guest "accepted", "on the way"): only its own orders.
  router.get('/orders/:externalId', (ctx) => {
    const channel = admit(ctx);
    const id = idSchema.safeParse(ctx.params.externalId);
    if (!id.success) throw new HttpError('INCORRECT_INPUT', 'externalId');
    const received = deps.received.find(channel.id, id.data);
    if (!received) throw new HttpError('NOT_FOUND', 'externalId');
    ctx.body = { ok: true, takeout: describe(deps.engine, { duplicate: true, received }) };
  });

  router.get('/menu', (ctx) => {
    admit(ctx);
    ctx.body = { ok: true, ...publicMenu(deps.engine.state) };
  });

  return router;
}

/** What the channel hears of its order: the hub's numbers, where it stands, and the hub's prices. */
function describe(engine: Engine, answer: IntakeAnswer) {
  const r = answer.received;
  const live = Object.hasOwn(engine.state.takeouts, r.takeoutId) ? engine.state.takeouts[r.takeoutId] : undefined;
  const order = Object.hasOwn(engine.state.orders, r.orderId) ? engine.state.orders[r.orderId] : undefined;
  return {
    id: r.takeoutId,
    externalId: r.externalId,
    code: live?.code ?? r.code,
    pickupCode: live?.pickupCode ?? r.pickupCode,
    status: live?.status ?? null,
    receivedAt: r.at,
    ...(order
      ? {
          lines: order.lines.map((l) => ({ productId: l.productId, specId: l.specId, name: l.names.es, qty: l.qty, unitPriceCents: l.unitPriceCents })),
          totalCents: subtotalCents(order),
        }
      : {}),
  };
}
