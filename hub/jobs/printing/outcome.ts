import type { JobOutcome, PrinterProblem } from '#protocol';
import type { PrintOutcome } from '../../../hardware/printer.ts';

/**
 * What each printer problem means for the job. Off, unplugged, out of paper,
 * cover open, jammed: the job waits (backoff, and at once when the monitor
 * sees the printer back); paper out and cover open are cured by a person and
 * then printed. A broken document (bytes reached the printer) and a printer
 * that no longer exists are never retried by the hub: a person decides.
 */
export const RETRY_ON: Record<PrinterProblem, boolean> = {
  UNREACHABLE: true,
  DEVICE_MISSING: true,
  PAPER_OUT: true,
  COVER_OPEN: true,
  PRINTER_ERROR: true,
  PARTIAL_WRITE: false,
  NO_PRINTER: false,
};

/**
 * A driver's outcome as the job's. Any byte written before a failure makes
 * it PARTIAL_WRITE whatever the driver called it: part of the paper may be
 * out, and printing it again by itself could print it twice.
 */
export function jobOutcomeOf(outcome: PrintOutcome): JobOutcome {
  if (outcome.ok) return { ok: true };
  const reason: PrinterProblem = outcome.written > 0 ? 'PARTIAL_WRITE' : outcome.reason;
  return { ok: false, canRetry: RETRY_ON[reason], reason };
}
