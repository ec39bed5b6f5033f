import type { Bill, DomainEvent } from '../protocol/index.ts';

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
    default:
      return null;
  }
}
