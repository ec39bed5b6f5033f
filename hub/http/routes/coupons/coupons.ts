import Router from '@koa/router';
import type { Context } from 'koa';
import { aliasesOf, getOwn } from '#domain';
import { couponDay } from '#hub/domain/coupons/usable.ts';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { Alias, Command, CouponBatch, CouponStatus, State } from '#protocol';
import { bucketGet, couponKeySchema, couponStatus, httpStatusOf, memberById } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { ChannelRate } from '../intake/channel-rate.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { newCouponKeys } from './codes.ts';
import { couponQuerySchema, issueBatchBodySchema, type IssueBatchBody } from './schema.ts';
import { CouponIndex, type CouponHit } from './search-index.ts';

/** A batch's form is a few short fields: 4 KB is ten times an honest one. */
const MAX_BATCH_BODY_BYTES = 4 * 1024;
const DEFAULT_LIMIT = 50;
/**
 * Reads per session (device and person): a burst of 120, then 20 a second. An owner typing a
 * search or a till scanning codes stays far below; a script guessing codes through
 * GET /api/coupons/:code is slowed to 20 guesses a second (a guess hits one of 50,000 codes
 * about once in 17 million tries).
 */
const READ_BURST = 120;
const READS_PER_MINUTE = 1_200;

/** A batch as the pages list it: its fields and how many of its coupons are used, unused, expired today. */
export type BatchRow = CouponBatch & { used: number; unused: number; expired: number };

/** The counts of a batch on a Lima business day, from the batch alone (its redeemed count), never from its coupons. */
export function batchRow(batch: CouponBatch, day: string): BatchRow {
  const left = batch.quantity - batch.redeemed;
  const over = batch.voided || day > batch.expiresOn;
  return { ...batch, used: batch.redeemed, unused: over ? 0 : left, expired: over ? left : 0 };
}

/**
 * A coupon as a route answers it. `full` (M004): who it was gifted to, phone included; else what a till needs.
 * The phone is the member's, looked up by key (the coupon keeps only the number, as the ledger does): once that
 * member's personal data is erased on request it is never answered again. A coupon gifted by an older hub may
 * still hold a phone; it is answered only while the member still has it.
 */
function couponView(state: State, hit: CouponHit, full: boolean): Record<string, unknown> {
  const { coupon, batch, status } = hit;
  const base = { code: coupon.code, batchId: batch.id, name: batch.name, deductionCents: batch.deductionCents, category: batch.category, expiresOn: batch.expiresOn, status };
  if (!full) return base;
  const member = coupon.memberId === null ? undefined : memberById(state, coupon.memberId);
  const recipientPhone = member && member.erasedAt === null ? member.phone : '';
  return { ...base, memberId: coupon.memberId, recipientNo: coupon.recipientNo, recipientPhone, giftedAt: coupon.giftedAt, heldBy: coupon.heldBy, usedAt: coupon.usedAt, usedBillId: coupon.usedBillId, usedDay: coupon.usedDay };
}

/** The signed-in sender and their aliases; FORBIDDEN unless they hold one of `need`. */
function holder(engine: Engine, ctx: Context, need: readonly Alias[], pace?: ChannelRate): { actor: Actor; aliases: ReadonlySet<Alias> } {
  const { actor } = sessionOf(ctx);
  const aliases = aliasesOf(engine.state, actor.staffId);
  if (!need.some((a) => aliases.has(a))) throw new HttpError('FORBIDDEN', need[0] ?? '');
  ctx.set('cache-control', 'no-store');
  const wait = pace?.take(`${actor.deviceId}\n${actor.staffId ?? ''}`) ?? 0;
  if (wait > 0) {
    ctx.set('retry-after', String(wait));
    throw new HttpError('RATE_LIMITED', String(wait));
  }
  return { actor: actor as Actor, aliases };
}

/** The day coupons are judged on now (the restaurant's business day in Lima). */
const today = (state: State): string => couponDay(state, new Date().toISOString());

/**
 * Coupons (hub/domain/coupons/README.md), all on demand (the slices are the hub's alone):
 *
 * POST /api/coupons/batches           {batchId, prefix, name, deductionCents, category, expiresOn, quantity} [M004]:
 *                                     the codes are made here with node:crypto and recorded as `coupon.issueBatch`
 * GET  /api/coupons/batches           every batch, newest first, with used / unused / expired counts [M004]
 * GET  /api/coupons?q=&status=&batchId=&memberId=&offset=&limit=   the search, newest first, paged [M004]
 * GET  /api/coupons/:code             one coupon however typed [M004, or payment: without who it was given to]
 *
 * Gifting, voiding and printing are ordinary commands (the socket).
 */
export function couponRoutes(engine: Engine): Router {
  const router = new Router();
  const index = new CouponIndex(engine.state);
  engine.onChange(index.onChange);
  /** Batches being recorded: a retry of the same batch id waits for the first one's answer. */
  const inFlight = new Map<string, Promise<void>>();
  const pace = new ChannelRate(() => new Date(), READ_BURST, READS_PER_MINUTE);

  router.post('/api/coupons/batches', async (ctx) => {
    const { actor } = holder(engine, ctx, ['M004']);
    const body = parseBody(issueBatchBodySchema, await readJsonBody(ctx, MAX_BATCH_BODY_BYTES));
    const running = inFlight.get(body.batchId);
    if (running) await running.catch(() => undefined);
    const earlier = getOwn(engine.state.couponBatches, body.batchId);
    if (earlier) {
      // A retry after a lost answer: the batch as recorded, never a second set of codes.
      ctx.body = { ok: true, batch: batchRow(earlier, today(engine.state)) };
      return;
    }
    const run = issue(engine, ctx, actor, body);
    inFlight.set(body.batchId, run);
    try {
      await run;
    } finally {
      inFlight.delete(body.batchId);
    }
  });

  router.get('/api/coupons/batches', (ctx) => {
    holder(engine, ctx, ['M004']);
    const day = today(engine.state);
    // A few hundred batches over years: listing them is an HTTP read, not the command path.
    const batches = Object.values(engine.state.couponBatches).sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || a.id.localeCompare(b.id));
    ctx.body = { ok: true, batches: batches.map((b) => batchRow(b, day)) };
  });

  router.get('/api/coupons', (ctx) => {
    holder(engine, ctx, ['M004'], pace);
    const q = parseBody(couponQuerySchema, { ...ctx.query });
    const found = index.search(engine.state, { q: q.q ?? '', status: q.status, batchId: q.batchId, memberId: q.memberId, day: today(engine.state), offset: q.offset ?? 0, limit: q.limit ?? DEFAULT_LIMIT });
    ctx.body = { ok: true, coupons: found.hits.map((h) => couponView(engine.state, h, true)), more: found.more };
  });

  router.get('/api/coupons/:code', (ctx) => {
    const { aliases } = holder(engine, ctx, ['M004', 'payment'], pace);
    const code = couponKeySchema.safeParse(ctx.params.code);
    const coupon = code.success ? bucketGet(engine.state.coupons, code.data) : undefined;
    const batch = coupon ? getOwn(engine.state.couponBatches, coupon.batchId) : undefined;
    if (!coupon || !batch) throw new HttpError('COUPON_NOT_FOUND', 'code');
    const status: CouponStatus = couponStatus(coupon, batch, today(engine.state));
    ctx.body = { ok: true, coupon: couponView(engine.state, { coupon, batch, status }, aliases.has('M004')) };
  });

  return router;
}

/** Makes the batch's codes and records them; answers the batch, or the rules' refusal. */
async function issue(engine: Engine, ctx: Context, actor: Actor, body: IssueBatchBody): Promise<void> {
  const { batchId, ...fields } = body;
  const codes = newCouponKeys(body.prefix, body.quantity, (key) => bucketGet(engine.state.coupons, key) !== undefined);
  const command = {
    // The batch id is the command id: the engine answers a replay of it once, never records it twice.
    id: batchId,
    type: 'coupon.issueBatch',
    payload: { batch: { batchId, ...fields }, codes },
    deviceId: actor.deviceId,
    at: new Date().toISOString(),
  } satisfies Command<'coupon.issueBatch'>;
  const reply = await engine.submit(command, actor);
  const batch = getOwn(engine.state.couponBatches, batchId);
  if (!reply.ok || !batch) {
    const code = reply.ok ? 'INTERNAL' : reply.code;
    ctx.status = httpStatusOf(code);
    ctx.body = { ok: false, code, message: reply.ok ? '' : (reply.message ?? '') };
    return;
  }
  ctx.status = 201;
  ctx.body = { ok: true, batch: batchRow(batch, today(engine.state)) };
}
