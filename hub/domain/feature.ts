import type { CommandPayload, CommandType, EventOf, EventType, State } from '#protocol';
import type { DecideContext, Decision } from './decision.ts';
import type { Migration } from './migrations/index.ts';

/** The rule of one command type: the events it causes, or why it is refused. */
export type Handler<K extends CommandType> = (state: State, payload: CommandPayload<K>, ctx: DecideContext) => Decision;
/** One handler per command type: what the registry must hold. */
export type Handlers = { [K in CommandType]: Handler<K> };

/** How one event type changes the state (never mutating its input). */
export type Applier<T extends EventType> = (state: State, event: EventOf<T>) => State;
/** One applier per event type: what the registry must hold. */
export type Appliers = { [T in EventType]: Applier<T> };

/**
 * One feature's part of the rules (dine-in, goods, staff...): the handlers of
 * its commands, the appliers of its events, its slice of a new hub's state
 * and the store migrations that reshape that slice. `registry.ts` composes
 * every part; the compiler there rejects a command without a handler, an
 * event without an applier and a state key nobody starts. The feature's test
 * samples (one command or more of each type, for the purity test) are in
 * `samples.ts` beside it, kept out of this object so the client never bundles them.
 */
export type DomainFeature = {
  /** The feature's folder under hub/domain (where its samples.ts is found). */
  name: string;
  handlers: Partial<Handlers>;
  appliers: Partial<Appliers>;
  /** The feature's keys of the state of a hub that has never recorded anything. */
  initialState: () => Partial<State>;
  migrations: readonly Migration[];
};
