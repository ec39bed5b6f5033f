import { z } from 'zod';
import { uuidSchema } from './entities.ts';
import { commandPayloads } from './registry.ts';

export { commandPayloads } from './registry.ts';

export type CommandType = keyof typeof commandPayloads;
export const COMMAND_TYPES = Object.keys(commandPayloads) as CommandType[];
export type CommandPayload<K extends CommandType> = z.infer<(typeof commandPayloads)[K]>;

/** What a device sends: `id` is its idempotency key, `at` its own clock, `approval` a manager's token. */
export const envelopeSchema = z.object({
  id: uuidSchema,
  type: z.string().min(1).max(64),
  // Read only once the sender may send this type (hub/engine/intake.ts): a missing one is the payload's own REQUIRED_FIELD.
  payload: z.unknown().optional(),
  deviceId: z.string().min(1).max(64),
  at: z.iso.datetime({ offset: true }),
  /**
   * A manager's approval token for this very command id (POST /api/approval;
   * hub/engine/intake.ts resolves it). Never recorded: the log keeps who approved.
   */
  approval: z.string().min(1).max(128).optional(),
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
  /** The boletas and facturas a settlement was numbered with (issue 18 item 21: the till names them); none for a sale note. */
  documents?: { type: '01' | '03'; series: string; number: number }[];
  /** A new take-away or delivery order's codes (issue 21): "T-0042" and the pickup code "042" the till calls out. */
  takeoutCode?: string;
  pickupCode?: string;
  /** A new member's number "000001" and a recharge order's number (issue 22). */
  memberNo?: string;
  rechargeNo?: number;
};

export function isCommandType(type: string): type is CommandType {
  return Object.hasOwn(commandPayloads, type);
}
