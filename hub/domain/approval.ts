import type { Alias, CommandType, Role, State } from '#protocol';
import { COMMAND_ALIAS, INTERNAL, OWNER_ROLE } from '#protocol';
import { refuse, type DecideContext, type Decision } from './decision.ts';
import { roleAliases } from './permissions.ts';
import { getOwn } from './records.ts';

/**
 * Manager approval on the same device (issue 9). Offline there is no SMS: a
 * gift, a void after sending, a discount beyond the role's limit or a
 * write-off asks a manager to type their PIN on the device in hand; the hub
 * checks the PIN and passes the manager's id as `ctx.approver`, and the log
 * records both people. This file holds the pure part: which gates a
 * manager may open for someone else, who counts as an approver, and the limits.
 */

/**
 * Gates a manager's approval opens for a role that lacks them: a gift, a void
 * after sending (`cancelOrder`), a discount, writing off a debt (`refund`: the
 * only command gated by it; voids and refunds of closed bills are an internal
 * command whose route checks `refund` itself, with no approval). Everything else (payment, staff,
 * settings...) stays the role's own to hold.
 */
export const APPROVABLE_ALIASES: ReadonlySet<Alias> = new Set<Alias>(['gift', 'cancelOrder', 'discount', 'refund']);

/** The gate a manager could open for this command type, or null when approval cannot help. */
export function approvableGate(type: CommandType): Alias | null {
  const gate = COMMAND_ALIAS[type];
  return gate !== INTERNAL && APPROVABLE_ALIASES.has(gate) ? gate : null;
}

/**
 * Whether `approverId` counts as approving `alias` for `actorId`: an enabled
 * staff member, not the actor themself, whose role holds the alias (a
 * waiter's approval does not count).
 */
export function mayApprove(state: State, approverId: string | null | undefined, alias: Alias, actorId: string | null): boolean {
  if (!approverId || approverId === actorId) return false;
  const approver = getOwn(state.staff, approverId);
  if (!approver || approver.disabled) return false;
  return roleAliases(state, approver.roleId).has(alias);
}

/** Active staff who may approve a command of this type for `actorId` (the approval dialog's list), by staff number. */
export function approversFor(state: State, type: CommandType, actorId: string | null): { id: string; name: string; code: string }[] {
  const gate = COMMAND_ALIAS[type];
  // Commands gated by an alias the actor holds can still need a higher limit (a big discount): its holders are asked.
  if (gate === INTERNAL) return [];
  // Bounded: the restaurant's people (tens).
  return Object.values(state.staff)
    .filter((s) => mayApprove(state, s.id, gate, actorId))
    .sort((a, b) => Number(a.code) - Number(b.code))
    .map((s) => ({ id: s.id, name: s.name, code: s.code }));
}

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
  // Bounded: the restaurant's people (tens).
  if (Object.keys(state.staff).length === 0) return null;
  if (withinLimit(state, ctx.actor.staffId, limit, value)) return null;
  if (ctx.approver && withinLimit(state, ctx.approver, limit, value)) return null;
  return refuse('APPROVAL_REQUIRED', limit);
}
