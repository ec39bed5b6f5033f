import Router from '@koa/router';
import type { AuthService } from '#hub/auth/auth-service.ts';
import type { ClaimCode } from '#hub/auth/claim.ts';
import { claimHub } from '#hub/auth/setup.ts';
import { isClaimed } from '#domain';
import type { Outcome } from '#hub/auth/auth-service.ts';
import type { SetupPrinterSearch, SetupStatus } from '#protocol';
import { setupSchema } from '#protocol';
import { setSignInCookies } from '../../cookies.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';
import { callerOf } from '../auth/auth.ts';
import { valueOr } from '../auth/refusal.ts';

/** The setup page's "find a printer" (hub/auth/setup-printer-search.ts). */
export type PrinterSearch = () => Promise<Outcome<SetupPrinterSearch>>;

/**
 * Claiming a new hub: GET /api/setup says whether it still waits for its
 * owner; POST /api/setup takes the claim code and the restaurant's and
 * owner's details, and answers like a sign-in (the owner is signed in);
 * POST /api/setup/printer-search looks for a network printer and prints the
 * setup slip with the claim code on it (never to the asker).
 */
export function setupRoutes(auth: AuthService, claim: () => ClaimCode | null, printerSearch?: PrinterSearch): Router {
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
  if (printerSearch) {
    router.post('/api/setup/printer-search', async (ctx) => {
      const body: SetupPrinterSearch = valueOr(ctx, await printerSearch());
      ctx.body = body;
    });
  }
  return router;
}
