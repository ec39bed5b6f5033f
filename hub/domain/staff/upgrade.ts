import type { State } from '#protocol';
import { DEFAULT_SETTINGS } from '#protocol';

/**
 * Store migration 2 (see ../migrations): gives a state recorded before staff
 * and roles existed (issue 3) its empty staff, roles, settings and alerts, so
 * an existing hub updates in place and comes up unclaimed. Pure, and a no-op
 * on a state that has them: format 1 covers hubs from before and after staff.
 */
export function upgradeStaff(state: State): State {
  // `jobs` left the state at format 6 (migration 6 drops what this adds).
  const legacy = state as Partial<State> & { jobs?: unknown };
  if (legacy.staff && legacy.roles && legacy.settings && legacy.alerts && legacy.jobs) return state;
  return {
    ...state,
    staff: legacy.staff ?? {},
    roles: legacy.roles ?? {},
    settings: legacy.settings ?? { ...DEFAULT_SETTINGS },
    alerts: legacy.alerts ?? {},
    // Durable jobs (issue 8) arrived later still: same place, same reason.
    jobs: legacy.jobs ?? {},
  } as State;
}
