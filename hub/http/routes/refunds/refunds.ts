import Router from '@koa/router';
import { aliasesOf, getOwn } from '#domain';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { Alias, Command, Refund, RefundPage } from '#protocol';
import { httpStatusOf, idSchema, refundQuerySchema } from '#protocol';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';
import { storedDocument } from '#hub/einvoice/outbox/stored-document.ts';
import { figuresOf } from '#hub/domain/einvoice/document-figures.ts';
import type { Context } from 'koa';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { findBill } from '../bills/bills.ts';
import { refundApplyBodySchema, refundPayOutBodySchema, type RefundReply } from './schema.ts';

/** Who reads refunds (the `refunds` slice's holders, hub/presenters/slices.ts). */
const READERS: readonly Alias[] = ['refund', 'payment', 'M005', 'M003'];
const DEFAULT_LIMIT = 50;

/**
 * Refunds (hub/domain/refunds/README.md):
 *
 * POST /api/refunds                      {id, billId, day, request}: a guest's application (`refund`)
 * POST /api/refunds/:refundId/payout     {id, method, operationNo}: the money goes back, as the bill's correction (`refund`)
 * GET  /api/refunds?day=&offset=&limit=  the open ones (no day), or those that ended that Lima day, newest first
 *
 * Accepting, rejecting and finishing are ordinary commands (the socket). Applying and paying out
 * need the closed bill, which the hub reads from its archive (never from a device) and hands to
 * the rules in an internal command, as the bills route does for `bill.correct`.
 */
export function refundRoutes(engine: Engine, documents?: DocumentReader): Router {
  const router = new Router();

  router.post('/api/refunds', async (ctx) => {
    const actor = refunder(engine, ctx);
    const body = parseBody(refundApplyBodySchema, await readJsonBody(ctx));
    ctx.params.billId = body.billId;
    const bill = await findBill(engine, ctx, body.day);
    const payload = { refundId: body.id, bill, billDay: body.day, request: body.request };
    await answer(engine, ctx, actor, { id: body.id, type: 'refund.apply', payload, deviceId: actor.deviceId, at: new Date().toISOString() }, body.id);
  });

  router.post('/api/refunds/:refundId/payout', async (ctx) => {
    const actor = refunder(engine, ctx);
    const body = parseBody(refundPayOutBodySchema, await readJsonBody(ctx));
    const id = idSchema.safeParse(ctx.params.refundId);
    const refund = id.success ? getOwn(engine.state.refunds, id.data) : undefined;
    if (!refund) throw new HttpError('REFUND_NOT_FOUND', 'refundId');
    ctx.params.billId = refund.billId;
    const bill = await findBill(engine, ctx, refund.billDay);
    // The original document as SUNAT received it: the credit note reverses its figures at its rates (as bills.ts does).
    const stored = bill.fiscal && documents ? await storedDocument(documents, bill.fiscal, bill.paidAt) : null;
    const payload = { refundId: refund.id, bill, method: body.method, operationNo: body.operationNo, ...(stored ? { original: figuresOf(stored) } : {}) };
    await answer(engine, ctx, actor, { id: body.id, type: 'refund.payOut', payload, deviceId: actor.deviceId, at: new Date().toISOString() }, refund.id);
  });

  router.get('/api/refunds', async (ctx) => {
    const { actor } = sessionOf(ctx);
    const mine = aliasesOf(engine.state, actor.staffId);
    if (!READERS.some((a) => mine.has(a))) throw new HttpError('FORBIDDEN', 'refund');
    const q = parseBody(refundQuerySchema, { ...ctx.query });
    const all = q.day === undefined ? liveRefunds(engine) : await endedOn(engine, q.day);
    const offset = q.offset ?? 0;
    const limit = q.limit ?? DEFAULT_LIMIT;
    const body: RefundPage = { ok: true, day: q.day ?? null, refunds: all.slice(offset, offset + limit), more: all.length > offset + limit };
    ctx.body = body;
  });

  return router;
}

/** The signed-in sender, who must hold `refund`. */
function refunder(engine: Engine, ctx: Context): Actor {
  const { actor } = sessionOf(ctx);
  if (!aliasesOf(engine.state, actor.staffId).has('refund')) throw new HttpError('FORBIDDEN', 'refund');
  return actor as Actor;
}

/** Submits the internal command; answers its refusal, or the refund after it (live, or null once it left). */
async function answer(engine: Engine, ctx: Context, actor: Actor, command: Command, refundId: string): Promise<void> {
  const reply = await engine.submit(command, actor);
  if (!reply.ok) {
    ctx.status = httpStatusOf(reply.code);
    ctx.body = { ...reply, message: reply.message ?? '' };
    return;
  }
  const body: RefundReply = { ok: true, seq: reply.seq, result: reply.result, refund: getOwn(engine.state.refunds, refundId) ?? null };
  ctx.body = body;
}

/** The open refunds, newest first (an HTTP read: open refunds are a handful). */
function liveRefunds(engine: Engine): Refund[] {
  return Object.values(engine.state.refunds).sort((a, b) => b.appliedAt.localeCompare(a.appliedAt) || b.code.localeCompare(a.code));
}

/** Refunds that ended on a Lima day, newest first: the day file, then the tail in memory (which wins from its first seq). */
async function endedOn(engine: Engine, day: string): Promise<Refund[]> {
  const recent = engine.recentFiledRefunds();
  const firstInMemory = recent[0]?.seq ?? Infinity;
  const byId = new Map<string, Refund>();
  for (const e of await engine.refundDays.readDay(day)) if (e.seq < firstInMemory) byId.set(e.refund.id, e.refund);
  for (const e of recent) if (engine.refundDays.dayOf(e) === day) byId.set(e.refund.id, e.refund);
  return [...byId.values()].sort((a, b) => endedAt(b).localeCompare(endedAt(a)));
}

const endedAt = (r: Refund): string => r.finishedAt ?? r.decidedAt ?? r.appliedAt;
