import type { State } from '#protocol';
import { getOwn } from '#hub/domain/records.ts';
import type { Takeout } from './contract.ts';

/** The live takeouts this device may see (the hub's presenters shaped them for the signed-in role). */
export function liveTakeouts(state: State): Takeout[] {
  // A replica of a role that does not get the slice has none.
  return Object.values(state.takeouts ?? {});
}

/** One live takeout by id; an id from the address bar (`__proto__`) is simply none. */
export function takeoutById(state: State, id: string): Takeout | undefined {
  return getOwn(state.takeouts ?? {}, id);
}
