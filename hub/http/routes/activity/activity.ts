import Router from '@koa/router';
import type { AuthService } from '#hub/auth/auth-service.ts';
import { aliasesOf } from '#domain';
import type { ActivityPage } from '#protocol';
import { activityQuerySchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { dayRange, queryActivity } from './query.ts';

/**
 * GET /api/activity?staffId=&deviceId=&type=&from=YYYY-MM-DD&to=YYYY-MM-DD&limit=
 * Who did what, when, from which device: for those holding the staff alias
 * (owner and manager by default). `staffId=hub` asks for what the hub did itself.
 */
export function activityRoutes(auth: AuthService): Router {
  const router = new Router();
  router.get('/api/activity', async (ctx) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(auth.engine.state, actor.staffId).has('staff')) throw new HttpError('FORBIDDEN', 'staff');
    const q = parseBody(activityQuerySchema, { ...ctx.query });
    const days = dayRange(q, auth.engine.activity.dayAt(auth.clock().toISOString()));
    if (!days) throw new HttpError('INCORRECT_INPUT', 'from');
    const { entries, truncated } = await queryActivity(auth.engine, q, days);
    const body: ActivityPage = { ok: true, entries, devices: auth.devices.labels(), truncated };
    ctx.body = body;
  });
  return router;
}
