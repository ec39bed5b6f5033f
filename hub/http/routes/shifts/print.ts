import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { z } from 'zod';
import { aliasesOf } from '#domain';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import { jobIdOf } from '#hub/domain/jobs/reactions.ts';
import { calendarDaySchema, httpStatusOf, idSchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { shiftsOfDay } from './shifts.ts';

/**
 * POST /api/shifts/:shiftId/print body: the day it closed (as GET /api/shifts lists it), optionally
 * the printer (else the first receipt printer) and the command id (a uuid the page mints once per
 * press, so a resend prints once; absent: the hub mints one).
 */
export const shiftPrintBodySchema = z.strictObject({ id: z.uuid().optional(), day: calendarDaySchema, printerId: idSchema.optional() });
export type ShiftPrintReply = { ok: true; seq: number; jobId: string };

/**
 * "Print again" of a closed shift's Z report (M006). The hub reads the shift
 * from its day file and hands it in the internal `shift.printReport`, so the
 * log says who printed it again and when; the job is made in the same record
 * and the print runner completes it with the shift's bills, as at the close.
 */
export function shiftPrintRoutes(engine: Engine): Router {
  const router = new Router();
  router.post('/api/shifts/:shiftId/print', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('M006')) throw new HttpError('FORBIDDEN', 'M006');
    const body = parseBody(shiftPrintBodySchema, await readJsonBody(ctx));
    const shift = (await shiftsOfDay(engine, body.day)).find((s) => s.id === ctx.params.shiftId);
    if (!shift) throw new HttpError('NOT_FOUND');
    const id = body.id ?? randomUUID();
    const payload = body.printerId === undefined ? { shift } : { shift, printerId: body.printerId };
    const reply = await engine.submit({ id, type: 'shift.printReport', payload, deviceId: actor.deviceId, at: new Date().toISOString() }, actor as Actor);
    if (!reply.ok) {
      ctx.status = httpStatusOf(reply.code);
      ctx.body = { ...reply, message: reply.message ?? '' };
      return;
    }
    const answer: ShiftPrintReply = { ok: true, seq: reply.seq, jobId: jobIdOf(id, 0) };
    ctx.body = answer;
  });
  return router;
}
