import { describe, expect, it } from 'vitest';
import type { DomainEvent, RiderProfile } from '#protocol';
import { defaultRiderProfile } from '#protocol';
import { applyAll, emptyState } from '#domain';
import { initialsOf, profileOf, riderRows, ridersHoldingCash } from './rider-view.ts';

const state = (profiles: Partial<RiderProfile>[] = []) => {
  const events: DomainEvent[] = [
    { type: 'staff.saved', staff: { id: 'r-ana', name: 'Ana Rojas', code: '21', roleId: 'rider' } },
    { type: 'staff.saved', staff: { id: 'r-beto', name: 'beto', code: '22', roleId: 'rider' } },
    { type: 'staff.saved', staff: { id: 'w-1', name: 'Mozo', code: '31', roleId: 'waiter' } },
    ...profiles.map((p): DomainEvent => ({ type: 'rider.saved', rider: { ...defaultRiderProfile(p.staffId!), ...p } })),
  ];
  return applyAll(emptyState(), events);
};

describe('the rider pages\' view of the state', () => {
  it('lists the riders by name, with the profile the hub would start for one nobody edited', () => {
    expect(riderRows(state()).map((r) => [r.staffId, r.name, r.level])).toEqual([['r-ana', 'Ana Rojas', 1], ['r-beto', 'beto', 1]]);
  });

  it('keeps a former rider (now a waiter) who still holds cash in the list', () => {
    expect(riderRows(state([{ staffId: 'w-1', heldCents: 500 }])).map((r) => r.staffId)).toContain('w-1');
  });

  it('lists who holds cash, most first', () => {
    const s = state([{ staffId: 'r-ana', heldCents: 1200 }, { staffId: 'r-beto', heldCents: 6200 }]);
    expect(ridersHoldingCash(s).map((r) => [r.staffId, r.heldCents])).toEqual([['r-beto', 6200], ['r-ana', 1200]]);
    expect(ridersHoldingCash(state())).toEqual([]);
  });

  it.each([
    ['their own initials', { initials: 'jp', color: 'teal' as const }, 'Ana Rojas', 'JP'],
    ['from two words of the name', { initials: '', color: 'teal' as const }, 'Ana Rojas Quispe', 'AR'],
    ['one word', { initials: '', color: 'teal' as const }, 'beto', 'B'],
    ['a Chinese name', { initials: '', color: 'teal' as const }, '王 小明', '王小'],
    ['no name', { initials: '', color: 'teal' as const }, '  ', '?'],
  ])('initials: %s', (_name, avatar, name, initials) => {
    expect(initialsOf({ avatar }, name)).toBe(initials);
  });

  it('reads a replica without the riders slice (a role that may not see it) as default profiles', () => {
    const { riders: _gone, ...without } = state();
    expect(profileOf(without as never, 'r-ana')).toEqual(defaultRiderProfile('r-ana'));
    expect(profileOf(state(), '__proto__')).toEqual(defaultRiderProfile('__proto__'));
  });
});
