import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import { aliasesOf } from '#domain';
import { planImport } from '#hub/domain/goods/import-plan.ts';
import { CONTENT_TYPES, menuFileName, readMenuFile, writeMenuFile, type Lang, type MenuFormat } from '#hub/goods-io/menu-file.ts';
import { MenuFileError } from '#hub/goods-io/menu-file-error.ts';
import type { ImportReport } from '#protocol';
import { uuidSchema } from '#protocol';
import type { CommandIntake } from '#hub/engine/intake.ts';
import { HttpError } from '../../http-error.ts';
import { readRawBody } from '../../middleware/raw-body.ts';

/** An uploaded menu file may be this big (a few thousand dishes take well under 1 MB). */
export const MAX_MENU_FILE_BYTES = 10 * 1024 * 1024;

const FORMATS: readonly MenuFormat[] = ['csv', 'xlsx'];
const LANGS: readonly Lang[] = ['es', 'en', 'zh'];

function goodsActor(ctx: Context, engine: Engine): Actor {
  const actor = ctx.state.actor as Actor;
  // Goods management (M015) only: the menu file is the restaurant's price list.
  if (!aliasesOf(engine.state, actor.staffId).has('M015')) throw new HttpError('FORBIDDEN', 'M015');
  return actor;
}

function pick<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/**
 * The menu as a spreadsheet, both ways. Reading and writing files happen on
 * the hub, so a phone needs no spreadsheet library.
 *
 * GET  /api/goods/export?format=csv|xlsx&lang=es|en|zh  the whole menu, as a download
 * POST /api/goods/import?check=1&commandId=UUID          body: the file's bytes
 *   Answers an ImportReport. With problems nothing is imported; with check=1
 *   nothing is imported either (the device shows what would change first).
 *   Otherwise the whole file becomes one menu.import command: all or nothing.
 *   commandId (minted on the device) makes a retried upload count once.
 */
export function goodsRoutes(engine: Engine, intake: CommandIntake): Router {
  const router = new Router();

  router.get('/api/goods/export', (ctx) => {
    goodsActor(ctx, engine);
    const format = pick(ctx.query.format, FORMATS, 'xlsx');
    const lang = pick(ctx.query.lang, LANGS, 'es');
    const state = engine.state;
    const name = menuFileName(state.restaurant.name, format, lang, new Date());
    ctx.set('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    ctx.set('cache-control', 'no-store');
    ctx.type = CONTENT_TYPES[format];
    ctx.body = writeMenuFile(state, format, lang);
  });

  router.post('/api/goods/import', async (ctx) => {
    const actor = goodsActor(ctx, engine);
    const commandId = ctx.query.commandId === undefined ? randomUUID() : uuidSchema.safeParse(ctx.query.commandId).data;
    if (!commandId) throw new HttpError('INCORRECT_INPUT', 'commandId');
    const bytes = await readRawBody(ctx, MAX_MENU_FILE_BYTES);
    let table;
    try {
      table = await readMenuFile(bytes);
    } catch (err) {
      // A file refused as a whole says why (an .xls, too big, damaged...); anything else is just unreadable.
      const issue = err instanceof MenuFileError ? err.issue : 'unreadable';
      const report: ImportReport = { ...EMPTY, problems: [{ row: 0, column: '', issue, value: '' }] };
      ctx.body = report;
      return;
    }
    const plan = planImport(engine.state, table, randomUUID);
    const report: ImportReport = {
      imported: false,
      rows: table.rows.filter((r) => r.cells.some((c) => c.trim() !== '')).length,
      created: plan.created,
      updated: plan.updated,
      unchanged: plan.unchanged,
      newCategories: plan.newCategories,
      newStations: plan.newStations,
      problems: plan.problems,
      moreProblems: plan.moreProblems,
      changes: plan.changes,
      moreChanges: plan.moreChanges,
    };
    if (!plan.payload || ctx.query.check === '1') {
      ctx.body = report;
      return;
    }
    const reply = await intake({ id: commandId, type: 'menu.import', payload: plan.payload, deviceId: actor.deviceId, at: new Date().toISOString() }, actor);
    if (!reply.ok) throw new HttpError(reply.code, reply.message ?? '');
    ctx.body = { ...report, imported: true, seq: reply.seq } satisfies ImportReport;
  });

  return router;
}

const EMPTY: ImportReport = { imported: false, rows: 0, created: 0, updated: 0, unchanged: 0, newCategories: [], newStations: [], problems: [], moreProblems: 0, changes: [], moreChanges: 0 };
