import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { liveTakeouts, takeoutById } from './takeouts.ts';

/** Ids from the address bar (`?id=`) are looked up as own entries only. */
describe('a takeout by id', () => {
  const state = { takeouts: { 't-1': { id: 't-1' } } } as unknown as State;

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 't-2'])('%s is no takeout', (id) => {
    expect(takeoutById(state, id)).toBeUndefined();
  });

  it('a live one is found, and a replica without the slice has none', () => {
    expect(takeoutById(state, 't-1')).toEqual({ id: 't-1' });
    expect(liveTakeouts({} as unknown as State)).toEqual([]);
    expect(takeoutById({} as unknown as State, 't-1')).toBeUndefined();
  });
});
