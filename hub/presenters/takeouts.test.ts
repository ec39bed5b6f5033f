import { describe, expect, it } from 'vitest';
import type { Alias, Takeout } from '#protocol';
import { emptyState } from '#domain';
import { applyAll } from '#hub/domain/apply.ts';
import { exec } from '#hub/domain/test-fixtures.ts';
import { as, phoneDelivery, S, takeoutRestaurant } from '#hub/domain/takeout/test-takeouts.ts';
import { presentTakeout, presentTakeoutEvent, riderMaySee } from './takeouts.ts';
import type { Viewer } from './viewer.ts';

const viewer = (aliases: Alias[], roleId = 'x', staffId = 'someone'): Viewer => ({ staffId, roleId, aliases: new Set(aliases) });
const T: Takeout = exec(takeoutRestaurant(), 'takeout.create', phoneDelivery(1), as(S.dispatch)).state.takeouts[phoneDelivery(1).takeoutId]!;
const assigned = (riderId: string): Takeout => ({ ...T, status: 3, riderId });

describe('who sees a takeout, and how much of it', () => {
  const cases: [string, Viewer, Takeout, 'whole' | 'no personal data' | 'nothing'][] = [
    ['delivery (M005)', viewer(['M005']), T, 'whole'],
    ['the till (payment)', viewer(['payment']), T, 'whole'],
    ['the counter (M002 only)', viewer(['M002']), T, 'no personal data'],
    ['the kitchen (M001)', viewer(['M001']), T, 'nothing'],
    ['nobody signed in', viewer([]), T, 'nothing'],
    ['a rider, waiting for a rider', viewer(['M005'], 'rider', 'r1'), T, 'whole'],
    ['a rider, theirs', viewer(['M005'], 'rider', 'r1'), assigned('r1'), 'whole'],
    ['a rider, another rider’s', viewer(['M005'], 'rider', 'r1'), assigned('r2'), 'nothing'],
    ['a rider, a pickup order', viewer(['M005'], 'rider', 'r1'), { ...T, method: 1, delivery: null }, 'nothing'],
    ['a rider, not yet accepted (0)', viewer(['M005'], 'rider', 'r1'), { ...T, status: 0 }, 'nothing'],
    ['a dispatcher, another rider’s', viewer(['M005'], 'delivery', 'd1'), assigned('r2'), 'whole'],
  ];
  it.each(cases)('%s', (_label, v, t, expected) => {
    const shown = presentTakeout(t, v);
    if (expected === 'nothing') expect(shown).toBeNull();
    else if (expected === 'whole') expect(shown).toEqual(t);
    else expect(shown).toEqual({ ...t, customer: { name: t.customer.name, phone: '' }, delivery: null });
  });

  it('riderMaySee: theirs, or an accepted delivery with no rider', () => {
    expect(riderMaySee({ ...T, status: 12 }, 'r1')).toBe(true);
    expect(riderMaySee({ ...T, status: 4, riderId: null }, 'r1')).toBe(false);
    expect(riderMaySee(assigned('r1'), null)).toBe(false);
  });

  it('an event about another rider’s order reaches a rider as its removal, nothing personal in it; others get nothing', () => {
    const e = { type: 'takeout.riderAssigned' as const, takeout: assigned('r2') };
    expect(presentTakeoutEvent(e, viewer(['M005'], 'rider', 'r1'))).toEqual({ type: 'takeout.filed', takeout: { ...assigned('r2'), customer: { name: T.customer.name, phone: '' }, delivery: null } });
    expect(presentTakeoutEvent(e, viewer(['M001']))).toBeNull();
    // Folding the removal where the takeout never was changes nothing.
    expect(applyAll(emptyState(), [presentTakeoutEvent(e, viewer(['M005'], 'rider', 'r1'))!]).takeouts).toEqual({});
  });
});
