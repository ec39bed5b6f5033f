import type { ClosedShift, CommandPayload, CountedMethod, ShiftCount, State } from '#protocol';
import { COUNTED_METHODS, SHIFT_MAX_MOVES } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { emptyTotals, expectedByMethod } from './totals.ts';

/** One open shift at a time: the hub is one register (README.md here). */
export function openShift(s: State, p: CommandPayload<'shift.open'>, ctx: DecideContext): Decision {
  if (s.openShift) return refuse('SHIFT_ALREADY_OPEN');
  return accept([{ type: 'shift.opened', shift: { id: p.id, openedAt: ctx.now, openedBy: ctx.actor.staffId, floatCents: p.floatCents, totals: emptyTotals(), moves: [] } }]);
}

/** Cash put in or taken out with a reason; never more out than the drawer should hold. */
export function moveCash(s: State, p: CommandPayload<'shift.cashMove'>, ctx: DecideContext): Decision {
  const shift = s.openShift;
  if (!shift) return refuse('NO_OPEN_SHIFT');
  if (shift.moves.some((m) => m.id === p.id)) return refuse('SHIFT_MOVE_EXISTS');
  if (shift.moves.length >= SHIFT_MAX_MOVES) return refuse('SHIFT_TOO_MANY_MOVES');
  if (p.direction === 'out' && p.amountCents > (expectedByMethod(shift).cash ?? 0)) return refuse('CASH_OUT_TOO_LARGE');
  return accept([{ type: 'shift.cashMoved', move: { id: p.id, direction: p.direction, amountCents: p.amountCents, reason: p.reason, at: ctx.now, by: ctx.actor.staffId } }]);
}

/**
 * The close: every method the shift expects must be counted (a forgotten
 * one would read as money missing); a method counted but not expected is
 * kept too, as money over. The differences are counted − expected.
 */
export function closeShift(s: State, p: CommandPayload<'shift.close'>, ctx: DecideContext): Decision {
  const shift = s.openShift;
  if (!shift) return refuse('NO_OPEN_SHIFT');
  const expected = expectedByMethod(shift);
  const counts: ShiftCount[] = [];
  for (const method of COUNTED_METHODS as readonly CountedMethod[]) {
    const expectedCents = expected[method];
    const countedCents = p.counted[method];
    if (expectedCents !== undefined && countedCents === undefined) return refuse('SHIFT_COUNT_MISSING', method);
    if (expectedCents === undefined && countedCents === undefined) continue;
    counts.push({ method, expectedCents: expectedCents ?? 0, countedCents: countedCents ?? 0, differenceCents: (countedCents ?? 0) - (expectedCents ?? 0) });
  }
  const closed: ClosedShift = { ...shift, closedAt: ctx.now, closedBy: ctx.actor.staffId, counts, note: p.note };
  return accept([{ type: 'shift.closed', shift: closed }]);
}
