import Router from '@koa/router';
import type { Context } from 'koa';
import { aliasesOf, getOwn } from '#domain';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { Alias, Bill } from '#protocol';
import { fiscalKey, httpStatusOf, idSchema } from '#protocol';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';
import { storedDocument } from '#hub/einvoice/outbox/stored-document.ts';
import { figuresOf } from '#hub/domain/einvoice/document-figures.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { billQuerySchema, correctionBodySchema, type BillReply, type CorrectionReply } from './schema.ts';

/** Who may read a closed bill and its corrections: those who see the corrections in the live state (presenters/slices.ts). */
const READERS: readonly Alias[] = ['refund', 'M003', 'settings'];

/**
 * Closed bills after settlement (hub/domain/bills/README.md):
 *
 * GET  /api/bills/:billId?day=YYYY-MM-DD        the bill, its corrections and its e-invoice's status (`refund`, `M003` or `settings`)
 * POST /api/bills/:billId/corrections          {id, day, request}: a void or a refund (`refund`)
 *
 * The bill is read by the hub (the engine's bills not yet filed, then the
 * archive's day file), never taken from the device, and handed to the rules
 * in the internal `bill.correct`; the route is that command's gate, so it
 * submits to the engine directly (the door refuses internal commands).
 */
export function billRoutes(engine: Engine, documents?: DocumentReader): Router {
  const router = new Router();

  router.get('/api/bills/:billId', async (ctx) => {
    const { actor } = sessionOf(ctx);
    const mine = aliasesOf(engine.state, actor.staffId);
    if (!READERS.some((a) => mine.has(a))) throw new HttpError('FORBIDDEN', 'refund');
    const { day } = parseBody(billQuerySchema, { ...ctx.query });
    const bill = await findBill(engine, ctx, day);
    // A numbered boleta or factura: its e-invoice as the document store knows it (status, SUNAT's answer).
    const document = bill.fiscal && documents ? await documents.meta(day, fiscalKey(bill.fiscal)) : null;
    const body: BillReply = { ok: true, bill, corrections: correctionsOf(engine, bill.id), document };
    ctx.body = body;
  });

  router.post('/api/bills/:billId/corrections', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('refund')) throw new HttpError('FORBIDDEN', 'refund');
    const body = parseBody(correctionBodySchema, await readJsonBody(ctx));
    const bill = await findBill(engine, ctx, body.day);
    const at = new Date().toISOString();
    // The original document as SUNAT received it: the credit note reverses its figures at its rates (issue 19 item 5).
    const stored = bill.fiscal && documents ? await storedDocument(documents, bill.fiscal, bill.paidAt) : null;
    const payload = { bill, request: body.request, ...(stored ? { original: figuresOf(stored) } : {}) };
    const reply = await engine.submit({ id: body.id, type: 'bill.correct', payload, deviceId: actor.deviceId, at }, actor as Actor);
    if (!reply.ok) {
      ctx.status = httpStatusOf(reply.code);
      ctx.body = { ...reply, message: reply.message ?? '' };
      return;
    }
    const answer: CorrectionReply = { ok: true, seq: reply.seq, result: reply.result, corrections: correctionsOf(engine, bill.id) };
    ctx.body = answer;
  });

  return router;
}

/** The closed bill the path names on that day, or 404 BILL_NOT_FOUND (an id no bill could have, `__proto__` included). */
export async function findBill(engine: Engine, ctx: Context, day: string): Promise<Bill> {
  const id = idSchema.safeParse(ctx.params.billId);
  const bill = id.success ? await engine.closedBill(id.data, day) : undefined;
  if (!bill) throw new HttpError('BILL_NOT_FOUND', 'billId');
  return bill;
}

function correctionsOf(engine: Engine, billId: string) {
  return getOwn(engine.state.billCorrections, billId) ?? { voided: false, corrections: [] };
}
