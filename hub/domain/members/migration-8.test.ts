import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { emptyState } from '../registry.ts';
import { migration8 } from './migration-8.ts';

describe('store migration 8: the members slices', () => {
  it('gives a format-7 state (without them) the slices empty', () => {
    const { members: _a, memberByPhone: _b, memberByNo: _c, memberByDoc: _d, memberCounters: _e, ...old } = emptyState();
    expect(migration8.up(old as State)).toMatchObject({ members: {}, memberByPhone: {}, memberByNo: {}, memberByDoc: {}, memberCounters: { memberNo: 0, rechargeNo: 0 } });
  });

  it('keeps slices already there', () => {
    const s = { ...emptyState(), memberCounters: { memberNo: 41, rechargeNo: 7 } };
    expect(migration8.up(s).memberCounters).toEqual({ memberNo: 41, rechargeNo: 7 });
  });

  it('replaces a slice that is not an object', () => {
    const s = { ...emptyState(), members: null } as unknown as State;
    expect(migration8.up(s).members).toEqual({});
  });
});
