import type { State } from '#protocol';
import { isReservedId } from '#protocol';

/** The keyed collections of the state: each maps an id to a record carrying that same id. */
const KEYED = ['categories', 'products', 'areas', 'tables', 'orders', 'staff', 'roles', 'alerts'] as const satisfies readonly (keyof State)[];

/** The state without damaged records, and what was dropped (as `products.constructor`). */
export type Repaired = { state: State; dropped: string[] };

/**
 * Drops records no rule could have made whole. Before ids had a protocol
 * rule (issue 7), a command naming `constructor` or `__proto__` could leave
 * an entry under that name holding half a product (`{listed:false}`), and
 * from then on every rule that lists the products failed. Such an entry was
 * never a real record, so the owner is best served by a hub that starts
 * without it rather than one that refuses to start. Dropped: entries keyed
 * by a name plain objects answer to (hub/protocol/ids.ts), entries that are
 * not objects, and entries whose own `id` is not their key. Records whose id
 * merely falls outside today's id alphabet are kept: they were accepted when
 * made and may hold an open order's money. Pure; the input is never changed.
 */
export function dropDamagedRecords(state: State): Repaired {
  const dropped: string[] = [];
  let out = state;
  for (const name of KEYED) {
    const records: unknown = state[name];
    if (typeof records !== 'object' || records === null) continue;
    const bad = Object.keys(records).filter((key) => isDamaged(key, (records as Record<string, unknown>)[key]));
    if (bad.length === 0) continue;
    const kept = Object.fromEntries(Object.entries(records).filter(([key]) => !bad.includes(key)));
    out = { ...out, [name]: kept };
    dropped.push(...bad.map((key) => `${name}.${key}`));
  }
  return { state: out, dropped };
}

function isDamaged(key: string, value: unknown): boolean {
  if (isReservedId(key)) return true;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return true;
  return (value as { id?: unknown }).id !== key;
}
