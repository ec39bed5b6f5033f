import type { Area, Bill, Category, Order, OrderLine, TableDef } from './entities.ts';
import type { GoodsEvent, Product } from './goods.ts';
import type { JobEvent } from './jobs.ts';
import type { StaffEvent } from './staff.ts';

/**
 * Domain events: what the hub writes to its log and broadcasts. Every device
 * folds them into its replica with the same pure `apply` (hub/domain/apply.ts).
 */
export type DomainEvent =
  | { type: 'restaurant.renamed'; name: string }
  | { type: 'category.saved'; category: Category }
  | { type: 'product.saved'; product: Product }
  /** `auto`: set by stock reaching zero, or lifted by a restock; absent when a person did it. */
  | { type: 'product.soldOutSet'; productId: string; soldOut: boolean; auto?: boolean }
  | { type: 'product.listedSet'; productId: string; listed: boolean }
  | { type: 'area.saved'; area: Area }
  | { type: 'table.saved'; table: TableDef }
  | { type: 'table.opened'; order: Order }
  | { type: 'order.linesAdded'; orderId: string; lines: OrderLine[] }
  | { type: 'order.lineRemoved'; orderId: string; lineId: string }
  | { type: 'order.lineReturned'; orderId: string; lineId: string; qty: number; reason: string; toStock?: boolean }
  | { type: 'order.sent'; orderId: string; batch: number; lineIds: string[] }
  | { type: 'order.prebilled'; orderId: string; at: string }
  | { type: 'order.prebillCancelled'; orderId: string }
  | { type: 'order.settled'; bill: Bill }
  | { type: 'table.cleared'; tableId: string }
  | GoodsEvent
  | StaffEvent
  | JobEvent;

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
