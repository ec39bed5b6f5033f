import { z } from 'zod';
import {
  areaSchema,
  categorySchema,
  centsSchema,
  customerSchema,
  idSchema,
  shortText,
  tableDefSchema,
  uuidSchema,
} from './entities.ts';
import { goodsCommandPayloads, productInputSchema } from './goods.ts';
import { jobCommandPayloads } from './jobs.ts';
import { staffCommandPayloads } from './staff.ts';

/**
 * Payload schema of every command a device may send. The keys are the command
 * types; handlers on the hub and the client's senders are typed from this map,
 * so a type name can never be spelled two ways.
 */
export const commandPayloads = {
  'restaurant.rename': z.object({ name: z.string().trim().min(1).max(80) }),

  'category.save': categorySchema,
  'product.save': productInputSchema,
  'product.setSoldOut': z.object({ productId: idSchema, soldOut: z.boolean() }),
  'product.setListed': z.object({ productId: idSchema, listed: z.boolean() }),

  'area.save': areaSchema,
  'table.save': tableDefSchema,

  'table.open': z.object({
    tableId: idSchema,
    /** Minted on the device so that it can keep ordering while offline. */
    orderId: uuidSchema,
    people: z.int().min(1).max(99),
    customer: customerSchema,
  }),
  'order.addLines': z.object({
    orderId: idSchema,
    lines: z
      .array(
        z.object({
          lineId: uuidSchema,
          productId: idSchema,
          /** The size ordered; required when the dish has sizes. */
          specId: idSchema.nullable().optional(),
          qty: z.int().min(1).max(999),
          remark: shortText,
        }),
      )
      .min(1)
      .max(100),
    /**
     * Send every unsent line to the kitchen in the same command: "send to
     * kitchen" is one gesture, so the lines and the send stand or fall together.
     */
    send: z.boolean().optional(),
  }),
  'order.removeLine': z.object({ orderId: idSchema, lineId: idSchema }),
  'order.returnLine': z.object({
    orderId: idSchema,
    lineId: idSchema,
    qty: z.int().min(1).max(999),
    reason: shortText,
    /** SPEC.md order line: put the portions back into inventory (dish not made or untouched). */
    toStock: z.boolean().optional(),
  }),
  'order.send': z.object({ orderId: idSchema }),
  'order.prebill': z.object({ orderId: idSchema }),
  'order.cancelPrebill': z.object({ orderId: idSchema }),
  'order.settleCash': z.object({ orderId: idSchema, receivedCents: centsSchema }),
  'table.clear': z.object({ tableId: idSchema }),

  ...goodsCommandPayloads,

  ...staffCommandPayloads,

  ...jobCommandPayloads,
} as const;

export type CommandType = keyof typeof commandPayloads;
export const COMMAND_TYPES = Object.keys(commandPayloads) as CommandType[];
export type CommandPayload<K extends CommandType> = z.infer<(typeof commandPayloads)[K]>;

/** What a device sends: `id` is its idempotency key, `at` its own clock. */
export const envelopeSchema = z.object({
  id: uuidSchema,
  type: z.string().min(1).max(64),
  payload: z.unknown(),
  deviceId: z.string().min(1).max(64),
  at: z.iso.datetime({ offset: true }),
});
export type Envelope = z.infer<typeof envelopeSchema>;

export type Command<K extends CommandType = CommandType> = {
  [T in K]: Omit<Envelope, 'type' | 'payload'> & { type: T; payload: CommandPayload<T> };
}[K];

/** Results the hub returns for commands that create something. */
export type CommandResult = {
  orderId?: string;
  orderNo?: number;
  billNo?: number;
  changeCents?: number;
  totalCents?: number;
};

export function isCommandType(type: string): type is CommandType {
  return Object.hasOwn(commandPayloads, type);
}
