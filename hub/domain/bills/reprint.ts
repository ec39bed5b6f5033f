import type { CommandPayload, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { receiptTargets } from '../printing/routing.ts';
import { getOwn } from '../records.ts';
import { isClosedBill } from './correct.ts';

/**
 * `bill.reprint` (internal: the bills route read the closed bill from the
 * archive and checked the sender holds `reprint`). One copy, on the printer
 * named or else the first receipt printer (the virtual one while there is no
 * real printer); a kitchen screen shows no receipts. A withdrawn order
 * charged nothing and has no receipt. The paper itself is made by the
 * printing reactor of `bill.reprinted` (../printing/reactions.ts), so it is
 * the receipt `order.settled` printed, marked REPRINT.
 * Hub-only: `decide` takes it from ../hub-rules.ts; a device never decides one.
 */
export function reprintBill(s: State, p: CommandPayload<'bill.reprint'>): Decision {
  const { bill } = p;
  if (!isClosedBill(bill) || bill.deleted === 2) return refuse('BILL_NOT_FOUND');
  const printer = p.printerId === undefined ? (receiptTargets(s)[0] ?? null) : (getOwn(s.printers, p.printerId) ?? null);
  if (!printer) return refuse('PRINTER_NOT_FOUND', 'printerId');
  if (printer.connection.type === 'screen') return refuse('PRINTER_IS_SCREEN', 'printerId');
  // The documents as filed ride in the event: the reactor prints their figures (issue 19, one source per figure).
  return accept([{ type: 'bill.reprinted', bill, printerId: printer.id, ...(p.documents ? { documents: p.documents } : {}) }]);
}
