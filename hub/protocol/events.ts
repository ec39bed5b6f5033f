import type { DomainEvent } from './registry.ts';

/** Domain events: every feature's events (composed in registry.ts). */
export type { DomainEvent } from './registry.ts';

export type EventType = DomainEvent['type'];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;
