import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import { boardFor, fullBoard, jobSummary, seesStuckJobs } from '#hub/presenters/job-board.ts';
import { viewerOf } from '#hub/presenters/viewer.ts';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { isJobIdLookable, jobIdSchema, jobListQuerySchema, type JobBoardReply, type JobDetailReply, type JobListPage } from './schema.ts';

/**
 * What devices read of the hub's jobs, which are not in the replicated state
 * (issue 20; hub/presenters/README.md "Jobs"):
 *
 * GET /api/jobs/board   the job board as the socket pushes it, shaped for the caller (everyone signed in:
 *                       counts; holders of `settings`: the newest stuck jobs' summaries too)
 * GET /api/jobs         `?status=stuck|waiting|running|finished&printerId=&kind=&cursor=&limit=` (holders of
 *                       `settings`): a page of summaries, newest first, read from the table's index for
 *                       that query, so every row is one the caller may see and `total` counts only those
 * GET /api/jobs/:id     one job whole, its document (the ticket, the receipt, the e-invoice) included
 *                       (holders of `settings`); an id of the wrong shape is 400, an unknown one 404
 *
 * Each costs what it answers (the table's counters, one index page, one
 * keyed read), never a scan of the jobs.
 */
export function jobRoutes(engine: Engine): Router {
  const jobs = () => engine.jobs;
  const router = new Router();
  const viewer = (ctx: Context) => viewerOf(engine.state, sessionOf(ctx).actor.staffId);
  /** Owners and managers: those who retry and cancel stuck jobs see them. */
  const gate = (ctx: Context) => {
    if (!seesStuckJobs(viewer(ctx))) throw new HttpError('FORBIDDEN', 'settings');
  };

  router.get('/api/jobs/board', (ctx) => {
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, board: boardFor(fullBoard(jobs()), viewer(ctx)) } satisfies JobBoardReply;
  });

  router.get('/api/jobs', (ctx) => {
    gate(ctx);
    const q = parseBody(jobListQuerySchema, { ...ctx.query });
    const page = jobs().list({ status: q.status, printerId: q.printerId, kind: q.kind, cursor: q.cursor, limit: q.limit });
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, jobs: page.jobs.slice(0, q.limit).map(jobSummary), next: page.next, total: page.total } satisfies JobListPage;
  });

  router.get('/api/jobs/:id', (ctx) => {
    gate(ctx);
    const id = parseBody(jobIdSchema, ctx.params.id);
    const job = isJobIdLookable(id) ? jobs().get(id) : undefined;
    if (!job) throw new HttpError('NOT_FOUND', 'job');
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, job, summary: jobSummary(job) } satisfies JobDetailReply;
  });
  return router;
}
