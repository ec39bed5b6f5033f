import type { CommandResult, DomainEvent, State } from '#protocol';
import { apply } from '../apply.ts';
import { accept, type Decision } from '../decision.ts';

/**
 * Several rules of other features run as one decision (a takeout's order is made by dine-in's
 * own line, lunch box and sending rules): each step decides on the state the steps before
 * left, and the first refusal refuses the whole. Pure, like every step.
 */
export type Step = (s: State) => Decision;

export function composeSteps(state: State, first: readonly DomainEvent[], steps: readonly Step[], result: CommandResult = {}): Decision {
  const events: DomainEvent[] = [...first];
  let s = first.reduce(apply, state);
  for (const step of steps) {
    const d = step(s);
    if (!d.ok) return d;
    events.push(...d.events);
    s = d.events.reduce(apply, s);
  }
  return accept(events, result);
}
