import type { DomainEvent, EventType, State } from '../protocol/index.ts';
import { floorAppliers } from './appliers/floor.ts';
import { menuAppliers } from './appliers/menu.ts';
import { orderAppliers } from './appliers/orders.ts';
import { staffAppliers } from './appliers/staff.ts';
import { stockAppliers } from './appliers/stock.ts';
import { jobAppliers } from './jobs/appliers.ts';

type Appliers = { [T in EventType]: (state: State, event: Extract<DomainEvent, { type: T }>) => State };

/** One applier per event type; the compiler rejects a missing or extra one. */
const appliers: Appliers = { ...menuAppliers, ...stockAppliers, ...floorAppliers, ...orderAppliers, ...staffAppliers, ...jobAppliers } satisfies Appliers;

/**
 * Folds one event into the state and returns the new state (the input is
 * never changed). The hub and every device use this same function, so a
 * replica can never drift from the hub by interpretation.
 */
export function apply(state: State, event: DomainEvent): State {
  const applier = appliers[event.type] as (s: State, e: DomainEvent) => State;
  return applier(state, event);
}

export function applyAll(state: State, events: readonly DomainEvent[]): State {
  return events.reduce(apply, state);
}
