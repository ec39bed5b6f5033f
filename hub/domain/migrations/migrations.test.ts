import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { STORE_FORMAT_VERSION } from '#protocol';
import { orderAt } from '../test-fixtures.ts';
import { LEGACY_RECORD_FORMAT, MIGRATIONS, migrate, recordFormat, StoreFormatError, type Migration } from './index.ts';

/** A state as the oldest hubs wrote it: no staff, roles, settings, alerts, jobs, menu settings or stock history. */
function oldest(): State {
  const { staff: _a, roles: _b, settings: _c, alerts: _d, menuSettings: _f, ...rest } = orderAt('ordered');
  return rest as unknown as State;
}

/** Freezes a value and everything in it, so that any write throws. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** The real table with each step counted as it runs. */
function counted(): { table: Migration[]; calls: number[] } {
  const calls: number[] = [];
  const table = MIGRATIONS.map((m) => ({ ...m, up: (s: State) => (calls.push(m.version), m.up(s)) }));
  return { table, calls };
}

describe('numbered migrations', () => {
  it('are numbered 2, 3, ... up to the store format without gaps, each named', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(Array.from({ length: STORE_FORMAT_VERSION - 1 }, (_, i) => i + 2));
    expect(MIGRATIONS.every((m) => m.name.length > 0)).toBe(true);
  });

  it('runs every step after the given format exactly once, in order', () => {
    for (let from = 1; from <= STORE_FORMAT_VERSION; from++) {
      const { table, calls } = counted();
      const { applied } = migrate(oldest(), from, STORE_FORMAT_VERSION, table);
      const expected = MIGRATIONS.map((m) => m.version).filter((v) => v > from);
      expect(calls).toEqual(expected);
      expect(applied.map((a) => Number(a.split(' ')[0]))).toEqual(expected);
    }
  });

  it('stops at the format asked for, and runs nothing when there is nothing to do', () => {
    const { table, calls } = counted();
    migrate(oldest(), 1, 2, table);
    expect(calls).toEqual([2]);
    const current = orderAt('sent');
    expect(migrate(current, STORE_FORMAT_VERSION).state).toBe(current);
    expect(migrate(current, STORE_FORMAT_VERSION + 5).applied).toEqual([]);
  });

  it('brings the oldest shape to what a fresh hub holds today', () => {
    const { state } = migrate(oldest(), 1);
    const fresh = orderAt('ordered');
    expect(state.staff).toEqual({});
    // Migration 2 gave it the jobs slice; migration 6 takes it away again (jobs live in the hub's table).
    expect(Object.hasOwn(state, 'jobs')).toBe(false);
    expect(state.settings).toEqual(fresh.settings);
    expect(state.menuSettings).toEqual(fresh.menuSettings);
    expect(Object.hasOwn(state, 'stockMoves')).toBe(false);
  });

  it('are pure: the input is never changed (every step runs on a frozen state)', () => {
    const input = oldest();
    const copy = structuredClone(input);
    deepFreeze(input);
    const out = migrate(input, 1).state;
    expect(input).toEqual(copy);
    expect(out).not.toBe(input);
    for (const m of MIGRATIONS) expect(() => m.up(input)).not.toThrow();
  });

  it('refuses data of a newer format than this hub knows, naming both', () => {
    expect(() => migrate(orderAt('sent'), 1, STORE_FORMAT_VERSION + 1)).toThrow(StoreFormatError);
    expect(() => migrate(orderAt('sent'), 1, STORE_FORMAT_VERSION + 1)).toThrow(`store format ${STORE_FORMAT_VERSION + 1}`);
  });

  it('reads a record without a format as the legacy one, and a numbered one as it says', () => {
    expect(recordFormat({})).toBe(LEGACY_RECORD_FORMAT);
    expect(recordFormat({ format: 7 })).toBe(7);
  });
});
