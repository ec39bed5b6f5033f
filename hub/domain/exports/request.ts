import type { CommandPayload, State } from '#protocol';
import { businessDayOf, closingHourOf } from '../business-day.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { isCalendarDay } from '../einvoice/summary.ts';

/** The business day that is under way at `now` (an export of it is a partial day, allowed on demand). */
export function currentBusinessDay(s: State, now: string): string {
  return businessDayOf(now, closingHourOf(s.settings));
}

/**
 * `export.run` (hub-only, hub/domain/hub-rules.ts): the owner, a manager or
 * the hub at the closing hour asks for a business day's export. A real day
 * not after the one under way; the jobs follow in the same log record
 * (reactions.ts). Asking again exports again: the folder is replaced whole.
 */
export function requestExport(s: State, p: CommandPayload<'export.run'>, ctx: DecideContext): Decision {
  if (!isCalendarDay(p.day) || p.day > currentBusinessDay(s, ctx.now)) return refuse('INCORRECT_INPUT', 'day');
  return accept([{ type: 'export.requested', day: p.day, what: p.what }]);
}
