import { describe, expect, it } from 'vitest';
import type { Command, CommandPayload, CommandType, DomainEvent, State } from '#protocol';
import { ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { applyAll } from '../apply.ts';
import { decide } from '../decide.ts';
import type { Decision } from '../decision.ts';
import { aliasesOf, canManageRole, isClaimed } from '../permissions.ts';
import { emptyState } from '../registry.ts';

const NOW = '2025-03-14T19:30:00.000Z';
let counter = 0;
function cmd<K extends CommandType>(type: K, payload: CommandPayload<K>): Command {
  return { id: `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`, type, payload, deviceId: 'd', at: NOW } as Command;
}
function run<K extends CommandType>(s: State, staffId: string | null, type: K, payload: CommandPayload<K>): Decision {
  return decide(s, cmd(type, payload), { now: NOW, actor: { staffId, deviceId: 'd' } });
}

/** A claimed restaurant: the six preset roles, an owner, a manager, a cashier and a waiter. */
function restaurant(): State {
  const events: DomainEvent[] = [
    ...ROLE_PRESET_IDS.map((id): DomainEvent => ({ type: 'role.saved', role: { id, name: '', aliases: [...ROLE_PRESETS[id]] } })),
    { type: 'staff.saved', staff: { id: 'own', name: 'Rosa', code: '1', roleId: 'owner' } },
    { type: 'staff.saved', staff: { id: 'man', name: 'Mario', code: '2', roleId: 'manager' } },
    { type: 'staff.saved', staff: { id: 'cas', name: 'Carla', code: '3', roleId: 'cashier' } },
    { type: 'staff.saved', staff: { id: 'wai', name: 'Wilma', code: '4', roleId: 'waiter' } },
  ];
  return applyAll(emptyState(), events);
}

describe('who may send a command', () => {
  it('the hub itself (no staff) may send anything; an unknown staff id is refused once the restaurant has staff', () => {
    expect(isClaimed(emptyState())).toBe(false);
    expect(run(restaurant(), null, 'restaurant.rename', { name: 'x' }).ok).toBe(true);
    expect(run(restaurant(), 'ghost', 'restaurant.rename', { name: 'x' })).toEqual({ ok: false, code: 'FORBIDDEN', message: 'staff' });
    // Rule tests and an unclaimed hub (which the transport refuses anyway) are not gated.
    expect(run(emptyState(), 'ghost', 'restaurant.rename', { name: 'x' }).ok).toBe(true);
  });

  it('a disabled staff member may do nothing, and holds no alias', () => {
    const s = applyAll(restaurant(), [{ type: 'staff.disabledSet', staffId: 'man', disabled: true }]);
    expect(run(s, 'man', 'restaurant.rename', { name: 'x' })).toEqual({ ok: false, code: 'STAFF_DISABLED' });
    expect(aliasesOf(s, 'man').size).toBe(0);
  });

  it('the permission is checked before the rules: a refused waiter learns nothing about the order', () => {
    expect(run(restaurant(), 'wai', 'order.settleCash', { orderId: 'nope', receivedCents: 1 })).toEqual({ ok: false, code: 'FORBIDDEN', message: 'payment' });
  });
});

describe('staff.save', () => {
  it.each<[string, string, Partial<CommandPayload<'staff.save'>>, Decision['ok'], string?]>([
    ['a new waiter, by the manager', 'man', {}, true],
    ['a taken staff number', 'own', { code: '4' }, false, 'DUPLICATE_CODE'],
    ['a taken name, other case', 'own', { name: 'WILMA' }, false, 'DUPLICATE_CODE'],
    ['an unknown role', 'own', { roleId: 'chef' }, false, 'NOT_FOUND'],
    ['a new owner, by the manager', 'man', { roleId: 'owner' }, false, 'FORBIDDEN'],
    ['a new owner, by the owner', 'own', { roleId: 'owner' }, true],
    ['a new manager, by the cashier (no staff alias)', 'cas', { roleId: 'manager' }, false, 'FORBIDDEN'],
  ])('%s', (_label, actor, over, ok, code) => {
    const d = run(restaurant(), actor, 'staff.save', { id: 'new', name: 'Nuevo', code: '9', roleId: 'waiter', ...over });
    expect(d.ok).toBe(ok);
    if (!d.ok) expect(d.code).toBe(code);
  });

  it('keeps disabled and the credential flags on an edit', () => {
    let s = applyAll(restaurant(), [
      { type: 'staff.credentialsNoted', staffId: 'wai', hasPin: true, hasPassword: true },
      { type: 'staff.disabledSet', staffId: 'wai', disabled: true },
    ]);
    const d = run(s, 'own', 'staff.save', { id: 'wai', name: 'Wilma R.', code: '4', roleId: 'waiter' });
    if (!d.ok) throw new Error(d.code);
    s = applyAll(s, d.events);
    expect(s.staff.wai).toEqual({ id: 'wai', name: 'Wilma R.', code: '4', roleId: 'waiter', disabled: true, hasPin: true, hasPassword: true });
  });

  it('the last active owner can be neither demoted nor disabled; with two, one may go', () => {
    expect(run(restaurant(), 'own', 'staff.save', { id: 'own', name: 'Rosa', code: '1', roleId: 'manager' })).toMatchObject({ code: 'LAST_OWNER' });
    expect(run(restaurant(), 'own', 'staff.setDisabled', { staffId: 'own', disabled: true })).toMatchObject({ code: 'LAST_OWNER' });
    const two = applyAll(restaurant(), [{ type: 'staff.saved', staff: { id: 'own2', name: 'Otro', code: '8', roleId: 'owner' } }]);
    expect(run(two, 'own', 'staff.setDisabled', { staffId: 'own', disabled: true }).ok).toBe(true);
  });

  it('a manager may disable a waiter but not the owner', () => {
    expect(run(restaurant(), 'man', 'staff.setDisabled', { staffId: 'wai', disabled: true }).ok).toBe(true);
    expect(run(restaurant(), 'man', 'staff.setDisabled', { staffId: 'own', disabled: true })).toMatchObject({ code: 'FORBIDDEN' });
    expect(canManageRole(restaurant(), 'man', 'manager')).toBe(true);
    expect(canManageRole(restaurant(), 'man', 'owner')).toBe(false);
  });
});

describe('role.save and settings.save', () => {
  it('only the hub writes the owner role; nobody grants an alias they lack; duplicates collapse', () => {
    expect(run(restaurant(), 'own', 'role.save', { id: 'owner', name: '', aliases: [] })).toEqual({ ok: false, code: 'ROLE_LOCKED' });
    expect(run(restaurant(), null, 'role.save', { id: 'owner', name: '', aliases: [] }).ok).toBe(true);
    // A manager given the roles alias still cannot hand out what managers lack.
    const s = applyAll(restaurant(), [{ type: 'role.saved', role: { id: 'manager', name: '', aliases: [...ROLE_PRESETS.manager, 'roles'] } }]);
    const custom = run(s, 'man', 'role.save', { id: 'bar', name: 'Barra', aliases: ['M001', 'M001', 'payment'] });
    expect(custom).toMatchObject({ ok: true, events: [{ type: 'role.saved', role: { id: 'bar', name: 'Barra', aliases: ['M001', 'payment'] } }] });
    const shrunk = applyAll(restaurant(), [{ type: 'role.saved', role: { id: 'manager', name: '', aliases: ['M001', 'roles'] } }]);
    expect(run(shrunk, 'man', 'role.save', { id: 'bar', name: 'Barra', aliases: ['M001', 'payment'] })).toEqual({ ok: false, code: 'FORBIDDEN', message: 'aliases' });
  });

  it('refuses a RUC with a wrong check digit; an empty one is fine', () => {
    expect(run(restaurant(), 'own', 'settings.save', { ruc: '20131312954', idleLockMinutes: 5 })).toEqual({ ok: false, code: 'INVALID_RUC', message: 'ruc' });
    expect(run(restaurant(), 'own', 'settings.save', { ruc: '', idleLockMinutes: 0 }).ok).toBe(true);
    expect(run(restaurant(), 'wai', 'settings.save', { ruc: '', idleLockMinutes: 0 })).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('notes and alerts', () => {
  it('a sign-in note is about its own sender; alerts are kept bounded, open ones last to go', () => {
    expect(run(restaurant(), 'wai', 'staff.noteSignIn', { staffId: 'wai', method: 'pin' }).ok).toBe(true);
    expect(run(restaurant(), 'wai', 'staff.noteSignIn', { staffId: 'own', method: 'pin' })).toMatchObject({ code: 'FORBIDDEN' });
    let s = restaurant();
    for (let i = 0; i < 40; i++) {
      const d = run(s, null, 'security.raiseAlert', { id: `a${i}`, scope: 'device', staffId: null, deviceId: 'x', failures: 6, lockedSeconds: 30 });
      if (!d.ok) throw new Error(d.code);
      s = applyAll(s, d.events);
      if (i === 0) s = applyAll(s, [{ type: 'security.alertDismissed', alertId: 'a0' }]);
    }
    expect(Object.keys(s.alerts)).toHaveLength(30);
    expect(s.alerts.a0).toBeUndefined();
    expect(s.alerts.a39?.dismissed).toBe(false);
  });
});
