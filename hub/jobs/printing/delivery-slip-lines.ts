import type { Bill, PrintDocument, Printer } from '#protocol';
import { deliverySlipDocument } from '#hub/domain/printing/documents/delivery-slip.ts';
import { markedReprint } from '#hub/domain/printing/documents/reprint.ts';
import { slipLinesOf } from '#hub/domain/printing/takeout-print.ts';
import type { JobOf } from '../runner.ts';

/** Reads a closed bill from the archive (the engine's `closedBill`). */
export type ClosedBillReader = (ref: { id: string; day: string }) => Promise<Bill | undefined>;

/**
 * A delivery slip of a paid takeout gets its dishes now (issue 21): when the rider was assigned its
 * order was already a bill in the archive, which the rules cannot read. The bill no longer changes,
 * so printing it again prints the same. An archive that cannot be read must not hold the rider: the
 * slip prints as made ("dishes: see the receipt"), and the log says why.
 */
export async function completedSlip(job: JobOf<'print'>, printer: Printer, read: ClosedBillReader | undefined, log?: (message: string) => void): Promise<PrintDocument> {
  const slip = job.payload.slip;
  if (job.payload.purpose !== 'deliverySlip' || !slip?.bill || slip.lines.length > 0 || !read) return job.payload.document;
  try {
    const bill = await read(slip.bill);
    if (!bill) return job.payload.document;
    const document = deliverySlipDocument({ ...slip, lines: slipLinesOf(bill.lines, printer.language), totalCents: bill.totalCents }, printer.language);
    // A copy asked for again keeps the REPRINT mark the rules put on its paper.
    const reprint = job.payload.reprintOf !== undefined || markedReprint(job.payload.document, printer.language) === job.payload.document;
    return reprint ? markedReprint(document, printer.language) : document;
  } catch (err) {
    log?.(`print ${job.id}: delivery slip of bill ${slip.bill.id} not completed: ${err instanceof Error ? err.message : String(err)}`);
    return job.payload.document;
  }
}
