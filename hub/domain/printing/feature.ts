import type { EventOf, State } from '#protocol';
import { VIRTUAL_PRINTER, VIRTUAL_PRINTER_ID } from '#protocol';
import type { DomainFeature } from '../feature.ts';
import { withOwn, withoutOwn } from '../records.ts';
import { removePrinter, savePrinter, testPrint } from './printer-rules.ts';
import { reportStatus, reprint, setupSlip } from './print-rules.ts';
import { reprintTakeout } from './takeout-print.ts';

/** A state unchanged: the `*Requested` events only cause print jobs (./reactions.ts). */
const unchanged = (s: State): State => s;

/**
 * Printing (README.md): the printers and their status; the printouts
 * themselves are jobs created by ./reactions.ts. A new store, and an older
 * one through migration 5 (missing slices from `emptyState()`), starts with
 * the virtual printer.
 */
export const printingFeature = {
  name: 'printing',
  handlers: {
    'printer.save': savePrinter,
    'printer.remove': removePrinter,
    'printer.testPrint': testPrint,
    'printer.setupSlip': setupSlip,
    'print.reprint': reprint,
    'printer.reportStatus': reportStatus,
    'takeout.reprint': reprintTakeout,
  },
  appliers: {
    'printer.saved': (s: State, e: EventOf<'printer.saved'>): State => ({ ...s, printers: withOwn(s.printers, e.printer.id, e.printer) }),
    'printer.removed': (s: State, e: EventOf<'printer.removed'>): State => ({
      ...s,
      printers: withoutOwn(s.printers, e.printerId),
      printerStatus: withoutOwn(s.printerStatus, e.printerId),
    }),
    'printer.statusChanged': (s: State, e: EventOf<'printer.statusChanged'>): State => ({
      ...s,
      printerStatus: withOwn(s.printerStatus, e.printerId, { status: e.status, since: e.at }),
    }),
    'printer.testRequested': unchanged,
    'printer.setupSlipRequested': unchanged,
    'print.reprintRequested': unchanged,
    'takeout.reprintRequested': unchanged,
  },
  initialState: () => ({ printers: { [VIRTUAL_PRINTER_ID]: { ...VIRTUAL_PRINTER, stations: [] } }, printerStatus: {} }),
  migrations: [],
} satisfies DomainFeature;
