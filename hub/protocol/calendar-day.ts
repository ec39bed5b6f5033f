import { z } from 'zod';

/**
 * The one schema for a calendar day every date route reads (issue 19 items 8
 * and 19): `YYYY-MM-DD` naming a day that exists, so `2026-02-30`,
 * `2026-13-01` and `9999-99-99` are refused (400 INCORRECT_INPUT) before a
 * route reads a day file or does date arithmetic with it.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one; 2028-02-29 is). */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A query or body field holding a calendar day (see isCalendarDay). */
export const calendarDaySchema = z.string().max(10).refine(isCalendarDay);
