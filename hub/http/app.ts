import Koa from 'koa';
import type { UpdateRouteDeps } from './routes/update/update.ts';
import type { ReportService } from '#hub/reports/report-service.ts';
import type { AuthService } from '#hub/auth/auth-service.ts';
import type { ClaimCode } from '#hub/auth/claim.ts';
import type { Engine } from '#hub/engine/engine.ts';
import type { HostCheck } from '#hub/net/host-names.ts';
import type { CommandIntake } from '#hub/engine/intake.ts';
import type { AssetSource } from './assets.ts';
import type { PrinterRoutesDeps } from './routes/printers/printers.ts';
import type { EinvoiceRoutesDeps } from './routes/einvoice/einvoice.ts';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';
import type { OutboxRouteDeps } from './routes/einvoice/outbox.ts';
import type { ExportsRouteDeps } from './routes/exports/exports.ts';
import type { LicenceRouteDeps } from './routes/licence/licence.ts';
import type { BackupRouteDeps } from './routes/backups/backups.ts';
import type { IntakeApiDeps } from './routes/intake/intake.ts';
import { HttpError } from './http-error.ts';
import { actorMiddleware } from './middleware/actor.ts';
import { claimedMiddleware } from './middleware/claimed.ts';
import { errorMiddleware } from './middleware/errors.ts';
import { hostMiddleware } from './middleware/host.ts';
import { originMiddleware } from './middleware/origin.ts';
import { staticMiddleware } from './middleware/static.ts';
import { signInRoutes } from './routes/auth/auth.ts';
import { healthRoutes } from './routes/health/health.ts';
import { intakeOrderRoutes } from './routes/intake/intake.ts';
import { sessionRouters } from './routes/index.ts';
import { setupRoutes, type PrinterSearch } from './routes/setup/setup.ts';
import { restoreRoutes, type RestoreRouteDeps } from './routes/setup/restore.ts';

export type HttpDeps = {
  engine: Engine;
  intake: CommandIntake;
  auth: AuthService;
  /** The claim code of this start while the hub is unclaimed (null once claimed). */
  claim: () => ClaimCode | null;
  /** The setup page's "find a printer" (hub/auth/setup-printer-search.ts); absent: the route answers 404. */
  printerSearch?: PrinterSearch;
  assets: AssetSource;
  version: string;
  log: (msg: string) => void;
  /** Whether a Host header names this hub (hub/net/host-names.ts): the DNS-rebinding door. */
  isOwnHost: HostCheck;
  /** The printers' on-demand reads (history, a virtual printer's paper, USB devices present). */
  printers?: PrinterRoutesDeps;
  /** The e-invoicing secrets' folder (the certificate, the SOL password) and the clock that checks validity. */
  einvoice?: EinvoiceRoutesDeps;
  /** The e-invoice documents kept on disk (hub/einvoice/outbox/document-store.ts): the documents page's list and downloads. */
  documents?: DocumentReader;
  /** How sending to SUNAT stands (hub/einvoice/outbox): the e-invoicing banner's poll. */
  outbox?: OutboxRouteDeps;
  /** The order report's figures, per business day cached (hub/reports). */
  reports?: ReportService;
  /** The nightly export's folders, deliveries and USB sticks (hub/exports): the exports page. */
  exports?: ExportsRouteDeps;
  /** Encrypted backups (hub/backup): the backup page's list and passphrase. */
  backups?: BackupRouteDeps;
  /** The intake API (issue 21): web shops' channels and their keys, the orders already received; absent: no intake routes. */
  intakeApi?: IntakeApiDeps;
  /** A new binary for the box (hub/update): the owner's upload, staged for the root updater; absent: no update routes. */
  updates?: UpdateRouteDeps;
  /** The box's licence (hub/licence): the fee notice's read and the owner's code entry; absent: no licence routes. */
  licence?: LicenceRouteDeps;
  /** "Restore from a backup" on an unclaimed hub (hub/backup/handover.ts); absent: no restore routes. */
  restore?: RestoreRouteDeps;
};

/**
 * The hub's Koa app: errors -> Host check (before everything, static files
 * too) -> Origin check -> health and setup (open) ->
 * nothing else until claimed -> the intake API (a channel's key) -> sign-in (open) -> session (every other API
 * route) -> API routes -> client files (open: the sign-in page is one).
 */
export function createHttpApp(deps: HttpDeps): Koa {
  const app = new Koa();
  app.use(errorMiddleware(deps.log));
  app.use(async (ctx, next) => {
    ctx.set('x-content-type-options', 'nosniff');
    ctx.set('referrer-policy', 'same-origin');
    await next();
  });
  app.use(hostMiddleware(deps.isOwnHost));
  app.use(originMiddleware());
  app.use(healthRoutes(deps.engine, deps.version).routes());
  const setup = setupRoutes(deps.auth, deps.claim, deps.printerSearch);
  app.use(setup.routes());
  app.use(setup.allowedMethods());
  if (deps.restore) app.use(restoreRoutes(deps.auth, deps.claim, deps.restore).routes());
  app.use(claimedMiddleware(deps.engine));
  // The intake API: a web shop's server with its channel key, not a person with a session (routes/intake).
  if (deps.intakeApi) app.use(intakeOrderRoutes(deps.intakeApi).routes());
  const signIn = signInRoutes(deps.auth);
  app.use(signIn.routes());
  app.use(signIn.allowedMethods());
  app.use(actorMiddleware(deps.auth));
  for (const router of sessionRouters(deps)) {
    app.use(router.routes());
    app.use(router.allowedMethods());
  }
  app.use(async (ctx, next) => {
    if (ctx.path.startsWith('/api/')) throw new HttpError('NOT_FOUND', ctx.path);
    await next();
  });
  app.use(staticMiddleware(deps.assets));
  return app;
}
