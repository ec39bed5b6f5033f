import type { ClosedShift, CommandPayload, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { receiptTargets } from '../printing/routing.ts';
import { getOwn } from '../records.ts';

function isClosedShift(v: unknown): v is ClosedShift {
  if (typeof v !== 'object' || v === null) return false;
  const s = v as Partial<ClosedShift>;
  return typeof s.id === 'string' && typeof s.openedAt === 'string' && typeof s.closedAt === 'string' && typeof s.totals === 'object' && s.totals !== null && Array.isArray(s.moves) && Array.isArray(s.counts);
}

/**
 * `shift.printReport` (internal: the shifts route read the closed shift from
 * its day file and checked the sender holds M006). One copy of its Z report,
 * marked REPRINT, on the printer named or else the first receipt printer (the
 * virtual one while there is no real printer); a kitchen screen shows no
 * reports. The paper is made by the printing reactor of
 * `shift.reportReprinted` (../printing/reactions.ts), and completed with the
 * shift's bills by the print runner, as at the close.
 * Hub-only: `decide` takes it from ../hub-rules.ts; a device never decides one.
 */
export function reprintZReport(s: State, p: CommandPayload<'shift.printReport'>): Decision {
  const { shift } = p;
  // The route read it from a day file; anything else (a forged or broken record) prints nothing.
  if (!isClosedShift(shift)) return refuse('NOT_FOUND');
  const printer = p.printerId === undefined ? (receiptTargets(s)[0] ?? null) : (getOwn(s.printers, p.printerId) ?? null);
  if (!printer) return refuse('PRINTER_NOT_FOUND', 'printerId');
  if (printer.connection.type === 'screen') return refuse('PRINTER_IS_SCREEN', 'printerId');
  return accept([{ type: 'shift.reportReprinted', shift, printerId: printer.id }]);
}
