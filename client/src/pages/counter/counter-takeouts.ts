import type { State, Takeout } from '#protocol';

/** Which list of the counter orders page a takeout sits in. */
export type CounterTab = 'preparing' | 'ready' | 'toBePaid';

/**
 * The live takeouts the counter hands over: picked up at the store (method 1),
 * received (2) or to be paid (12), in the order they were made. Orders of a
 * channel still waiting to be accepted (0, 1) are the delivery page's.
 */
export function counterTakeouts(state: State): Takeout[] {
  return Object.values(state.takeouts ?? {})
    .filter((t) => t.method === 1 && (t.status === 2 || t.status === 12))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.code.localeCompare(b.code));
}

/** To be paid first (the guest cannot leave with it), then ready, else preparing. */
export function counterTab(t: Takeout): CounterTab {
  if (!t.paid) return 'toBePaid';
  return t.ready ? 'ready' : 'preparing';
}

/** The pickup board's two columns: codes still cooking and codes to collect (paid or not: the guest pays at the counter). */
export function boardColumns(state: State): { preparing: Takeout[]; ready: Takeout[] } {
  const live = counterTakeouts(state);
  return { preparing: live.filter((t) => !t.ready), ready: live.filter((t) => t.ready) };
}
