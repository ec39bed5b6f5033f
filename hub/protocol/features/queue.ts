import { z } from 'zod';
import { uuidSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import type { Order } from './dine-in.ts';

/**
 * Queue calling (SPEC.md alias M010): walk-in groups take a number with their
 * party size (a name and phone if they give them), are called in turn, and
 * are seated at a free table (which opens with the party size), or marked as
 * not having come, or cancelled. Numbers start again at 1 each restaurant day
 * (Lima); the live state holds only today's numbers.
 */

/** Where a number stands: waiting → called (may be called again) → seated | noShow; waiting or called → cancelled. */
export const QUEUE_STATUSES = ['waiting', 'called', 'seated', 'noShow', 'cancelled'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** The most numbers one day may hand out. */
export const QUEUE_MAX_PER_DAY = 999;

export type QueueEntry = {
  id: string;
  /** The number called out, 1, 2, 3... from the start of the day. */
  no: number;
  people: number;
  name: string;
  phone: string;
  status: QueueStatus;
  takenAt: string;
  /** The last time it was called ('' before), and how many times. */
  calledAt: string;
  calls: number;
  /** Where the group sat (when seated). */
  tableId: string | null;
  orderId: string | null;
  /** When it was seated, marked no-show or cancelled ('' before). */
  closedAt: string;
};

const entryRef = z.object({ entryId: idSchema });

/** Payload schemas of queue calling. */
const queueCommandPayloads = {
  'queue.take': z.object({
    entryId: uuidSchema,
    people: z.int().min(1).max(99),
    name: z.string().trim().max(60),
    phone: z.string().trim().regex(/^(\+?\d{6,15})?$/),
  }),
  /** Call this number (the device offers the next waiting one; calling again repeats the call). */
  'queue.call': entryRef,
  /** Seat the group at a free table: the table opens with the party size. */
  'queue.seat': z.object({ entryId: idSchema, tableId: idSchema, orderId: uuidSchema }),
  'queue.noShow': entryRef,
  'queue.cancel': entryRef,
} as const;

/** Events of queue calling. */
export type QueueEvent =
  /** `day` is the restaurant day of `entry.takenAt`: a new day empties the queue first. */
  | { type: 'queue.taken'; day: string; entry: QueueEntry }
  | { type: 'queue.called'; entryId: string; at: string }
  /** Follows the `table.opened` of the same decision. */
  | { type: 'queue.seated'; entryId: string; tableId: string; orderId: Order['id']; at: string }
  | { type: 'queue.closed'; entryId: string; status: 'noShow' | 'cancelled'; at: string };

/** The queue slice of the live state: today's numbers only. */
export type QueueState = {
  queue: { day: string; lastNo: number; entries: Record<string, QueueEntry> };
};

/** Queue calling, gated by M010. */
export const queueProtocol = defineProtocol<QueueEvent, QueueState>()({
  name: 'queue',
  commands: queueCommandPayloads,
  aliases: {
    'queue.take': 'M010',
    'queue.call': 'M010',
    'queue.seat': 'M010',
    'queue.noShow': 'M010',
    'queue.cancel': 'M010',
  },
  errors: {
    QUEUE_ENTRY_CLOSED: 409,
    QUEUE_FULL: 409,
  },
});
