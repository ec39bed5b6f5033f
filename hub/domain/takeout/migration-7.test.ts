import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { emptyState } from '../registry.ts';
import { migration7 } from './migration-7.ts';

describe('store migration 7: the takeout slices', () => {
  it('gives a format-6 state (without them) the slices empty', () => {
    const { takeouts: _a, takeoutCounters: _b, takeoutIntakeKeys: _c, ...old } = emptyState();
    const up = migration7.up(old as State);
    expect(up).toMatchObject({ takeouts: {}, takeoutCounters: { day: '', pickupNo: 0, codeNo: 0 }, takeoutIntakeKeys: {} });
  });

  it('keeps slices already there (format 1 named several shapes: a migration is a no-op on what it adds)', () => {
    const s = { ...emptyState(), takeoutCounters: { day: '2025-03-14', pickupNo: 4, codeNo: 9 } };
    expect(migration7.up(s).takeoutCounters).toEqual({ day: '2025-03-14', pickupNo: 4, codeNo: 9 });
  });

  it('replaces a slice that is not an object', () => {
    const s = { ...emptyState(), takeouts: null } as unknown as State;
    expect(migration7.up(s).takeouts).toEqual({});
  });
});
