import { describe, expect, it } from 'vitest';
import { idSchema, isSafeId, optionalIdSchema, RESERVED_IDS } from './ids.ts';
import { ROLE_PRESET_IDS } from './features/staff.ts';

describe('the id rule (issue 7 item 2)', () => {
  it('reserves every name Object.prototype answers to on this runtime', () => {
    const names = Object.getOwnPropertyNames(Object.prototype);
    expect(names.filter((n) => !RESERVED_IDS.has(n))).toEqual([]);
    expect(RESERVED_IDS.has('prototype')).toBe(true);
  });

  it('refuses reserved names, empty, too long and odd characters', () => {
    for (const bad of [...RESERVED_IDS, '', 'a'.repeat(65), 'a b', 'p-101\n', 'ñandú', '\u0000', '../x', 'a/b', '<b>', '\ud800']) {
      expect(idSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(isSafeId(bad), JSON.stringify(bad)).toBe(false);
    }
    expect(optionalIdSchema.safeParse('').success).toBe(true);
    expect(optionalIdSchema.safeParse('constructor').success).toBe(false);
  });

  it('accepts every id shape the hub and its devices make', () => {
    // The shapes of the demo restaurant, the default remark presets, and what devices mint.
    const ids = [
      ...ROLE_PRESET_IDS,
      'cat-entradas',
      'area-salon',
      't-s1',
      'st-cocina',
      'staff-demo-owner',
      'noCoriander',
      'p-101',
      'sp-301-personal',
      'role-1a2b3c4d',
      crypto.randomUUID(),
      'ip:127.0.0.1',
      'Constructor',
      '__proto',
      'a'.repeat(64),
    ];
    for (const id of ids) expect(idSchema.safeParse(id).success, id).toBe(true);
  });
});
