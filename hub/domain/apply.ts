import type { DomainEvent, State } from '#protocol';
import { appliers } from './registry.ts';

/**
 * Folds one event into the state and returns the new state (the input is
 * never changed). The hub and every device use this same function, so a
 * replica can never drift from the hub by interpretation. The appliers are
 * every feature's (registry.ts).
 */
export function apply(state: State, event: DomainEvent): State {
  const applier = appliers[event.type] as (s: State, e: DomainEvent) => State;
  return applier(state, event);
}

export function applyAll(state: State, events: readonly DomainEvent[]): State {
  return events.reduce(apply, state);
}
