import type { Alias, CommandType, Staff, State } from '#protocol';
import { ALIASES, COMMAND_ALIAS, INTERNAL, OWNER_ROLE } from '#protocol';
import { APPROVABLE_ALIASES, mayApprove } from './approval.ts';
import { refuse, type DecideContext, type Decision } from './decision.ts';
import { getOwn } from './records.ts';

/**
 * Who may do what, as pure functions of the state. The hub calls
 * `permissionDenied` before every rule; the client calls `aliasesOf` to hide
 * what a role may not use. Hiding is a courtesy, this is the check.
 */

/** A restaurant is claimed once it has staff; before that only setup may happen. */
export function isClaimed(state: State): boolean {
  // Bounded: the restaurant's people (tens), not its history (collection-guard.test.ts).
  return Object.keys(state.staff).length > 0;
}

/** The aliases a role holds; the owner role always holds all, so no edit can lock the owner out. */
export function roleAliases(state: State, roleId: string): ReadonlySet<Alias> {
  if (roleId === OWNER_ROLE) return new Set(ALIASES);
  return new Set(getOwn(state.roles, roleId)?.aliases ?? []);
}

/** What a staff member may use now: nothing when unknown or disabled. */
export function aliasesOf(state: State, staffId: string | null): ReadonlySet<Alias> {
  if (staffId === null) return new Set(ALIASES);
  const staff = getOwn(state.staff, staffId);
  if (!staff || staff.disabled) return new Set();
  return roleAliases(state, staff.roleId);
}

/**
 * Why this actor may not send this command, or null when they may.
 * `staffId === null` is the hub itself (demo seed, setup, its own notes).
 * An id that names no staff member is refused once the restaurant has staff;
 * a state without any (rule tests, an unclaimed hub the transport refuses
 * anyway) does not gate. `approver` (ctx.approver: verified by the hub) opens
 * an approvable gate the actor's role lacks when the approver's role holds it
 * (approval.ts); without one the refusal stays FORBIDDEN with the gate, which
 * the device answers by asking for a manager's PIN.
 */
export function permissionDenied(state: State, type: CommandType, actor: DecideContext['actor'], approver: string | null = null): Decision | null {
  if (actor.staffId === null) return null;
  const staff = getOwn(state.staff, actor.staffId);
  if (!staff) return isClaimed(state) ? refuse('FORBIDDEN', 'staff') : null;
  if (staff.disabled) return refuse('STAFF_DISABLED');
  const gate = COMMAND_ALIAS[type];
  // Internal commands are refused at the door (intake); here they note what a person did.
  if (gate === INTERNAL) return null;
  if (roleAliases(state, staff.roleId).has(gate)) return null;
  if (APPROVABLE_ALIASES.has(gate) && mayApprove(state, approver, gate, actor.staffId)) return null;
  return refuse('FORBIDDEN', gate);
}

/**
 * Whether `actorId` may manage staff holding `roleId` (edit, disable, set
 * their PIN, give them that role): only when that role grants nothing the
 * actor lacks. A manager cannot take over the owner's account or make
 * anyone, themselves included, an owner.
 */
export function canManageRole(state: State, actorId: string | null, roleId: string): boolean {
  if (actorId === null) return true;
  const mine = aliasesOf(state, actorId);
  for (const alias of roleAliases(state, roleId)) if (!mine.has(alias)) return false;
  return true;
}

/** Active staff holding the owner role: a restaurant must always keep one. */
export function activeOwners(state: State): Staff[] {
  // Bounded: the restaurant's people (tens).
  return Object.values(state.staff).filter((s) => s.roleId === OWNER_ROLE && !s.disabled);
}
