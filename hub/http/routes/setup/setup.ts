import Router from '@koa/router';
import type { AuthService } from '#hub/auth/auth-service.ts';
import type { ClaimCode } from '#hub/auth/claim.ts';
import { claimHub } from '#hub/auth/setup.ts';
import { isClaimed } from '#domain';
import type { SetupStatus } from '#protocol';
import { setupSchema } from '#protocol';
import { setSignInCookies } from '../../cookies.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { callerOf } from '../auth/auth.ts';
import { valueOr } from '../auth/refusal.ts';

/**
 * Claiming a new hub: GET /api/setup says whether it still waits for its
 * owner; POST /api/setup takes the claim code and the restaurant's and
 * owner's details, and answers like a sign-in (the owner is signed in).
 */
export function setupRoutes(auth: AuthService, claim: () => ClaimCode | null): Router {
  const router = new Router();
  router.get('/api/setup', (ctx) => {
    const body: SetupStatus = { ok: true, claimed: isClaimed(auth.engine.state) };
    ctx.body = body;
  });
  router.post('/api/setup', async (ctx) => {
    const req = parseBody(setupSchema, await readJsonBody(ctx));
    const signedIn = valueOr(ctx, await claimHub(auth, claim(), req, callerOf(ctx)));
    setSignInCookies(ctx, signedIn);
    ctx.body = signedIn.info;
  });
  return router;
}
