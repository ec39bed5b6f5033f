import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { aliasesOf } from '#domain';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import { jobIdOf } from '#hub/domain/jobs/reactions.ts';
import { httpStatusOf, type Bill, type FiscalDocument } from '#protocol';
import { documentBills } from '#hub/domain/payment/split-parts.ts';
import { storedDocument } from '#hub/einvoice/outbox/stored-document.ts';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { findBill } from './bills.ts';
import { reprintBodySchema, type ReprintReply } from './schema.ts';

/** The filed documents of a bill, or of each split part with its own document (none when the store is absent or holds none). */
async function filedDocuments(engine: Engine, bill: Bill, store: DocumentReader | undefined): Promise<FiscalDocument[]> {
  if (!store) return [];
  const parts = documentBills(bill, engine.state.fiscal?.bagProductIds ?? []);
  const found = await Promise.all(parts.map((part) => (part.fiscal ? storedDocument(store, part.fiscal, part.paidAt) : null)));
  return found.filter((d): d is FiscalDocument => d !== null);
}

/**
 * POST /api/bills/:billId/reprint {id?, day, printerId?} (`reprint`): a closed
 * bill's receipt printed again, marked REPRINT (a boleta or factura: its
 * printed representation with the QR). The hub reads the bill from the
 * archive and hands it in the internal `bill.reprint`, so the log says who
 * reprinted which bill and when; the print job is made in the same record
 * (hub/domain/printing/reactions.ts) and printed by the runner like any other.
 * Each boleta or factura rides as the document store filed it, so a reprint
 * after a change of regime or rate prints the figures SUNAT received.
 */
export function billReprintRoutes(engine: Engine, store?: DocumentReader): Router {
  const router = new Router();
  router.post('/api/bills/:billId/reprint', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('reprint')) throw new HttpError('FORBIDDEN', 'reprint');
    const body = parseBody(reprintBodySchema, await readJsonBody(ctx));
    const bill = await findBill(engine, ctx, body.day);
    const id = body.id ?? randomUUID();
    // Each boleta or factura as the document store filed it: the paper prints what SUNAT received, whatever today's settings.
    const documents = await filedDocuments(engine, bill, store);
    const payload = { bill, ...(body.printerId === undefined ? {} : { printerId: body.printerId }), ...(documents.length > 0 ? { documents } : {}) };
    const reply = await engine.submit({ id, type: 'bill.reprint', payload, deviceId: actor.deviceId, at: new Date().toISOString() }, actor as Actor);
    if (!reply.ok) {
      ctx.status = httpStatusOf(reply.code);
      ctx.body = { ...reply, message: reply.message ?? '' };
      return;
    }
    const answer: ReprintReply = { ok: true, seq: reply.seq, jobId: jobIdOf(id, 0) };
    ctx.body = answer;
  });
  return router;
}
