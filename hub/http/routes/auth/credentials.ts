import Router from '@koa/router';
import type { AuthService } from '#hub/auth/auth-service.ts';
import { aliasesOf } from '#domain';
import { credentialsSchema } from '#protocol';
import { HttpError } from '../../http-error.ts';
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
    const { actor } = sessionOf(ctx);
    // Authorized before the body is read (issue 19 item 9); the service checks the target's role too.
    if (!aliasesOf(auth.engine.state, actor.staffId).has('staff')) throw new HttpError('FORBIDDEN', 'staff');
    const req = parseBody(credentialsSchema, await readJsonBody(ctx));
    valueOr(ctx, await auth.setCredentials(actor, ctx.params.staffId ?? '', req));
    ctx.body = { ok: true };
  });
  return router;
}
