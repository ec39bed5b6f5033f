import Router from '@koa/router';
import type { Actor } from '#hub/engine/engine.ts';
import type { CommandIntake } from '#hub/engine/intake.ts';
import { httpStatusOf } from '#protocol';
import { readJsonBody } from '../../middleware/json-body.ts';

/**
 * POST /api/commands: the same command path the sockets use, for scripts and
 * tests. Answers `{ok:true, seq, result}` or `{ok:false, code, message}` with a 4xx.
 */
export function commandRoutes(intake: CommandIntake): Router {
  const router = new Router();
  router.post('/api/commands', async (ctx) => {
    const body = await readJsonBody(ctx);
    const reply = await intake(body, ctx.state.actor as Actor);
    ctx.status = reply.ok ? 200 : httpStatusOf(reply.code);
    ctx.body = reply.ok ? reply : { ...reply, message: reply.message ?? '' };
  });
  return router;
}
