import { z } from 'zod';
import { calendarDaySchema } from './calendar-day.ts';

/**
 * The staff activity view (owner and manager): one entry per command the hub
 * recorded, with who sent it and from which device. Kept per day on disk
 * (`activity/YYYY-MM-DD.jsonl`), so it outlives the log segments.
 */
export type ActivityEntry = {
  seq: number;
  /** Hub time. */
  at: string;
  staffId: string | null;
  /** The manager who approved it on the sender's device (a gift, a void, a discount beyond the role's limit). */
  approvedBy?: string;
  deviceId: string;
  type: string;
  /** A few plain facts from the events (table, order, bill number, amount...), to say what it touched. */
  detail: Record<string, string | number>;
};

const day = calendarDaySchema;

/** GET /api/activity query: every filter optional; days in the restaurant's calendar. */
export const activityQuerySchema = z.object({
  staffId: z.string().max(64).optional(),
  deviceId: z.string().max(64).optional(),
  type: z.string().max(64).optional(),
  from: day.optional(),
  to: day.optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** GET /api/activity answer: newest first; `devices` names each device id seen (its browser, as enrolled). */
export type ActivityPage = { ok: true; entries: ActivityEntry[]; devices: Record<string, string>; truncated: boolean };
