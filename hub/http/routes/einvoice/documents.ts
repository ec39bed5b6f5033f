import Router from '@koa/router';
import type { Context } from 'koa';
import type { Engine } from '#hub/engine/engine.ts';
import type { DocumentMeta, DocumentReader } from '#hub/einvoice/outbox/types.ts';
import { sunatText } from '#hub/einvoice/sunat/error-catalogue.ts';
import { aliasesOf } from '#domain';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';
import { dayCount, documentPathSchema, documentsQuerySchema, MAX_RANGE_DAYS, type DocumentsReply } from './schema.ts';

/** Each part's media type (a CDR is SUNAT's ApplicationResponse XML). */
const MEDIA = { xml: 'application/xml; charset=utf-8', cdr: 'application/xml; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** The file name put in content-disposition: the store's own name, anything else replaced (a header cannot carry quotes or line breaks). */
const safeFileName = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * SUNAT's text for a code the store kept without one (an answer read before
 * the catalogue knew the code): the page always has words to show.
 */
function withSunatText(meta: DocumentMeta): DocumentMeta {
  if (!meta.sunat || meta.sunat.text !== '') return meta;
  return { ...meta, sunat: { ...meta.sunat, text: sunatText(meta.sunat.code) ?? '' } };
}

/** Newest first: by day and time, then by key (two documents of the same second keep one order). */
function newestFirst(a: DocumentMeta, b: DocumentMeta): number {
  return b.day.localeCompare(a.day) || b.time.localeCompare(a.time) || b.key.localeCompare(a.key);
}

/**
 * The documents page's reads (gate `settings`: owners and managers):
 *
 * GET /api/einvoice/documents?from=YYYY-MM-DD&to=YYYY-MM-DD&kinds=01,03&statuses=rejected
 *     the documents of those Lima days (at most 366), newest first, with SUNAT's answer and text
 * GET /api/einvoice/documents/:day/:key/:part   part = xml | cdr | json: the file, as a download
 *
 * Day and key are checked against their patterns before they reach the
 * store, so a path never leaves `<data>/einvoice/<day>/`; a part not there
 * (yet: no CDR before SUNAT answers) is NOT_FOUND.
 */
export function documentRoutes(engine: Engine, documents: DocumentReader): Router {
  const router = new Router();
  const gate = (ctx: Context) => {
    if (!aliasesOf(engine.state, sessionOf(ctx).actor.staffId).has('settings')) throw new HttpError('FORBIDDEN', 'settings');
  };

  router.get('/api/einvoice/documents', async (ctx) => {
    gate(ctx);
    // A repeated parameter (?kinds=01&kinds=03) reads as one list.
    const raw = Object.fromEntries(Object.entries(ctx.query).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : v]));
    const q = parseBody(documentsQuerySchema, raw);
    if (q.to < q.from) throw new HttpError('INCORRECT_INPUT', 'to');
    if (dayCount(q.from, q.to) > MAX_RANGE_DAYS) throw new HttpError('INCORRECT_INPUT', 'to');
    const found = await documents.list({
      from: q.from,
      to: q.to,
      ...(q.kinds?.length ? { kinds: q.kinds } : {}),
      ...(q.statuses?.length ? { statuses: q.statuses } : {}),
    });
    ctx.set('cache-control', 'no-store');
    ctx.body = { ok: true, documents: found.map(withSunatText).sort(newestFirst) } satisfies DocumentsReply;
  });

  router.get('/api/einvoice/documents/:day/:key/:part', async (ctx) => {
    gate(ctx);
    const p = parseBody(documentPathSchema, { day: ctx.params.day, key: ctx.params.key, part: ctx.params.part });
    const file = await documents.read(p.day, p.key, p.part);
    if (!file) throw new HttpError('NOT_FOUND', `${p.day}/${p.key}/${p.part}`);
    ctx.set('cache-control', 'no-store');
    ctx.set('content-disposition', `attachment; filename="${safeFileName(file.fileName)}"`);
    ctx.type = MEDIA[p.part];
    ctx.body = file.bytes;
  });
  return router;
}
