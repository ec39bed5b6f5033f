import type { DomainEvent, State } from '#protocol';
import { STORE_FORMAT_VERSION } from '#protocol';
import { emptyState, FEATURE_MIGRATIONS } from '../registry.ts';

/**
 * One step of the store's format: `up` turns a state of format `version - 1`
 * into one of format `version`. Pure (returns a new state, never changes its
 * argument) and tolerant of a state that already has what it adds, because
 * format 1 named several shapes (see README "Migrations" in hub/store).
 */
export type Migration = {
  version: number;
  name: string;
  up: (state: State) => State;
  /**
   * What the step does to one event of a log record written before it (optional): recovery runs it
   * on the record's events once, when the log is read back (`upgradeEvents`), so the appliers only
   * ever fold events of today's shape and pay nothing per command for older ones (issue 20).
   * Pure and tolerant like `up`; returns the event itself when it has nothing to add.
   */
  upEvent?: (event: DomainEvent) => DomainEvent;
};

/**
 * Every migration, oldest first, numbered without gaps from 2 to
 * STORE_FORMAT_VERSION (a test holds this). Each feature slice owns its
 * transforms and lists them in its feature part (`migrations`); the registry
 * gathers and orders them. Never renumber or remove one: data on some hub is
 * still at every version ever released.
 */
export const MIGRATIONS: readonly Migration[] = FEATURE_MIGRATIONS;

/**
 * The format a log record was written in. Records carry `format` since
 * numbered migrations; one without it was written by a hub whose snapshots
 * said format 1, and counts as 2: those hubs already logged staff events
 * (which need migration 2's slices) and, before goods management, dishes
 * of the old shape (which migration 3, run after them, completes).
 */
export function recordFormat(record: { format?: number }): number {
  return typeof record.format === 'number' ? record.format : LEGACY_RECORD_FORMAT;
}

/** See recordFormat. */
export const LEGACY_RECORD_FORMAT = 2;

/**
 * The events of a log record written in format `from`, brought to today's
 * shape by every later step's `upEvent`, oldest first. Today's records come
 * back as they are (the same array), without a walk.
 */
export function upgradeEvents(events: DomainEvent[], from: number, table: readonly Migration[] = MIGRATIONS): DomainEvent[] {
  const steps = table.filter((m) => m.version > from && m.upEvent);
  if (steps.length === 0) return events;
  return events.map((event) => steps.reduce((e, m) => m.upEvent!(e), event));
}

/** Thrown for data this hub cannot read: written by a newer hub, or a step with no migration. */
export class StoreFormatError extends Error {
  override name = 'StoreFormatError';
}

/**
 * Brings `state`, of format `from`, to format `to` by running each migration
 * in between once, in order. `from >= to` runs no step (missing slices are
 * still filled from `emptyState()`). A `to` beyond
 * what this hub knows is refused: never guess at a newer hub's data.
 */
export function migrate(state: State, from: number, to: number = STORE_FORMAT_VERSION, table: readonly Migration[] = MIGRATIONS): { state: State; applied: string[] } {
  const latest = table.at(-1)?.version ?? 1;
  if (to > latest) throw new StoreFormatError(`data of store format ${to} was written by a newer hub (this one knows up to ${latest}): update this hub`);
  const applied: string[] = [];
  let next = state;
  for (const m of table) {
    if (m.version <= from || m.version > to) continue;
    next = m.up(next);
    applied.push(`${m.version} ${m.name}`);
  }
  // Every open, not only after a step: a slice added without a format bump (printers, issue 10)
  // is missing from data already at today's format too.
  return { state: withEverySlice(next), applied };
}

/**
 * A slice a newer feature added (reservations, the queue...) starts as a new
 * hub's would: data written before that feature simply had none of it. So a
 * new slice needs no migration of its own, only its `initialState`.
 */
function withEverySlice(state: State): State {
  const fresh = emptyState();
  const missing = (Object.keys(fresh) as (keyof State)[]).filter((k) => !Object.hasOwn(state, k));
  if (missing.length === 0) return state;
  const out: State = { ...state };
  for (const k of missing) Object.assign(out, { [k]: fresh[k] });
  return out;
}
