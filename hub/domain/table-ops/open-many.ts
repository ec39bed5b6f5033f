import type { CommandPayload, DomainEvent, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { NO_GUEST, refused, seatAt } from './seat.ts';

/**
 * M0092: opens several free tables at once, each with its own order and
 * party size. All or none: one table that is not free refuses the whole
 * batch (the refusal names it), so a waiter never half-opens a group.
 */
export function openMany(s: State, p: CommandPayload<'table.openMany'>, ctx: DecideContext): Decision {
  const seen = new Set<string>();
  let state = s;
  const events: DomainEvent[] = [];
  for (const want of p.tables) {
    if (seen.has(want.tableId)) return refuse('DUPLICATE_ID', want.tableId);
    seen.add(want.tableId);
    const step = seatAt(state, want.tableId, want.orderId, want.people, NO_GUEST, ctx);
    if (refused(step)) return step;
    state = step.state;
    events.push(...step.events);
  }
  return accept(events);
}
