import { z } from 'zod';

/**
 * The rule every id a device may name follows. State keeps its records in
 * plain objects keyed by id (they travel as JSON), so an id must never be a
 * name that plain objects already answer to: `state.products['constructor']`
 * would find Object's constructor, and `orders['__proto__'] = x` would
 * replace the prototype instead of storing an order. Ids are also kept to a
 * plain alphabet so they are safe in a log line, a file name and a URL.
 */

/**
 * Names a plain object answers to without holding them: Object.prototype's
 * members, plus `prototype` (a function's). Written out rather than read from
 * the runtime, so that the hub and every browser refuse the same set; a test
 * checks that nothing on this runtime's Object.prototype is missing.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set([
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
  'prototype',
]);

/** Letters, digits and `_ . : -`: what uuids, `p-101`, `t-s1` and `role-1a2b3c4d` are made of. */
export const ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;

/** Whether a string may name a record: the id alphabet, and not a name objects answer to. */
export function isSafeId(id: string): boolean {
  return ID_PATTERN.test(id) && !RESERVED_IDS.has(id);
}

/** Whether a key would reach (or replace) something a plain object already has. */
export function isReservedId(id: string): boolean {
  return RESERVED_IDS.has(id);
}

/** Any id a command names: 1-64 characters of the id alphabet, never a reserved name. */
export const idSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(ID_PATTERN)
  .refine((id) => !RESERVED_IDS.has(id), { message: 'reserved id' });

/** A reference that may be empty ('' means none), such as a dish's kitchen station. */
export const optionalIdSchema = z.union([z.literal(''), idSchema]);
