import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Engine } from '#hub/engine/engine.ts';
import type { PrintHistory } from '#hub/jobs/printing/index.ts';
import { aliasesOf, getOwn } from '#domain';
import type { PrintDocument } from '#protocol';
import { isSafeId } from '#protocol';
import { HttpError } from '../../http-error.ts';
import { sessionOf } from '../../middleware/actor.ts';
import { parseBody } from '../../validate.ts';

/** What the printer routes read besides the state (hardware's functions in the hub). */
export type PrinterRoutesDeps = {
  history: PrintHistory;
  /** The virtual printer's kept printouts, newest first (hardware `readVirtualPaper`). */
  readPaper: (printerId: string, limit: number) => Promise<{ jobId?: string; at: string; document: PrintDocument }[]>;
  /** `/dev/usb/lp*` devices present (hardware `listUsbPrinters`). */
  listUsb: () => Promise<string[]>;
};

const historyQuery = z.object({ before: z.iso.datetime({ offset: true }).optional(), limit: z.coerce.number().int().min(1).max(200).optional() });
const paperQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).optional() });

/**
 * On-demand reads for the printer settings page (owners and managers: the
 * `settings` alias): GET /api/printers/:id/history?before=&limit= (a page of
 * the printer's print jobs, newest first: the job table's print jobs (its per-printer index pages) over the
 * printer's history file, hub/jobs/printing/history.ts), GET
 * /api/printers/:id/paper?limit= (a virtual printer's printouts) and GET
 * /api/printers/usb (the USB printers plugged in now, for the add form).
 */
export function printerRoutes(engine: Engine, deps: PrinterRoutesDeps): Router {
  const router = new Router();
  const gate = (ctx: Context) => {
    const { actor } = sessionOf(ctx);
    if (!aliasesOf(engine.state, actor.staffId).has('settings')) throw new HttpError('FORBIDDEN', 'settings');
  };
  /** The id as a safe record id (never `__proto__`: 404 like any unknown printer). */
  const idOf = (raw: string) => {
    if (!isSafeId(raw)) throw new HttpError('NOT_FOUND', 'printer');
    return raw;
  };

  router.get('/api/printers/usb', async (ctx) => {
    gate(ctx);
    ctx.body = { ok: true, paths: await deps.listUsb() };
  });

  // A removed printer's history stays readable: only the id's shape is checked.
  router.get('/api/printers/:id/history', async (ctx) => {
    gate(ctx);
    const printerId = idOf(ctx.params.id ?? '');
    const q = parseBody(historyQuery, { ...ctx.query });
    const page = await deps.history.page(engine.jobs, printerId, q.before, q.limit ?? 50);
    ctx.body = { ok: true, ...page };
  });

  router.get('/api/printers/:id/paper', async (ctx) => {
    gate(ctx);
    const printer = getOwn(engine.state.printers, idOf(ctx.params.id ?? ''));
    if (!printer) throw new HttpError('PRINTER_NOT_FOUND', 'printer');
    const q = parseBody(paperQuery, { ...ctx.query });
    // Only the virtual printer keeps its paper; a real one's paper is in the guest's hand.
    const printouts = printer.connection.type === 'virtual' ? await deps.readPaper(printer.id, q.limit ?? 20) : [];
    ctx.body = { ok: true, printouts };
  });
  return router;
}
