import Router from '@koa/router';
import type { Engine } from '#hub/engine/engine.ts';
import type { OutboxStatus } from '#hub/einvoice/outbox/types.ts';
import { aliasesOf } from '#domain';
import type { BuyerReply } from '#protocol';
import { isValidRuc } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';

/** What the routes read: the outbox's status (hub/einvoice/outbox/status.ts), computed on the hub, and the buyer directory. */
export type OutboxRouteDeps = { status(): Promise<OutboxStatus>; buyer(ruc: string): string | null };

/** The answer of GET /api/einvoice/outbox. */
export type OutboxReply = { ok: true; outbox: OutboxStatus };

/**
 * GET /api/einvoice/outbox (gate `settings`: owners and managers): how
 * sending stands (SUNAT reachable, last contact), the documents waiting and
 * their earliest deadline, how many are overdue or due within two days,
 * whether the certificate and the SOL user are there, and how many SUNAT
 * rejected or asks to fix. The e-invoicing banner polls it.
 */
export function outboxRoutes(engine: Engine, deps: OutboxRouteDeps): Router {
  const router = new Router();
  router.get('/api/einvoice/outbox', async (ctx) => {
    if (!aliasesOf(engine.state, sessionOf(ctx).actor.staffId).has('settings')) throw new HttpError('FORBIDDEN', 'settings');
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, outbox: await deps.status() } satisfies OutboxReply;
  });

  /**
   * GET /api/einvoice/buyers/:ruc (gate `payment`: whoever settles bills): the legal name last
   * invoiced to a RUC (hub/einvoice/buyers). Only a valid RUC is looked up; anything else is
   * INCORRECT_INPUT, so a path like `__proto__` never reaches the directory.
   */
  router.get('/api/einvoice/buyers/:ruc', (ctx) => {
    if (!aliasesOf(engine.state, sessionOf(ctx).actor.staffId).has('payment')) throw new HttpError('FORBIDDEN', 'payment');
    const ruc = ctx.params.ruc ?? '';
    if (!isValidRuc(ruc)) throw new HttpError('INVALID_RUC', 'ruc');
    const name = deps.buyer(ruc);
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, buyer: name === null ? null : { ruc, name } } satisfies BuyerReply;
  });
  return router;
}
