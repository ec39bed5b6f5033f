import { z } from 'zod';
import { shortText, uuidSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { remarkIdsSchema, type LinePreset } from '../remarks.ts';
import type { Bill } from './dine-in.ts';

/**
 * Kitchen actions on an order's lines (SPEC.md section 4 "Actions seen"):
 * hold on dish, prepare order (fire), expedite, gift, cancel or withdraw with
 * a reason, reorder, and a remark on any dish. Each action is one command and
 * one event; the printing issue turns each event into a kitchen ticket
 * (hub/domain/kitchen/README.md lists which). Returns stay in dine-in
 * (`order.returnLine`). The lines' fields are dine-in's (`OrderLine`).
 */

const lineIds = z.array(idSchema).min(1).max(100);
const qty = z.int().min(1).max(999);

const kitchenCommandPayloads = {
  /** "Hold on dish": the kitchen must not cook these lines until they are fired (sent or not yet). */
  'order.holdLines': z.object({ orderId: idSchema, lineIds }),
  /** "Prepare order": fire held lines (the kitchen may cook them now); without `lineIds`, every one of the order. */
  'order.fire': z.object({ orderId: idSchema, lineIds: lineIds.optional() }),
  /** Expedite: ask the kitchen to hurry lines it has (not held); without `lineIds`, every one of the order. */
  'order.rush': z.object({ orderId: idSchema, lineIds: lineIds.optional() }),
  /** Gift some or all portions of a line (SPEC.md section 9 gift reasons; the reason is required). */
  'order.giftLine': z.object({ orderId: idSchema, lineId: idSchema, qty, reason: shortText }),
  /** Withdraw portions of a line the kitchen already has (a reason is required). Unsent lines are removed instead. */
  'order.cancelLine': z.object({ orderId: idSchema, lineId: idSchema, qty, reason: shortText, toStock: z.boolean().optional() }),
  /** Withdraw the whole order with a reason: the table is freed and the order is archived as withdrawn (delete flag 2). */
  'order.withdraw': z.object({ orderId: idSchema, reason: shortText }),
  /** Order lines again: each copied as a new unsent line (`lineId` minted on the device) at today's menu price. */
  'order.reorder': z.object({
    orderId: idSchema,
    lines: z.array(z.object({ fromLineId: idSchema, lineId: uuidSchema })).min(1).max(100),
  }),
  /** A dish's remark (free text, and the presets picked by id); on a line the kitchen has, it reaches the kitchen as an amendment. */
  'order.setRemark': z.object({ orderId: idSchema, lineId: idSchema, remark: shortText, remarkIds: remarkIdsSchema.optional() }),
} as const;

/** Events of the kitchen actions (each one a kitchen ticket in the printing issue). */
export type KitchenEvent =
  | { type: 'order.linesHeld'; orderId: string; lineIds: string[] }
  | { type: 'order.linesFired'; orderId: string; lineIds: string[] }
  | { type: 'order.linesRushed'; orderId: string; lineIds: string[] }
  | { type: 'order.lineGifted'; orderId: string; lineId: string; qty: number; reason: string }
  | { type: 'order.lineCancelled'; orderId: string; lineId: string; qty: number; reason: string; toStock?: boolean }
  /**
   * The withdrawn order as it goes to the archive: a Bill with `deleted: 2`, its reason, and nothing charged.
   * `openedBy`: the waiter who opened the order, named on the ORDER VOID ticket (the bill's operator is who
   * withdrew it); events before issue 19 lack it.
   */
  | { type: 'order.withdrawn'; bill: Bill; openedBy?: string | null }
  /** `presets`: the presets the line has now (absent: none; events before issue 18 never carry it). */
  | { type: 'order.lineRemarkSet'; orderId: string; lineId: string; remark: string; presets?: LinePreset[]; sent: boolean };

/** Kitchen actions keep no state of their own: they change dine-in's orders. */
export type KitchenState = object;

/** Kitchen actions: M001 for the waiter's, `gift` and `cancelOrder` for what costs the restaurant money. */
export const kitchenProtocol = defineProtocol<KitchenEvent, KitchenState>()({
  name: 'kitchen',
  commands: kitchenCommandPayloads,
  aliases: {
    'order.holdLines': 'M001',
    'order.fire': 'M001',
    'order.rush': 'M001',
    'order.giftLine': 'gift',
    'order.cancelLine': 'cancelOrder',
    'order.withdraw': 'cancelOrder',
    'order.reorder': 'M001',
    'order.setRemark': 'M001',
  },
  errors: {
    NOTHING_TO_HOLD: 409,
    NOTHING_HELD: 409,
    NOTHING_TO_RUSH: 409,
    LINE_CLOSED: 409,
  },
});
