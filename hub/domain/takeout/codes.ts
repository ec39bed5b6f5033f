import type { State, Takeout } from '#protocol';
import { PICKUP_CODE_DIGITS } from '#protocol';

/**
 * The two numbers a takeout gets from the hub, never from a device:
 * - the pickup code, "042": read aloud at the counter and shown on the board, so short; it starts
 *   again at 001 each business day and after 999 (a thousand orders a day is no counter's day);
 * - the order code, "T-0042": never reused, what the channel, the bill and a refund name.
 */
const PICKUP_WRAP = 10 ** PICKUP_CODE_DIGITS - 1;

export type TakeoutCodes = { pickupNo: number; pickupCode: string; codeNo: number; code: string };

/** The codes of the next takeout of business day `day`. */
export function nextCodes(counters: State['takeoutCounters'], day: string): TakeoutCodes {
  const last = counters.day === day ? counters.pickupNo : 0;
  const pickupNo = (last % PICKUP_WRAP) + 1;
  const codeNo = counters.codeNo + 1;
  return { pickupNo, pickupCode: String(pickupNo).padStart(PICKUP_CODE_DIGITS, '0'), codeNo, code: `T-${String(codeNo).padStart(4, '0')}` };
}

/** The counters once `t` is recorded, read back from its codes (the event carries them, the applier never counts). */
export function countersAfter(counters: State['takeoutCounters'], t: Takeout): State['takeoutCounters'] {
  const pickupNo = Number.parseInt(t.pickupCode, 10);
  const codeNo = Number.parseInt(t.code.slice(2), 10);
  return {
    day: t.businessDay,
    pickupNo: Number.isSafeInteger(pickupNo) ? pickupNo : counters.pickupNo,
    codeNo: Number.isSafeInteger(codeNo) ? Math.max(counters.codeNo, codeNo) : counters.codeNo,
  };
}

/** The index key of an intake order, `<channelId>:<externalId>`; null for the counter and phone. */
export function intakeKeyOf(t: Pick<Takeout, 'channel' | 'externalId'>): string | null {
  if (!t.channel.startsWith('web:') || t.externalId === null) return null;
  return `${t.channel.slice(4)}:${t.externalId}`;
}
