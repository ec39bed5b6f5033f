import type { RiderColor, RiderProfile, State } from '#protocol';
import { defaultRiderProfile } from '#protocol';

/**
 * What the rider pages read of the state (pure, tested in rider-view.test.ts): who is a rider,
 * their profile (or the one the hub would start), their initials, and who holds cash.
 */

/** The preset role a rider has (hub/domain/riders/handlers.ts RIDER_ROLE). */
export const RIDER_ROLE = 'rider';

/** A rider as the pages show them: the staff name beside the profile. */
export type RiderRow = RiderProfile & { name: string; disabled: boolean };

/** The profile, or the hub's default for a rider nobody edited yet. */
export function profileOf(state: State, staffId: string): RiderProfile {
  const riders = state.riders as State['riders'] | undefined;
  return (riders && Object.hasOwn(riders, staffId) ? riders[staffId] : undefined) ?? defaultRiderProfile(staffId);
}

/** Every staff member with the rider role, and any former rider still holding cash, by name. */
export function riderRows(state: State): RiderRow[] {
  const rows: RiderRow[] = [];
  for (const s of Object.values(state.staff)) {
    const profile = profileOf(state, s.id);
    if (s.roleId === RIDER_ROLE || profile.heldCents > 0) rows.push({ ...profile, name: s.name, disabled: s.disabled });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name) || (a.staffId < b.staffId ? -1 : 1));
}

/** Riders holding cash to hand in, most first. */
export function ridersHoldingCash(state: State): RiderRow[] {
  return riderRows(state)
    .filter((r) => r.heldCents > 0)
    .sort((a, b) => b.heldCents - a.heldCents || a.name.localeCompare(b.name));
}

/** The initials on the avatar: the rider's own, else the first letter of the first two words of the name. */
export function initialsOf(profile: Pick<RiderProfile, 'avatar'>, name: string): string {
  if (profile.avatar.initials) return profile.avatar.initials.toUpperCase();
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((w) => Array.from(w)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** Background colours of the avatar palette (text is white on each: contrast above 4.5:1). */
export const AVATAR_COLORS: Record<RiderColor, string> = {
  red: '#b91c1c',
  orange: '#c2410c',
  amber: '#92400e',
  green: '#15803d',
  teal: '#0f766e',
  blue: '#1d4ed8',
  indigo: '#4338ca',
  pink: '#be185d',
  slate: '#475569',
};

/** A Peruvian mobile as the rider form accepts it (hub/protocol/features/riders.ts). */
export const PHONE = /^((\+51)?9\d{8})?$/;
