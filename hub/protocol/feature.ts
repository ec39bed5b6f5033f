import type { z } from 'zod';
import type { Alias } from './aliases.ts';

/** The gate of a command the hub records itself (sign-in notes, alerts): no device may send it. */
export const INTERNAL = 'internal' as const;
/** What a staff member's role needs to send a command: an alias, or INTERNAL (the hub only). */
export type CommandGate = Alias | typeof INTERNAL;

/**
 * One feature's part of the contract (dine-in, goods, staff...): its command
 * payload schemas, who may send each (typed over its own commands, so a
 * command without a gate does not compile), the error codes only it answers
 * with (code -> HTTP status), and, as types only, its events and its slice of
 * the live state. `registry.ts` composes every part into the protocol.
 */
export type ProtocolFeature<C extends Record<string, z.ZodType>, E extends { type: string }, S extends object, X extends Record<string, number>> = {
  name: string;
  commands: C;
  aliases: { readonly [K in keyof C]: CommandGate };
  errors: X;
  /** Never present at run time: carries the feature's event union and state slice for the registry's types. */
  readonly types?: { event: E; state: S };
};

/**
 * Declares a feature's protocol part. The event union and state slice are
 * given by hand (`defineProtocol<MyEvent, MyState>()({...})`); the commands,
 * aliases and errors are inferred from the object, literal keys kept.
 */
export function defineProtocol<E extends { type: string }, S extends object>() {
  return <const C extends Record<string, z.ZodType>, const X extends Record<string, number>>(part: ProtocolFeature<C, E, S, X>): ProtocolFeature<C, E, S, X> => part;
}

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/**
 * Merges the features' parts (their commands, gates, handlers...) into one
 * object, typed as the intersection of the parts, to be checked against the
 * whole where it is used. Two features naming the same key is a mistake
 * that would silently let one shadow the other: it throws, at start.
 */
export function combineParts<T extends object>(what: string, parts: readonly T[]): UnionToIntersection<T> {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (Object.hasOwn(out, key)) throw new Error(`${what}: "${key}" is declared by two features`);
      out[key] = value;
    }
  }
  // Built key by key from exactly these parts.
  return out as UnionToIntersection<T>;
}
