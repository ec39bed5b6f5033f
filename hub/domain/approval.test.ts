import { describe, expect, it } from 'vitest';
import type { Alias, Command, CommandPayload, CommandType, DomainEvent, RolePresetId, State } from '#protocol';
import { COMMAND_ALIAS, COMMAND_TYPES, ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { applyAll } from './apply.ts';
import { APPROVABLE_ALIASES, approvableGate, approversFor, limitRefusal, mayApprove, roleLimits, withinLimit } from './approval.ts';
import { decide } from './decide.ts';
import type { DecideContext } from './decision.ts';
import { permissionDenied } from './permissions.ts';
import { emptyState } from './registry.ts';

/**
 * Manager approval as pure rules: which gates an approver opens, who counts
 * as one, and the limits per role. The hub's half (PIN, token, intake) is
 * proven over HTTP in hub/http/routes/approval/approval.test.ts.
 */

const NOW = '2025-03-14T19:30:00.000Z';
/** One staff member per preset role, id = the role's name; and a disabled manager. */
function restaurant(): State {
  const events: DomainEvent[] = [
    ...ROLE_PRESET_IDS.map((id): DomainEvent => ({ type: 'role.saved', role: { id, name: '', aliases: [...ROLE_PRESETS[id]] } })),
    ...ROLE_PRESET_IDS.map((id, i): DomainEvent => ({ type: 'staff.saved', staff: { id, name: id, code: String(i + 1), roleId: id } })),
    { type: 'staff.saved', staff: { id: 'gone', name: 'Ex gerente', code: '99', roleId: 'manager' } },
    { type: 'staff.disabledSet', staffId: 'gone', disabled: true },
  ];
  return applyAll(emptyState(), events);
}
const holds = (role: RolePresetId, alias: Alias) => role === 'owner' || ROLE_PRESETS[role].includes(alias);
/** A command type of each gate the matrix covers (whichever feature owns it). */
const typeOf = (gate: Alias): CommandType => {
  const type = COMMAND_TYPES.find((t) => COMMAND_ALIAS[t] === gate);
  if (!type) throw new Error(`no command gated by ${gate}`);
  return type;
};
const GATES: Alias[] = ['gift', 'cancelOrder', 'discount', 'refund', 'payment', 'cashDrawer', 'staff'].filter((g) => COMMAND_TYPES.some((t) => COMMAND_ALIAS[t] === g)) as Alias[];
/** Approvers tried: nobody, each preset, the disabled manager, an id nobody has, a prototype name. */
const APPROVERS: (string | null)[] = [null, ...ROLE_PRESET_IDS, 'gone', 'ghost', '__proto__'];

describe('permission × approval matrix (actor role × approver × gate)', () => {
  const s = restaurant();
  const rows = ROLE_PRESET_IDS.flatMap((actor) => APPROVERS.flatMap((approver) => GATES.map((gate) => [actor, approver, gate] as const)));
  it.each(rows)('%s, approved by %s, %s', (actor, approver, gate) => {
    const approverRole = approver && (ROLE_PRESET_IDS as readonly string[]).includes(approver) ? (approver as RolePresetId) : null;
    const allowed =
      holds(actor, gate) ||
      // Only the approvable gates, only another person, only a role that holds the gate itself.
      (APPROVABLE_ALIASES.has(gate) && approverRole !== null && approverRole !== actor && holds(approverRole, gate));
    const denied = permissionDenied(s, typeOf(gate), { staffId: actor, deviceId: 'd' }, approver);
    expect(denied).toEqual(allowed ? null : { ok: false, code: 'FORBIDDEN', message: gate });
  });

  it('the approvable gates are exactly gift, cancelOrder, discount and refund (writing off a debt; a guest\'s refund accepted, rejected or finished; a member\'s balance adjusted)', () => {
    expect([...APPROVABLE_ALIASES].sort()).toEqual(['cancelOrder', 'discount', 'gift', 'refund']);
    // A cashier without `refund` moves a guest's refund with a manager's PIN, as a write-off (hub/domain/refunds/README.md); the payout is a bill correction (its own route and gate).
    // A member's balance corrected by hand likewise (hub/domain/members/README.md): the manager is the entry's approver.
    expect(COMMAND_TYPES.filter((t) => COMMAND_ALIAS[t] === 'refund')).toEqual(['account.writeOff', 'refund.accept', 'refund.reject', 'refund.finish', 'member.adjust']);
    for (const type of COMMAND_TYPES) expect(approvableGate(type)).toBe(APPROVABLE_ALIASES.has(COMMAND_ALIAS[type] as Alias) ? COMMAND_ALIAS[type] : null);
  });
});

describe('mayApprove', () => {
  const s = restaurant();
  it.each<[string, string | null | undefined, Alias, string | null, boolean]>([
    ['a manager for a waiter', 'manager', 'gift', 'waiter', true],
    ['the owner for a waiter', 'owner', 'cancelOrder', 'waiter', true],
    ['a cashier for a gift (cashiers hold gift)', 'cashier', 'gift', 'waiter', true],
    ['a cashier for a void (cashiers lack cancelOrder)', 'cashier', 'cancelOrder', 'waiter', false],
    ['a waiter for a waiter', 'waiter', 'gift', 'kitchen', false],
    ['oneself', 'manager', 'gift', 'manager', false],
    ['a disabled manager', 'gone', 'gift', 'waiter', false],
    ['an unknown id', 'ghost', 'gift', 'waiter', false],
    ['a prototype name', 'constructor', 'gift', 'waiter', false],
    ['nobody', null, 'gift', 'waiter', false],
    ['absent', undefined, 'gift', 'waiter', false],
  ])('%s', (_what, approver, alias, actor, expected) => {
    expect(mayApprove(s, approver, alias, actor)).toBe(expected);
  });

  it('lists who may approve a gift for the waiter, by staff number, without the waiter or anyone disabled', () => {
    expect(approversFor(restaurant(), typeOf('gift'), 'waiter').map((a) => a.id)).toEqual(['owner', 'manager', 'cashier']);
    expect(approversFor(restaurant(), typeOf('cancelOrder'), 'manager').map((a) => a.id)).toEqual(['owner']);
  });
});

describe('decide uses ctx.approver, never the payload', () => {
  const s = restaurant();
  const type = typeOf('gift');
  const forged = { id: '00000000-0000-4000-8000-000000000001', type, payload: { approver: 'manager', approvedBy: 'manager' }, deviceId: 'd', at: NOW } as unknown as Command;
  const ctx = (approver?: string | null): DecideContext => ({ now: NOW, actor: { staffId: 'waiter', deviceId: 'd' }, ...(approver === undefined ? {} : { approver }) });
  it('a forged approver in the payload is not an approval', () => {
    expect(decide(s, forged, ctx())).toEqual({ ok: false, code: 'FORBIDDEN', message: 'gift' });
    expect(decide(s, forged, ctx(null))).toEqual({ ok: false, code: 'FORBIDDEN', message: 'gift' });
  });
  it('with the manager as ctx.approver, the gate opens (the rule itself then judges the payload)', () => {
    const d = decide(s, forged, ctx('manager'));
    expect(d).not.toEqual({ ok: false, code: 'FORBIDDEN', message: 'gift' });
  });
});

describe('limits per role', () => {
  const s = restaurant();
  it.each<[string, number]>([
    ['owner', 99],
    ['manager', 99],
    ['cashier', 10],
    ['waiter', 0],
    ['kitchen', 0],
    ['rider', 0],
    ['no-such-role', 0],
    ['__proto__', 0],
  ])('preset %s: discount up to %i %%', (role, percent) => {
    expect(roleLimits(s, role).discountPercent).toBe(percent);
  });

  it('a role with its own limits uses them; the owner always keeps 99', () => {
    const edited = applyAll(s, [
      { type: 'role.saved', role: { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter], limits: { discountPercent: 5 } } },
      { type: 'role.saved', role: { id: 'owner', name: '', aliases: [], limits: { discountPercent: 0 } } },
    ]);
    expect(roleLimits(edited, 'waiter').discountPercent).toBe(5);
    expect(roleLimits(edited, 'owner').discountPercent).toBe(99);
  });

  const ctx = (actor: string, approver: string | null = null): DecideContext => ({ now: NOW, actor: { staffId: actor, deviceId: 'd' }, approver });
  it.each<[string, string, string | null, number, boolean]>([
    ['a cashier within 10 %', 'cashier', null, 10, true],
    ['a cashier at 11 %, alone', 'cashier', null, 11, false],
    ['a cashier at 50 %, approved by the manager', 'cashier', 'manager', 50, true],
    ['a cashier at 50 %, "approved" by a waiter', 'cashier', 'waiter', 50, false],
    ['a cashier at 50 %, approved by a disabled manager', 'cashier', 'gone', 50, false],
    ['a waiter at 1 %, alone', 'waiter', null, 1, false],
    ['a waiter at 0 %', 'waiter', null, 0, true],
    ['a manager at 99 %', 'manager', null, 99, true],
    ['the hub itself', '', null, 99, true],
  ])('%s', (_what, actor, approver, percent, ok) => {
    const c = actor === '' ? { now: NOW, actor: { staffId: null, deviceId: 'hub' }, approver } : ctx(actor, approver);
    expect(limitRefusal(s, c, 'discountPercent', percent)).toEqual(ok ? null : { ok: false, code: 'APPROVAL_REQUIRED', message: 'discountPercent' });
  });

  it('a restaurant without staff does not gate (rule tests)', () => {
    expect(limitRefusal(emptyState(), ctx('anyone'), 'discountPercent', 99)).toBeNull();
    expect(withinLimit(s, 'ghost', 'discountPercent', 0)).toBe(false);
  });
});

describe('role.save keeps limits', () => {
  const save = (s: State, actor: string, payload: CommandPayload<'role.save'>) =>
    decide(s, { id: '00000000-0000-4000-8000-000000000002', type: 'role.save', payload, deviceId: 'd', at: NOW } as Command, { now: NOW, actor: { staffId: actor, deviceId: 'd' } });
  it.each<[string, string, number | undefined, string | null]>([
    ['the owner sets the waiter 5 %', 'owner', 5, null],
    ['the owner sets the cashier 99 %', 'owner', 99, null],
    ['the owner saves a role that never had limits, without any: the preset default stands', 'owner', undefined, null],
  ])('%s', (_what, actor, percent, code) => {
    const d = save(restaurant(), actor, { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter], ...(percent === undefined ? {} : { limits: { discountPercent: percent } }) });
    if (code !== null) return expect(d).toMatchObject({ ok: false, code });
    expect(d).toMatchObject({ ok: true, events: [{ type: 'role.saved' }] });
    const role = d.ok && d.events[0]?.type === 'role.saved' ? d.events[0].role : null;
    expect(role?.limits).toEqual(percent === undefined ? undefined : { discountPercent: percent });
  });

  it('nobody grants a limit above their own', () => {
    // A cashier given the roles alias (10 % of their own) cannot give waiters 20 %.
    const s = applyAll(restaurant(), [{ type: 'role.saved', role: { id: 'cashier', name: '', aliases: [...ROLE_PRESETS.cashier, 'roles', 'M001', 'M002', 'M010', 'M0092', 'M0093', 'M0095'] } }]);
    expect(save(s, 'cashier', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter], limits: { discountPercent: 20 } })).toEqual({ ok: false, code: 'FORBIDDEN', message: 'limits' });
    expect(save(s, 'cashier', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter], limits: { discountPercent: 10 } })).toMatchObject({ ok: true });
  });

  it('a save without limits keeps the role\'s own (an older device)', () => {
    const s = applyAll(restaurant(), [{ type: 'role.saved', role: { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter], limits: { discountPercent: 3 } } }]);
    expect(save(s, 'owner', { id: 'waiter', name: '', aliases: ['M001'] })).toMatchObject({ ok: true, events: [{ role: { aliases: ['M001'], limits: { discountPercent: 3 } } }] });
  });
});
