import type { CommandPayload, State } from '#protocol';
import { OWNER_ROLE } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { withinLimit } from '../approval.ts';
import { activeOwners, aliasesOf, canManageRole } from '../permissions.ts';
import { getOwn } from '../records.ts';

/** Refuses when the actor may not manage staff of this role (see canManageRole). */
function guardRole(s: State, ctx: DecideContext, roleId: string): Decision | null {
  return canManageRole(s, ctx.actor.staffId, roleId) ? null : refuse('FORBIDDEN', 'roleId');
}

/** Staff, roles and security alerts. */
export const staffHandlers = {
  'role.save': (s: State, p: CommandPayload<'role.save'>, ctx: DecideContext): Decision => {
    // The owner role always holds everything: nobody can lock the owner out
    // (only the hub writes it, when the restaurant is set up).
    if (p.id === OWNER_ROLE && ctx.actor.staffId !== null) return refuse('ROLE_LOCKED');
    const aliases = [...new Set(p.aliases)];
    // Nobody hands out (or takes from a role above them) what they do not hold themselves.
    if (getOwn(s.roles, p.id) && guardRole(s, ctx, p.id)) return refuse('FORBIDDEN', 'id');
    const mine = aliasesOf(s, ctx.actor.staffId);
    if (aliases.some((a) => !mine.has(a))) return refuse('FORBIDDEN', 'aliases');
    // Limits: a save without them keeps the role's own (an older device); nobody grants more than their own limit.
    const limits = p.limits ?? getOwn(s.roles, p.id)?.limits;
    if (limits && !withinLimit(s, ctx.actor.staffId, 'discountPercent', limits.discountPercent)) return refuse('FORBIDDEN', 'limits');
    return accept([{ type: 'role.saved', role: { id: p.id, name: p.name, aliases, ...(limits ? { limits } : {}) } }]);
  },

  'staff.save': (s: State, p: CommandPayload<'staff.save'>, ctx: DecideContext): Decision => {
    if (!getOwn(s.roles, p.roleId) && p.roleId !== OWNER_ROLE) return refuse('NOT_FOUND', 'roleId');
    const before = getOwn(s.staff, p.id);
    const denied = (before && guardRole(s, ctx, before.roleId)) || guardRole(s, ctx, p.roleId);
    if (denied) return denied;
    // Bounded: the restaurant's people (tens).
    const others = Object.values(s.staff).filter((o) => o.id !== p.id);
    // Staff sign in by number or by name: both must point at one person.
    if (others.some((o) => o.code === p.code)) return refuse('DUPLICATE_CODE', 'code');
    if (others.some((o) => o.name.toLowerCase() === p.name.toLowerCase())) return refuse('DUPLICATE_CODE', 'name');
    if (before?.roleId === OWNER_ROLE && p.roleId !== OWNER_ROLE && !before.disabled && activeOwners(s).length <= 1) return refuse('LAST_OWNER');
    return accept([{ type: 'staff.saved', staff: p }]);
  },

  'staff.setDisabled': (s: State, p: CommandPayload<'staff.setDisabled'>, ctx: DecideContext): Decision => {
    const staff = getOwn(s.staff, p.staffId);
    if (!staff) return refuse('NOT_FOUND', 'staffId');
    const denied = guardRole(s, ctx, staff.roleId);
    if (denied) return denied;
    if (p.disabled && staff.roleId === OWNER_ROLE && !staff.disabled && activeOwners(s).length <= 1) return refuse('LAST_OWNER');
    return accept([{ type: 'staff.disabledSet', staffId: staff.id, disabled: p.disabled }]);
  },

  'security.dismissAlert': (s: State, p: CommandPayload<'security.dismissAlert'>): Decision =>
    getOwn(s.alerts, p.alertId) ? accept([{ type: 'security.alertDismissed', alertId: p.alertId }]) : refuse('NOT_FOUND', 'alertId'),

  'staff.noteCredentials': (s: State, p: CommandPayload<'staff.noteCredentials'>): Decision =>
    getOwn(s.staff, p.staffId) ? accept([{ type: 'staff.credentialsNoted', ...p }]) : refuse('NOT_FOUND', 'staffId'),

  'staff.noteSignIn': (s: State, p: CommandPayload<'staff.noteSignIn'>, ctx: DecideContext): Decision => notePerson(s, p.staffId, ctx) ?? accept([{ type: 'staff.signedIn', ...p }]),

  'staff.noteSignOut': (s: State, p: CommandPayload<'staff.noteSignOut'>, ctx: DecideContext): Decision => notePerson(s, p.staffId, ctx) ?? accept([{ type: 'staff.signedOut', ...p }]),

  'security.noteSecretChange': (_s: State, p: CommandPayload<'security.noteSecretChange'>): Decision => accept([{ type: 'security.secretChanged', ...p }]),

  'security.raiseAlert': (_s: State, p: CommandPayload<'security.raiseAlert'>, ctx: DecideContext): Decision =>
    accept([{ type: 'security.alertRaised', alert: { ...p, at: ctx.now, dismissed: false } }]),
};

/** A sign-in or sign-out note is about the person recorded as its sender (or the hub's own). */
function notePerson(s: State, staffId: string, ctx: DecideContext): Decision | null {
  if (!getOwn(s.staff, staffId)) return refuse('NOT_FOUND', 'staffId');
  if (ctx.actor.staffId !== null && ctx.actor.staffId !== staffId) return refuse('FORBIDDEN', 'staffId');
  return null;
}
