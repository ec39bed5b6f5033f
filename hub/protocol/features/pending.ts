import { z } from 'zod';
import { centsSchema, shortText, uuidSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { remarkIdsSchema } from '../remarks.ts';

/**
 * Pending orders (SPEC.md routes /pages/dining_table/pending and
 * /pending_add; "Please hang up the order first"): an order taken before
 * its guests have a table is hung up (parked) under a label, dishes are
 * added to it, and it is resumed onto a table later. A parked order has not
 * reached the kitchen and holds no stock: its dishes are only a list until
 * it is resumed, when the table's order takes them by dine-in's rules
 * (sold out, stock). Decisions: hub/domain/pending/README.md.
 */

const text = (max: number) => z.string().trim().max(max);

/** A dish of a parked order as a device sends it: from the menu, or off the menu (`custom`). */
export const parkedLineInputSchema = z.object({
  lineId: uuidSchema,
  productId: idSchema.nullable(),
  specId: idSchema.nullable().optional(),
  qty: z.int().min(1).max(999),
  remark: shortText,
  /** Remark presets picked (hub/protocol/remarks.ts); they reach the table's order when it is resumed. */
  remarkIds: remarkIdsSchema.optional(),
  /** Only for a dish not on the menu (productId null): its name, price and unit. */
  custom: z.object({ name: text(60).min(1), priceCents: centsSchema, unit: text(20) }).optional(),
});
export type ParkedLineInput = z.infer<typeof parkedLineInputSchema>;
/** A dish of a parked order as the state keeps it. */
export type ParkedLine = {
  lineId: string;
  productId: string | null;
  specId: string | null;
  qty: number;
  remark: string;
  /** The remark presets' ids (absent when none, and on lines parked before issue 18). */
  remarkIds?: string[];
  custom: { name: string; priceCents: number; unit: string } | null;
};

/** An order hung up to finish later: not on a table, not in the kitchen. */
export type ParkedOrder = {
  id: string;
  /** "P-3": numbered by the hub, per restaurant, never by a device. */
  no: number;
  label: string;
  people: number;
  lines: ParkedLine[];
  parkedAt: string;
  parkedBy: string | null;
};

const lines = z.array(parkedLineInputSchema).max(100);
const label = text(40);
const people = z.int().min(1).max(99);

const pendingCommandPayloads = {
  /** Hangs up a new order (from /pending_add): its dishes, a label to find it by, the party. */
  'pending.hangUp': z.object({ parkedId: uuidSchema, label, people, lines: lines.min(1) }),
  /** Hangs up a table's order that the kitchen has nothing of, with the cart not yet sent: the table is freed. */
  'order.hangUp': z.object({ orderId: idSchema, parkedId: uuidSchema, label, lines }),
  'pending.addLines': z.object({ parkedId: idSchema, lines: lines.min(1) }),
  'pending.removeLine': z.object({ parkedId: idSchema, lineId: idSchema }),
  /** Seats a parked order: at a free table (a new order, `orderId` minted on the device) or into a table's open order. */
  'pending.resume': z.object({ parkedId: idSchema, tableId: idSchema, orderId: uuidSchema, people: people.optional() }),
  'pending.discard': z.object({ parkedId: idSchema }),
} as const;

/** Events of pending orders. */
export type PendingEvent =
  | { type: 'pending.hungUp'; parked: ParkedOrder }
  /** A table's order left its table as a parked order (its unsent lines and the cart). */
  | { type: 'order.hungUp'; orderId: string; parked: ParkedOrder }
  | { type: 'pending.linesAdded'; parkedId: string; lines: ParkedLine[] }
  | { type: 'pending.lineRemoved'; parkedId: string; lineId: string }
  /** The parked order is gone into a table's order (the table events precede it in the same record). */
  | { type: 'pending.resumed'; parkedId: string; orderId: string }
  | { type: 'pending.discarded'; parkedId: string };

/** The pending slice of the live state. */
export type PendingState = {
  parked: Record<string, ParkedOrder>;
  /** The last number given to a parked order. */
  parkedNo: number;
};

/** Pending orders work the tables (M001). */
export const pendingProtocol = defineProtocol<PendingEvent, PendingState>()({
  name: 'pending',
  commands: pendingCommandPayloads,
  aliases: {
    'pending.hangUp': 'M001',
    'order.hangUp': 'M001',
    'pending.addLines': 'M001',
    'pending.removeLine': 'M001',
    'pending.resume': 'M001',
    'pending.discard': 'M001',
  },
  errors: {
    ORDER_IN_KITCHEN: 409,
    PARKED_NOT_FOUND: 404,
  },
});
