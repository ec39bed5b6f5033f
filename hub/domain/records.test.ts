import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Command, State } from '#protocol';
import { COMMAND_TYPES, commandPayloads, RESERVED_IDS } from '#protocol';
import { idPoolsOf } from '#hub/testing/fuzz-envelopes.ts';
import { changeAt } from '#hub/testing/hostile-values.ts';
import { arbitraryOf, idPathsOf } from '#hub/testing/schema-arbitrary.ts';
import { applyAll } from './apply.ts';
import { decide } from './decide.ts';
import { getOwn, NO_IDS, withChanges, withOwn, withOwned, withoutOwn } from './records.ts';
import { dropDamagedRecords } from './repair.ts';
import { ctxAt, deepFreeze, orderAt } from './test-fixtures.ts';

const KEYED = ['categories', 'products', 'areas', 'tables', 'orders', 'staff', 'roles', 'alerts'] as const;

describe('keyed records never reach Object.prototype (issue 7 item 2)', () => {
  it('getOwn sees own entries only; withOwn and withoutOwn store and drop any key as an own entry', () => {
    const records: Record<string, { id: string }> = { a: { id: 'a' } };
    for (const name of RESERVED_IDS) expect(getOwn(records, name), name).toBeUndefined();
    expect(getOwn(records, 'a')).toEqual({ id: 'a' });
    const added = withOwn(records, '__proto__', { id: '__proto__' });
    expect(Object.getPrototypeOf(added)).toBe(Object.prototype);
    expect(Object.keys(added)).toEqual(['a', '__proto__']);
    expect(getOwn(added, '__proto__')).toEqual({ id: '__proto__' });
    expect(JSON.parse(JSON.stringify(added))).toEqual(added);
    const dropped = withoutOwn(added, '__proto__');
    expect(Object.keys(dropped)).toEqual(['a']);
    expect(Object.keys(records)).toEqual(['a']);
    expect(withoutOwn(records, 'constructor')).toBe(records);
  });

  it('the rules behind the protocol: every id field of every command set to every reserved name never throws nor leaves half a record', () => {
    const state = deepFreeze(orderAt('sent'));
    const pools = idPoolsOf(state);
    let tried = 0;
    for (const type of COMMAND_TYPES) {
      const schema = commandPayloads[type];
      for (const payload of fc.sample(arbitraryOf(schema, pools), { seed: 11, numRuns: 8 })) {
        const json = JSON.parse(JSON.stringify(payload)) as unknown;
        for (const at of idPathsOf(schema, json)) {
          for (const name of RESERVED_IDS) {
            // Straight to the rules, as if the protocol's door had been left open.
            const cmd = { id: 'x', type, payload: changeAt(json, at, () => name), deviceId: 'd', at: '2025-03-14T19:30:00.000Z' } as Command;
            const where = `${type} ${at.join('.')}=${name}`;
            const decision = decide(state, cmd, ctxAt(undefined, null));
            tried++;
            if (!decision.ok) continue;
            const after: State = applyAll(state, decision.events);
            for (const slice of KEYED) expect(Object.getPrototypeOf(after[slice]), `${where}: ${slice}`).toBe(Object.prototype);
            // Whatever was stored under a reserved name is a whole record under its own id.
            const damaged = dropDamagedRecords(after).dropped.filter((d) => !RESERVED_IDS.has(d.slice(d.indexOf('.') + 1)));
            expect(damaged, where).toEqual([]);
            for (const slice of KEYED) {
              for (const [key, value] of Object.entries(after[slice])) expect((value as { id: string }).id, `${where}: ${slice}.${key}`).toBe(key);
            }
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
  });
});

describe('dropDamagedRecords', () => {
  it('drops reserved keys, non-objects and records under another id; keeps the rest as they are', () => {
    const state = orderAt('open');
    const damaged = structuredClone(state);
    Object.defineProperty(damaged.orders, '__proto__', { value: { status: 'open' }, enumerable: true, writable: true, configurable: true });
    (damaged.products as Record<string, unknown>)['constructor'] = { listed: false };
    (damaged.categories as Record<string, unknown>)['undefined'] = { sort: 0 };
    (damaged.tables as Record<string, unknown>)['t-odd'] = 'not a table';
    const { state: repaired, dropped } = dropDamagedRecords(damaged);
    expect(dropped.sort()).toEqual(['categories.undefined', 'orders.__proto__', 'products.constructor', 'tables.t-odd']);
    expect(repaired).toEqual(state);
    expect(dropDamagedRecords(state)).toEqual({ state, dropped: [] });
  });
});

describe('copies lent to be changed in place (withOwned: the hub engine\'s staged batch, issue 20)', () => {
  type Rec = Record<string, { v: number }>;
  const base = (): Rec => deepFreeze({ a: { v: 1 }, b: { v: 2 } }) as Rec;

  it('the first change copies (the input is never touched); the next changes of that copy are made in place', () => {
    const set = new WeakSet<object>();
    const input = base();
    withOwned(set, () => {
      const one = withOwn(input, 'c', { v: 3 });
      expect(one).not.toBe(input);
      expect(set.has(one)).toBe(true);
      const two = withOwn(one, 'a', { v: 10 });
      expect(two).toBe(one);
      const three = withoutOwn(two, 'b');
      expect(three).toBe(one);
      const four = withChanges(three, [['d', { v: 4 }]], new Set(['c']));
      expect(four).toBe(one);
      expect(Object.keys(four)).toEqual(['a', 'd']);
      expect(four).toEqual({ a: { v: 10 }, d: { v: 4 } });
    });
    expect(input).toEqual({ a: { v: 1 }, b: { v: 2 } });
  });

  it('gives the same records, in the same key order, as the pure copies (same changes, with and without a lent set)', () => {
    const steps = (r: Rec): Rec => {
      let x = withOwn(r, 'z', { v: 9 });
      x = withoutOwn(x, 'a');
      x = withOwn(x, 'a', { v: 5 });
      x = withChanges(x, [['b', { v: 7 }], ['y', { v: 8 }]], new Set(['z']));
      return withChanges(x, [], NO_IDS);
    };
    const pure = steps(base());
    const lent = withOwned(new WeakSet(), () => steps(base()));
    expect(Object.keys(lent)).toEqual(Object.keys(pure));
    expect(JSON.stringify(lent)).toBe(JSON.stringify(pure));
  });

  it('a record not copied under the set is never changed in place, nor one of an old set once another is lent', () => {
    const first = new WeakSet<object>();
    const copy = withOwned(first, () => withOwn(base(), 'c', { v: 3 }));
    const frozen = deepFreeze(copy);
    // Outside withOwned, and under another set, that copy is copied again (frozen: a change in place would throw).
    expect(withOwn(frozen, 'd', { v: 4 })).not.toBe(frozen);
    withOwned(new WeakSet(), () => expect(withOwn(frozen, 'd', { v: 4 })).not.toBe(frozen));
    expect(Object.keys(frozen)).toEqual(['a', 'b', 'c']);
  });

  it('ids named like Object members stay own entries when changed in place, and the prototype is never swapped', () => {
    withOwned(new WeakSet(), () => {
      const copy = withOwn(base(), 'x', { v: 0 });
      for (const id of RESERVED_IDS) {
        expect(withOwn(copy, id, { v: 1 })).toBe(copy);
        expect(getOwn(copy, id)).toEqual({ v: 1 });
      }
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
      expect(withoutOwn(copy, '__proto__')).toBe(copy);
      expect(withChanges(copy, [], new Set(['constructor']))).toBe(copy);
      expect(Object.hasOwn(copy, '__proto__')).toBe(false);
      expect(Object.hasOwn(copy, 'constructor')).toBe(false);
      expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    });
  });

  it('the lent set is given back after the call, even when it throws', () => {
    const set = new WeakSet<object>();
    expect(() =>
      withOwned(set, () => {
        throw new Error('a rule\'s bug');
      }),
    ).toThrow('a rule');
    const copy = withOwn(base(), 'c', { v: 3 });
    expect(set.has(copy)).toBe(false);
  });
});
