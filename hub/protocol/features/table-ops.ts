import { z } from 'zod';
import { shortText, uuidSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import type { Order, OrderLine } from './dine-in.ts';

/**
 * Table operations (SPEC.md section 2, table screen; aliases M0092–M0095):
 * open several tables at once, change table, merge tables for one bill, copy
 * an order to another table, move chosen lines or portions to another table,
 * and open the cash drawer from the table footer (`cashDrawer`).
 * The rules and the merge model: hub/domain/table-ops/README.md.
 */

const people = z.int().min(1).max(99);

/** Payload schemas of the table operations. */
const tableOpsCommandPayloads = {
  /** M0092: seat guests at several free tables in one gesture (all or none). */
  'table.openMany': z.object({
    tables: z.array(z.object({ tableId: idSchema, orderId: uuidSchema, people })).min(1).max(50),
  }),
  /** Change table: the order (or this table's place in a merged group) moves to a free table. */
  'table.change': z.object({ fromTableId: idSchema, toTableId: idSchema }),
  /** M0093: the other tables' open orders fold into this table's order, for one bill. */
  'table.merge': z.object({ tableId: idSchema, otherTableIds: z.array(idSchema).min(1).max(20) }),
  /** M0094: order the same dishes again at a free table (a new order, lines not yet sent). */
  'order.copyTo': z.object({
    fromOrderId: idSchema,
    toTableId: idSchema,
    /** The new order at the target table, minted on the device. */
    orderId: uuidSchema,
    people,
    lines: z.array(z.object({ fromLineId: idSchema, lineId: uuidSchema })).min(1).max(100),
  }),
  /**
   * M0095: move chosen lines, or some portions of them, to another table.
   * A free target opens with `orderId` and `people`; an occupied one takes the lines into its order.
   */
  'order.moveLines': z.object({
    fromOrderId: idSchema,
    toTableId: idSchema,
    orderId: uuidSchema,
    people,
    lines: z.array(z.object({ lineId: idSchema, qty: z.int().min(1).max(999), newLineId: uuidSchema })).min(1).max(100),
  }),
  /** Open the cash drawer (recorded with who; the printer that kicks it arrives with printing). */
  'drawer.open': z.object({ reason: shortText.optional() }),
} as const;

/** One line (or part of one) leaving an order: whole lines go as they are, parts become a new line. */
export type LineTaken = { lineId: string; qty: number };

/** Events of the table operations (besides dine-in's `table.opened` and `order.linesAdded`, which they reuse). */
export type TableOpsEvent =
  | { type: 'table.changed'; orderId: string; fromTableId: string; toTableId: string }
  /** The merged order as it now is; the absorbed orders leave the state. */
  | { type: 'tables.merged'; order: Order; absorbedOrderIds: string[] }
  /** `taken` leaves `fromOrderId` (a line whose whole quantity is taken leaves it); `lines` join `toOrderId`. */
  | { type: 'order.linesMoved'; fromOrderId: string; toOrderId: string; taken: LineTaken[]; lines: OrderLine[] }
  | { type: 'drawer.opened'; at: string; by: string | null; deviceId: string; reason: string };

/** Table operations keep nothing of their own in the live state: they change tables and orders. */
export type TableOpsState = Record<never, never>;

/** Table operations: each gated by its SPEC.md alias; change table by M001 (tables). */
export const tableOpsProtocol = defineProtocol<TableOpsEvent, TableOpsState>()({
  name: 'table-ops',
  commands: tableOpsCommandPayloads,
  aliases: {
    'table.openMany': 'M0092',
    'table.change': 'M001',
    'table.merge': 'M0093',
    'order.copyTo': 'M0094',
    'order.moveLines': 'M0095',
    'drawer.open': 'cashDrawer',
  },
  errors: {
    SAME_TABLE: 409,
    TABLE_NOT_OCCUPIED: 409,
    LINE_NOT_SPLITTABLE: 409,
    ORDER_HAS_TERMS: 409,
    TABLE_IN_GROUP: 409,
  },
});
