import Router from '@koa/router';
import type { AuthService } from '#hub/auth/auth-service.ts';
import { approversOf, requestApproval } from '#hub/auth/approval.ts';
import type { ApproversPage } from '#protocol';
import { approvalRequestSchema } from '#protocol';
import { readJsonBody } from '../../middleware/json-body.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { valueOr } from '../auth/refusal.ts';

/**
 * Manager approval on the same device (issue 9; hub/auth/approval.ts):
 * GET /api/approval/approvers?type= lists who may approve that command for
 * the person signed in here; POST /api/approval ({staffId, pin, commandId,
 * type}) checks the manager's PIN, throttled like a sign-in, and answers a
 * token good for that one command for two minutes. The session stays the
 * asker's: the manager is not signed in.
 */
export function approvalRoutes(auth: AuthService): Router {
  const router = new Router();
  router.get('/api/approval/approvers', (ctx) => {
    const type = typeof ctx.query.type === 'string' ? ctx.query.type : '';
    const body: ApproversPage = { ok: true, approvers: approversOf(auth, sessionOf(ctx).actor, type) };
    ctx.body = body;
  });
  router.post('/api/approval', async (ctx) => {
    const req = parseBody(approvalRequestSchema, await readJsonBody(ctx));
    ctx.body = valueOr(ctx, await requestApproval(auth, sessionOf(ctx).actor, req));
  });
  return router;
}
