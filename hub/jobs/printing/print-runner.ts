import type { FiscalDocument, JobOutcome, JobReason, PrintDocument, Printer, ShiftReport, State } from '#protocol';
import { getOwn, withFiscalDigest } from '#domain';
import { markedReprint } from '#hub/domain/printing/documents/reprint.ts';
import { zReportDocument } from '#hub/domain/printing/documents/z-report.ts';
import type { PrintOutcome } from '../../../hardware/printer.ts';
import type { EffectMarks, JobOf, JobRunner } from '../runner.ts';
import type { DriverCache } from './drivers.ts';
import { completedSlip, type ClosedBillReader } from './delivery-slip-lines.ts';
import { jobOutcomeOf } from './outcome.ts';
import { withSlipFacts, type SlipFacts } from './setup-slip.ts';

/** What the print and drawer runners need from the hub. */
export type PrintRunnerDeps = {
  /** The live state (the printers and their settings now). */
  state: () => State;
  drivers: DriverCache;
  /** A kitchen ticket for a printer of type `screen`: shown on the kitchen display instead of printed. */
  showOnScreen: (job: JobOf<'print'>) => Promise<JobOutcome>;
  /** The hub's addresses and claim code, for the setup slip. */
  slipFacts: () => SlipFacts;
  /**
   * Told when a printer failed a job for a reason it may get over (the monitor records the status
   * the reason shows at once, so the alert does not wait; it wakes the lane when the printer is back).
   */
  onProblem?: (printerId: string, reason: JobReason) => void | Promise<void>;
  /**
   * The XMLDSig digest a fiscal document's signature will carry (hub/server.ts: its UBL XML and
   * `digestOfUnsigned`, no key needed), for the QR code and "Hash" line of a printed boleta,
   * factura or credit note. Absent (tests of other things): the paper prints without them.
   */
  fiscalDigest?: (document: FiscalDocument) => string | Promise<string>;
  /**
   * A shift's full report (hub/http/routes/shifts/report.ts), for a Z report: the job's paper
   * holds the shift's running totals, this adds the breakdowns of its bills. Absent, or no
   * answer: the paper prints as made.
   */
  shiftReport?: (ref: { id: string; day: string }) => Promise<ShiftReport | null>;
  /** A closed bill from the archive, for the dishes of a paid delivery's slip (delivery-slip-lines.ts). */
  closedBill?: ClosedBillReader;
  log?: (message: string) => void;
  clock?: () => Date;
};

/** A drawer kick that waited longer than this (its printer was down) is not carried out: nobody may be at the till any more. */
export const DRAWER_KICK_STALE_MS = 120_000;

const NO_PRINTER: JobOutcome = { ok: false, canRetry: false, reason: 'NO_PRINTER' };

function printerOf(state: State, printerId: string): Printer | undefined {
  return getOwn(state.printers, printerId);
}

/**
 * The driver's answer. A driver that threw (a bug: drivers answer) may have
 * written part of the paper: PARTIAL_WRITE, for a person, never a blind retry.
 */
async function drive(effect: () => Promise<PrintOutcome>): Promise<PrintOutcome> {
  try {
    return await effect();
  } catch {
    return { ok: false, canRetry: false, reason: 'PARTIAL_WRITE', written: 1 };
  }
}

/**
 * A printed boleta, factura or credit note gets its digest now, from the document the job carries
 * (a reprint carries it too). A digest that cannot be computed (a bug in the XML) must not hold the
 * guest's paper: it prints with the QR's digest field empty, and the hub's log says why.
 */
async function sealed(deps: PrintRunnerDeps, document: PrintDocument, fiscal: FiscalDocument | undefined, jobId: string): Promise<PrintDocument> {
  if (!fiscal || !deps.fiscalDigest) return document;
  try {
    return withFiscalDigest(document, fiscal, await deps.fiscalDigest(fiscal));
  } catch (err) {
    deps.log?.(`print ${jobId}: no digest for ${fiscal.series}-${fiscal.number}: ${err instanceof Error ? err.message : String(err)}`);
    return document;
  }
}

/**
 * A Z report gets the breakdowns of its shift's bills now (by category, hour, people...): the
 * close's log record could not read the archive. The shift is closed, so its bills and the
 * report no longer change: printing it again prints the same. A report that cannot be read
 * (the archive unreadable) must not hold the paper: the totals print, and the log says why.
 */
async function completedZ(deps: PrintRunnerDeps, job: JobOf<'print'>, printer: Printer): Promise<PrintDocument> {
  const ref = job.payload.shift;
  if (job.payload.purpose !== 'shiftReport' || !ref || !deps.shiftReport) return job.payload.document;
  try {
    const report = await deps.shiftReport(ref);
    if (!report) return job.payload.document;
    const document = zReportDocument(report, printer.language);
    // A copy printed again carries the REPRINT mark the rules put on its paper (markedReprint leaves a marked one as it is).
    const reprint = job.payload.reprintOf !== undefined || markedReprint(job.payload.document, printer.language) === job.payload.document;
    return reprint ? markedReprint(document, printer.language) : document;
  } catch (err) {
    deps.log?.(`print ${job.id}: Z report of shift ${ref.id} not completed: ${err instanceof Error ? err.message : String(err)}`);
    return job.payload.document;
  }
}

/**
 * The driver's hook before its first byte: the service records the job's writing mark. One that
 * could not be recorded (the disk refused) makes the driver write nothing; the job is then an
 * IO_ERROR to retry, not an unreachable printer.
 */
function writingGate(marks: EffectMarks | undefined): { beforeWrite?: () => Promise<boolean>; refused: () => boolean } {
  if (!marks) return { refused: () => false };
  let refused = false;
  return {
    beforeWrite: async () => {
      refused = !(await marks.beginWriting());
      return !refused;
    },
    refused: () => refused,
  };
}

const MARK_REFUSED: JobOutcome = { ok: false, canRetry: true, reason: 'IO_ERROR' };

async function report(deps: PrintRunnerDeps, printerId: string, outcome: JobOutcome): Promise<JobOutcome> {
  if (!outcome.ok && outcome.canRetry) await deps.onProblem?.(printerId, outcome.reason);
  return outcome;
}

/**
 * The `print` runner: one lane per printer, strictly in order (a ticket
 * never overtakes an older one on the same printer; a printer that is down
 * holds only its own lane). The printer is looked up when the job's turn
 * comes (its settings now; gone: NO_PRINTER, for a person to reprint
 * elsewhere). Screens get the ticket on the kitchen display; the setup slip
 * gets the hub's addresses and claim code added; a boleta, factura or credit
 * note its digest (QR code and "Hash" line).
 */
export function printRunner(deps: PrintRunnerDeps): JobRunner<'print'> {
  return {
    kind: 'print',
    // Start and mark in one record only when nothing stands between them and the first byte: a screen,
    // or a plain printout to a printer whose kept connection is ready (a Z report, a delivery slip or a
    // fiscal document is completed or sealed first: archive reads, a digest).
    writesAtOnce: (job) => {
      const printer = printerOf(deps.state(), job.payload.printerId);
      if (!printer) return false;
      if (printer.connection.type === 'screen') return true;
      if (job.payload.fiscal || job.payload.purpose === 'deliverySlip' || job.payload.purpose === 'shiftReport') return false;
      return deps.drivers.get(printer).writesAtOnce?.('print') === true;
    },
    perform: async (job, marks) => {
      const printer = printerOf(deps.state(), job.payload.printerId);
      if (!printer) return NO_PRINTER;
      if (printer.connection.type === 'screen') {
        // A kitchen screen shows it at once: marked first, as any printout (a stop mid-way leaves it maybe done, as before).
        if (marks && !(await marks.beginWriting())) return MARK_REFUSED;
        return deps.showOnScreen(job);
      }
      const paper =
        job.payload.purpose === 'setupSlip'
          ? withSlipFacts(job.payload.document, deps.slipFacts(), printer.language)
          : job.payload.purpose === 'deliverySlip'
            ? await completedSlip(job, printer, deps.closedBill, deps.log)
            : await completedZ(deps, job, printer);
      const document = await sealed(deps, paper, job.payload.fiscal, job.id);
      const driver = deps.drivers.get(printer);
      const gate = writingGate(marks);
      const outcome = await drive(() => driver.print(document, { jobId: job.id, beforeWrite: gate.beforeWrite }));
      return gate.refused() ? MARK_REFUSED : report(deps, printer.id, jobOutcomeOf(outcome));
    },
  };
}

/** A kick never tried since it was made (or since a person's retry) whose turn came too late. */
function isStale(job: JobOf<'drawer.kick'>, now: Date): boolean {
  return job.attempts === 0 && now.getTime() - Date.parse(job.updatedAt) > DRAWER_KICK_STALE_MS;
}

/**
 * The `drawer.kick` runner: in its printer's lane, so the drawer opens after
 * the receipt asked for before it. A kick whose turn comes more than two
 * minutes late (the printer was down) is failed TIMEOUT rather than opening
 * a drawer nobody stands at; a person may retry it from the stuck jobs.
 */
export function drawerRunner(deps: PrintRunnerDeps): JobRunner<'drawer.kick'> {
  const clock = deps.clock ?? (() => new Date());
  return {
    kind: 'drawer.kick',
    // Not for a kick whose turn came late: it is failed TIMEOUT without a byte (perform below).
    writesAtOnce: (job) => {
      const printer = printerOf(deps.state(), job.payload.printerId);
      if (!printer || printer.connection.type === 'screen' || isStale(job, clock())) return false;
      return deps.drivers.get(printer).writesAtOnce?.('drawer') === true;
    },
    perform: async (job, marks) => {
      const printer = printerOf(deps.state(), job.payload.printerId);
      if (!printer || printer.connection.type === 'screen') return NO_PRINTER;
      // The job as it was before this start: never tried since it was made or since a person's
      // retry (`updatedAt` is then that moment, so a retry gets a fresh two minutes).
      if (isStale(job, clock())) return { ok: false, canRetry: false, reason: 'TIMEOUT' };
      const driver = deps.drivers.get(printer);
      const gate = writingGate(marks);
      const outcome = await drive(() => driver.openDrawer({ beforeWrite: gate.beforeWrite }));
      return gate.refused() ? MARK_REFUSED : report(deps, printer.id, jobOutcomeOf(outcome));
    },
  };
}
