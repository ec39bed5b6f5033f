import Koa from 'koa';
import type { Engine } from '../engine/engine.ts';
import type { CommandIntake } from '../sync/intake.ts';
import type { AssetSource } from './assets.ts';
import { HttpError } from './http-error.ts';
import { actorMiddleware } from './middleware/actor.ts';
import { errorMiddleware } from './middleware/errors.ts';
import { staticMiddleware } from './middleware/static.ts';
import { commandRoutes } from './routes/commands/commands.ts';
import { healthRoutes } from './routes/health/health.ts';
import { stateRoutes } from './routes/state/state.ts';

export type HttpDeps = {
  engine: Engine;
  intake: CommandIntake;
  assets: AssetSource;
  version: string;
  log: (msg: string) => void;
};

/** The hub's Koa app: errors -> actor (sign-in goes here) -> API routes -> client files. */
export function createHttpApp(deps: HttpDeps): Koa {
  const app = new Koa();
  app.use(errorMiddleware(deps.log));
  app.use(async (ctx, next) => {
    ctx.set('x-content-type-options', 'nosniff');
    ctx.set('referrer-policy', 'same-origin');
    await next();
  });
  app.use(healthRoutes(deps.engine, deps.version).routes());
  app.use(actorMiddleware());
  for (const router of [stateRoutes(deps.engine), commandRoutes(deps.intake)]) {
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
