import type { State, Takeout } from '#protocol';
import { TAKEOUT_STATUS } from '#protocol';

/**
 * "There is a new order to take away!" (SPEC.md section 2, issue 21): a web
 * order (or any takeout) that nobody at the restaurant accepted yet:
 * submitted (0), or paid by the channel (1). Read from the live state every
 * M005 device already holds; no command, no event of its own.
 */
const WAITING: ReadonlySet<number> = new Set([TAKEOUT_STATUS.submitted, TAKEOUT_STATUS.paid]);

/** Takeouts waiting for the restaurant to accept them, oldest first. */
export function waitingTakeouts(state: Pick<State, 'takeouts'>): Takeout[] {
  return Object.values(state.takeouts ?? {})
    .filter((t) => WAITING.has(t.status))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/**
 * Which of `now` this device has not announced yet; `announced` is kept to
 * the ones still waiting, so an order refused and sent again is announced again.
 */
export function newArrivals(announced: ReadonlySet<string>, now: readonly Takeout[]): { fresh: Takeout[]; announced: Set<string> } {
  return { fresh: now.filter((t) => !announced.has(t.id)), announced: new Set(now.map((t) => t.id)) };
}

/** While orders wait, the chime comes again this often: one beep is easy to miss in a loud kitchen. */
export const REMINDER_MS = 60_000;
