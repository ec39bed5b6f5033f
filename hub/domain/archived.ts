import type { Bill, DomainEvent, StockMove } from '#protocol';

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
