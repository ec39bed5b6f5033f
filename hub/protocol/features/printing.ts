import { z } from 'zod';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { printerSchema, printerStatusSchema, type Printer, type PrinterStatus, type PrintJob } from '../printers.ts';
import type { JobReason, JobStatus } from './jobs.ts';

/**
 * Printing (issue 10): the restaurant's printers and kitchen screens, what
 * each prints, their live status, and the printouts people ask for by hand
 * (test page, setup slip, reprint). The printouts that events cause (kitchen
 * tickets, pre-bills, receipts, drawer kicks) are `print` and `drawer.kick`
 * jobs created by hub/domain/printing/reactions.ts in the same log record as
 * their cause. The routing model: hub/domain/printing/README.md.
 */

/** The id of the virtual printer every store starts with (the default until a real one is added). */
export const VIRTUAL_PRINTER_ID = 'virtual';

/**
 * The printer a fresh store (and an older store, through its migration) has:
 * a virtual printer that keeps each printout to show on screen. It prints
 * receipts and pre-bills; kitchen tickets go to it when set for their
 * station, or as the kitchen fallback while no network or USB printer exists
 * and no printer or screen is set for their station (domain/printing/routing.ts).
 */
export const VIRTUAL_PRINTER: Printer = {
  id: VIRTUAL_PRINTER_ID,
  name: 'Virtual',
  connection: { type: 'virtual' },
  paper: 80,
  codePage: 'cp858',
  cjk: 'gb18030',
  qr: 'native',
  language: 'es',
  receipts: true,
  prebills: true,
  stations: [],
  drawer: false,
};

/** A printer's status as every device sees it, and since when it holds (hub time). */
export type PrinterStatusEntry = { status: PrinterStatus; since: string };

/** One printout as `GET /api/printers/:id/history` lists it: the job's fate and what it was for (the paper itself left out). */
export type PrintHistoryItem = {
  id: string;
  status: JobStatus;
  reason: JobReason | null;
  createdAt: string;
  updatedAt: string;
  payload: Omit<PrintJob, 'document'>;
  /** Still in the live state: `print.reprint` can print its paper again. */
  reprintable: boolean;
};

const printingCommandPayloads = {
  /** Owners, managers: add a printer or change one (same id). */
  'printer.save': z.object({ printer: printerSchema }),
  /** Owners, managers: remove a printer (its pending jobs fail NO_PRINTER at the runner; reprint them elsewhere). */
  'printer.remove': z.object({ printerId: idSchema }),
  /** Owners, managers: print a test page (accents, ñ, Chinese, a QR, columns) on one printer. */
  'printer.testPrint': z.object({ printerId: idSchema }),
  /** The slip with the hub's address and QR; without `printerId`, on the receipt printer. Also recorded by the hub on first start. */
  'printer.setupSlip': z.object({ printerId: idSchema.optional() }),
  /** Print again the paper of a print job still in the live state, marked REPRINT; on the same printer unless another is named. */
  'print.reprint': z.object({ jobId: idSchema, printerId: idSchema.optional() }),
  /**
   * Print again a take-away's kitchen ticket (every dish sent, while its order is open) or a
   * delivery's slip (made fresh, marked REPRINT), on the printers their rules choose (issue 21).
   */
  'takeout.reprint': z.object({ takeoutId: idSchema, what: z.enum(['kitchen', 'slip']) }),
  /** Internal: the hub's status monitor records a printer's status when it changes. */
  'printer.reportStatus': z.object({ printerId: idSchema, status: printerStatusSchema }),
} as const;

/** Events of printing. The `*Requested` ones change no state: they cause print jobs. */
export type PrintingEvent =
  | { type: 'printer.saved'; printer: Printer }
  | { type: 'printer.removed'; printerId: string }
  | { type: 'printer.statusChanged'; printerId: string; status: PrinterStatus; at: string }
  | { type: 'printer.testRequested'; printerId: string }
  | { type: 'printer.setupSlipRequested'; printerId: string }
  | { type: 'print.reprintRequested'; jobId: string; printerId: string }
  | { type: 'takeout.reprintRequested'; takeoutId: string; what: 'kitchen' | 'slip' };

/** The printing slice of the live state. */
export type PrintingState = {
  printers: Record<string, Printer>;
  /** Printers the monitor has reported on; a printer absent here has not been checked yet. */
  printerStatus: Record<string, PrinterStatusEntry>;
};

/** Printing: settings for the printers, `reprint` for reprints, the monitor's reports internal. */
export const printingProtocol = defineProtocol<PrintingEvent, PrintingState>()({
  name: 'printing',
  commands: printingCommandPayloads,
  aliases: {
    'printer.save': 'settings',
    'printer.remove': 'settings',
    'printer.testPrint': 'settings',
    'printer.setupSlip': 'settings',
    'print.reprint': 'reprint',
    'takeout.reprint': 'reprint',
    'printer.reportStatus': INTERNAL,
  },
  errors: {
    PRINTER_NOT_FOUND: 404,
    PRINTER_NAME_TAKEN: 409,
    PRINTER_ADDRESS_TAKEN: 409,
    /** A kitchen screen only shows kitchen tickets: no receipts, pre-bills, drawer or setup slip. */
    PRINTER_IS_SCREEN: 409,
    UNKNOWN_STATION: 400,
    JOB_NOT_REPRINTABLE: 409,
    /** The last printer or screen cannot go: tickets and receipts would reach nobody (issue 18). */
    LAST_PRINTER: 409,
  },
});
