import Router from '@koa/router';
import { licenceEntrySchema, type LicenceStatus } from '#protocol';
import { aliasesOf } from '#domain';
import type { Engine } from '#hub/engine/engine.ts';
import type { LicenceService } from '#hub/licence/service.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { readJsonBody } from '../../middleware/json-body.ts';
import { parseBody } from '../../validate.ts';

/** What the routes use of the licence (hub/licence/service.ts). */
export type LicenceRouteDeps = Pick<LicenceService, 'status' | 'enter'>;

/**
 * The licence (issue 23, hub/licence/README.md):
 *
 * GET  /api/licence   where the box stands (state, plan, last paid day, days left, the store id a code is
 *                     signed for); every signed-in device: the fee notice and the expired banner read it
 * POST /api/licence   {code}: a code typed or scanned by the owner (gate `settings`: owners and managers);
 *                     LICENCE_INVALID / LICENCE_OTHER_HUB / LICENCE_OLDER change nothing
 *
 * Never gated by the licence itself: an expired box must be able to take the code that pays it.
 */
export function licenceRoutes(engine: Engine, licence: LicenceRouteDeps): Router {
  const router = new Router();

  router.get('/api/licence', (ctx) => {
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, licence: licence.status() } satisfies { ok: true; licence: LicenceStatus };
  });

  router.post('/api/licence', async (ctx) => {
    if (!aliasesOf(engine.state, sessionOf(ctx).actor.staffId).has('settings')) throw new HttpError('FORBIDDEN', 'settings');
    const { code } = parseBody(licenceEntrySchema, await readJsonBody(ctx));
    const result = await licence.enter(code);
    if (!result.ok) throw new HttpError(result.code);
    ctx.body = { ok: true, licence: result.status } satisfies { ok: true; licence: LicenceStatus };
  });

  return router;
}
