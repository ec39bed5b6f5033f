import type { Role, State } from '#protocol';
import { OWNER_ROLE } from '#protocol';
import { refuse, type DecideContext, type Decision } from './decision.ts';
import { getOwn } from './records.ts';

/**
 * Manager approval on the same device (issue 9). Offline there is no SMS: a
 * gift, a void after sending, a discount beyond the role's limit or a
 * write-off asks a manager to type their PIN on the device in hand; the hub
 * checks the PIN and passes the manager's id as `ctx.approver`, and the log
 * records both people. This file holds the pure part: the limits.
 */

/** What a role's limits bound. */
export type LimitName = keyof NonNullable<Role['limits']>;

/** Limits of a role with none saved: owners and managers up to 99 %, cashiers 10 %, everyone else 0. */
export const DEFAULT_LIMITS: Record<string, NonNullable<Role['limits']>> = {
  owner: { discountPercent: 99 },
  manager: { discountPercent: 99 },
  cashier: { discountPercent: 10 },
};
const NO_LIMITS: NonNullable<Role['limits']> = { discountPercent: 0 };

/** A role's limits: its own, else its preset's, else none at all. */
export function roleLimits(state: State, roleId: string): NonNullable<Role['limits']> {
  if (roleId === OWNER_ROLE) return { discountPercent: 99 };
  return getOwn(state.roles, roleId)?.limits ?? getOwn(DEFAULT_LIMITS, roleId) ?? NO_LIMITS;
}

/** Whether this staff member (enabled) may go up to `value` of `limit` on their own. */
export function withinLimit(state: State, staffId: string | null, limit: LimitName, value: number): boolean {
  if (staffId === null) return true; // the hub itself
  const staff = getOwn(state.staff, staffId);
  if (!staff || staff.disabled) return false;
  return value <= roleLimits(state, staff.roleId)[limit];
}

/**
 * `APPROVAL_REQUIRED` when neither the actor nor the approving manager may
 * go that far; null when one of them may. A state without staff (rule tests,
 * an unclaimed hub) does not gate, as permissions do not.
 */
export function limitRefusal(state: State, ctx: DecideContext, limit: LimitName, value: number): Decision | null {
  if (Object.keys(state.staff).length === 0) return null;
  if (withinLimit(state, ctx.actor.staffId, limit, value)) return null;
  if (ctx.approver && withinLimit(state, ctx.approver, limit, value)) return null;
  return refuse('APPROVAL_REQUIRED', limit);
}
