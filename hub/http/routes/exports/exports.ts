import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import type { Exports } from '#hub/exports/index.ts';
import { exportedDays, readManifest } from '#hub/exports/folder.ts';
import { jobsOfKind } from '#hub/jobs/job-pages.ts';
import { aliasesOf } from '#domain';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { exportFilePathSchema, MAX_LISTED_DAYS, type ExportDayView, type ExportJobView, type ExportsReply } from './schema.ts';
import { suggestedDay } from './suggested-day.ts';

/** What the routes read of the exports (hub/exports/index.ts). */
export type ExportsRouteDeps = Pick<Exports, 'root' | 'deliveries' | 'usb' | 'mailGate'>;

const MEDIA: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  txt: 'text/plain; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** The export jobs in the job table (its index of the two kinds: a few, never every job), by day. */
function jobsByDay(engine: Engine): Map<string, ExportJobView[]> {
  const out = new Map<string, ExportJobView[]>();
  const jobs = [...jobsOfKind(engine.jobs, 'export.day'), ...jobsOfKind(engine.jobs, 'export.deliver')];
  // In the order they were made (the index pages go newest first, a group at a time).
  jobs.sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const job of jobs) {
    const list = out.get(job.payload.day) ?? [];
    list.push({ id: job.id, kind: job.kind, status: job.status, reason: job.reason, attempts: job.attempts });
    out.set(job.payload.day, list);
  }
  return out;
}

/**
 * The exports page's reads (gate `settings`: owners and managers; "export
 * now" and "resend" are the command `export.run` through POST /api/commands):
 *
 * GET /api/exports                 the newest days (exported, or with an export job in hand), newest first,
 *                                  with their files, deliveries and jobs; the USB sticks seen; whether mail waits
 * GET /api/exports/suggested-day   the day the page offers first: today with bills, else the last day with bills (suggested-day.ts)
 * GET /api/exports/:day/:file      one file of a day's folder, only a name its manifest lists
 *
 * A name is matched against the manifest, never joined raw: `..`, slashes,
 * `__proto__` or a file not exported are NOT_FOUND or INCORRECT_INPUT.
 */
export function exportRoutes(engine: Engine, deps: ExportsRouteDeps, clock: () => Date = () => new Date()): Router {
  const router = new Router();
  const gate = (ctx: Context) => {
    if (!aliasesOf(engine.state, sessionOf(ctx).actor.staffId).has('settings')) throw new HttpError('FORBIDDEN', 'settings');
  };

  router.get('/api/exports', async (ctx) => {
    gate(ctx);
    const jobs = jobsByDay(engine);
    const deliveries = await deps.deliveries.all();
    const days = [...new Set([...(await exportedDays(deps.root)), ...jobs.keys()])].sort().reverse().slice(0, MAX_LISTED_DAYS);
    const views: ExportDayView[] = [];
    for (const day of days) {
      const manifest = await readManifest(deps.root, day);
      views.push({
        day,
        createdAt: manifest?.createdAt ?? null,
        files: manifest?.files.map((f) => ({ name: f.name, size: f.size })) ?? [],
        delivery: Object.hasOwn(deliveries, day) ? (deliveries[day] ?? {}) : {},
        jobs: jobs.get(day) ?? [],
      });
    }
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, days: views, usb: deps.usb.states(), mailWaiting: deps.mailGate.paused } satisfies ExportsReply;
  });

  // Registered before `/:day/:file`'s sibling paths could match it; read once when the page opens (not polled).
  router.get('/api/exports/suggested-day', async (ctx) => {
    gate(ctx);
    ctx.set('cache-control', 'no-store');
    ctx.body = await suggestedDay(engine.state, clock(), (from, to) => engine.closedBillsBetween(from, to));
  });

  router.get('/api/exports/:day/:file', async (ctx) => {
    gate(ctx);
    const p = parseBody(exportFilePathSchema, { day: ctx.params.day, file: ctx.params.file });
    const manifest = await readManifest(deps.root, p.day);
    const listed = p.file === 'manifest.json' || (manifest?.files.some((f) => f.name === p.file) ?? false);
    if (!manifest || !listed) throw new HttpError('NOT_FOUND', `${p.day}/${p.file}`);
    const bytes = await readFile(join(deps.root, p.day, p.file)).catch(() => null);
    if (!bytes) throw new HttpError('NOT_FOUND', `${p.day}/${p.file}`);
    ctx.set('cache-control', 'no-store');
    ctx.set('content-disposition', `attachment; filename="${p.file}"`);
    ctx.type = MEDIA[p.file.slice(p.file.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    ctx.body = bytes;
  });
  return router;
}
