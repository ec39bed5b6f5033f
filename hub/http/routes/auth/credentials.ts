import Router from '@koa/router';
import type { AuthService } from '#hub/auth/auth-service.ts';
import { credentialsSchema } from '#protocol';
import { readJsonBody } from '../../middleware/json-body.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { valueOr } from './refusal.ts';

/**
 * PUT /api/staff/:staffId/credentials: a new PIN and/or password for a staff
 * member. Secrets never travel as commands (those are logged and broadcast):
 * this route hands them to the auth service, which notes the change without them.
 */
export function credentialRoutes(auth: AuthService): Router {
  const router = new Router();
  router.put('/api/staff/:staffId/credentials', async (ctx) => {
    const req = parseBody(credentialsSchema, await readJsonBody(ctx));
    valueOr(ctx, await auth.setCredentials(sessionOf(ctx).actor, ctx.params.staffId ?? '', req));
    ctx.body = { ok: true };
  });
  return router;
}
