import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { aliasesOf } from '#domain';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import { jobIdOf } from '#hub/domain/jobs/reactions.ts';
import { httpStatusOf } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { findBill } from './bills.ts';
import { reprintBodySchema, type ReprintReply } from './schema.ts';

/**
 * POST /api/bills/:billId/reprint {id?, day, printerId?} (`reprint`): a closed
 * bill's receipt printed again, marked REPRINT (a boleta or factura: its
 * printed representation with the QR). The hub reads the bill from the
 * archive and hands it in the internal `bill.reprint`, so the log says who
 * reprinted which bill and when; the print job is made in the same record
 * (hub/domain/printing/reactions.ts) and printed by the runner like any other.
 */
export function billReprintRoutes(engine: Engine): Router {
  const router = new Router();
  router.post('/api/bills/:billId/reprint', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('reprint')) throw new HttpError('FORBIDDEN', 'reprint');
    const body = parseBody(reprintBodySchema, await readJsonBody(ctx));
    const bill = await findBill(engine, ctx, body.day);
    const id = body.id ?? randomUUID();
    const payload = body.printerId === undefined ? { bill } : { bill, printerId: body.printerId };
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
