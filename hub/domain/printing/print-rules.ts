import type { CommandPayload, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { jobsOf } from '../jobs/lookup.ts';
import { getOwn } from '../records.ts';
import { setupSlipPrinter } from './routing.ts';

/** `printer.setupSlip`: on the printer named (not a screen), else on the receipt printer. */
export function setupSlip(s: State, p: CommandPayload<'printer.setupSlip'>): Decision {
  const printer = p.printerId === undefined ? setupSlipPrinter(s) : getOwn(s.printers, p.printerId);
  if (!printer) return refuse('PRINTER_NOT_FOUND', 'printerId');
  if (printer.connection.type === 'screen') return refuse('PRINTER_IS_SCREEN', 'printerId');
  return accept([{ type: 'printer.setupSlipRequested', printerId: printer.id }]);
}

/**
 * `print.reprint`: a print job still in the hub's job table that is not waiting
 * to print anyway (pending or running would print twice), on its own printer
 * or the one named. Only kitchen tickets may go to a screen.
 */
export function reprint(s: State, p: CommandPayload<'print.reprint'>, ctx: DecideContext): Decision {
  const job = jobsOf(ctx).get(p.jobId);
  if (!job) return refuse('NOT_FOUND', 'jobId');
  if (job.kind !== 'print' || job.status === 'pending' || job.status === 'running') return refuse('JOB_NOT_REPRINTABLE', 'jobId');
  const printer = getOwn(s.printers, p.printerId ?? job.payload.printerId);
  if (!printer) return refuse('PRINTER_NOT_FOUND', 'printerId');
  if (printer.connection.type === 'screen' && job.payload.purpose !== 'kitchen') return refuse('PRINTER_IS_SCREEN', 'printerId');
  return accept([{ type: 'print.reprintRequested', jobId: job.id, printerId: printer.id }]);
}

/** `printer.reportStatus` (internal, the status monitor): recorded only when it changes. */
export function reportStatus(s: State, p: CommandPayload<'printer.reportStatus'>, ctx: DecideContext): Decision {
  if (!getOwn(s.printers, p.printerId)) return refuse('PRINTER_NOT_FOUND', 'printerId');
  const now = getOwn(s.printerStatus, p.printerId)?.status;
  if (now && JSON.stringify(now) === JSON.stringify(p.status)) return accept([]);
  return accept([{ type: 'printer.statusChanged', printerId: p.printerId, status: p.status, at: ctx.now }]);
}
