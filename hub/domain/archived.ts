import type { Bill, ClosedDebt, ClosedShift, DomainEvent, LedgerEntry, Refund, Reservation, StockMove, TallyEntry, Takeout } from '#protocol';

/**
 * What an event sends to the day archive (`archive/YYYY-MM-DD.jsonl`), if
 * anything: the domain decides which events close a bill, the engine only
 * files what this returns. A closed bill leaves the live state, so reports and
 * exports read it from the archive. Today only a settlement closes a bill;
 * take-away, delivery and e-invoices will add their events here.
 */
export function archivedBy(event: DomainEvent): Bill | null {
  switch (event.type) {
    case 'order.settled':
      return event.bill;
    // A withdrawn order (delete flag 2) is kept with its reason, like a bill with nothing charged.
    case 'order.withdrawn':
      return event.bill;
    default:
      return null;
  }
}

/**
 * The stock moves an event sends to the stock history (`stock/YYYY-MM-DD.jsonl`):
 * manual adjustments and the stock an import sets. Like closed bills they never
 * stay in the live state; the goods page reads them page by page from the day files.
 */
export function stockMovesOf(event: DomainEvent): readonly StockMove[] {
  switch (event.type) {
    case 'product.stockAdjusted':
      return [event.move];
    case 'menu.imported':
      return event.moves;
    default:
      return [];
  }
}

/**
 * The reservations an event sends to their day files (`reservations/YYYY-MM-DD.jsonl`):
 * past days' reservations leaving the live state (hub/domain/reservations/README.md).
 */
export function reservationsFiledBy(event: DomainEvent): readonly Reservation[] {
  return event.type === 'reservation.filed' ? event.reservations : [];
}

/**
 * The shift an event sends to the shift history (`shifts/YYYY-MM-DD.jsonl`, by
 * the day it closed): a closed shift leaves the live state (hub/domain/shift/README.md).
 */
export function shiftFiledBy(event: DomainEvent): ClosedShift | null {
  return event.type === 'shift.closed' ? event.shift : null;
}

/**
 * The bookkeeping entries an event sends to their day files (`tally/YYYY-MM-DD.jsonl`,
 * by each entry's business day): past days' entries leaving the live state.
 */
export function tallyFiledBy(event: DomainEvent): readonly TallyEntry[] {
  return event.type === 'tally.filed' ? event.entries : [];
}

/**
 * The closed debt an event sends to the debts' day files (`accounts/YYYY-MM-DD.jsonl`,
 * by the Lima day it closed): paid off or written off, it leaves the live state (hub/domain/account).
 */
export function accountFiledBy(event: DomainEvent): ClosedDebt | null {
  if (event.type === 'account.paid') return event.closed;
  return event.type === 'account.writtenOff' ? event.debt : null;
}

/**
 * The takeout an event sends to the takeouts' day files (`takeouts/YYYY-MM-DD.jsonl`, by the
 * Lima day it ended): closed, cancelled or refused, it leaves the live state (hub/domain/takeout).
 */
export function takeoutFiledBy(event: DomainEvent): Takeout | null {
  return event.type === 'takeout.filed' ? event.takeout : null;
}

/**
 * The refund an event sends to the refunds' day files (`refunds/YYYY-MM-DD.jsonl`, by the Lima
 * day it ended): rejected or finished, it leaves the live state (hub/domain/refunds).
 */
export function refundFiledBy(event: DomainEvent): Refund | null {
  return event.type === 'refund.filed' ? event.refund : null;
}

/**
 * The balance move an event sends to the members' ledger day files (`members-ledger/YYYY-MM-DD.jsonl`,
 * by the entry's business day): every `member.ledgerEntered`, whoever decided it (a recharge, a
 * settlement's spend, a refund's payout, an adjustment). The member keeps only the last 20 (hub/domain/members).
 */
export function ledgerFiledBy(event: DomainEvent): LedgerEntry | null {
  return event.type === 'member.ledgerEntered' ? event.entry : null;
}
