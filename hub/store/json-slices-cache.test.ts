import { afterEach, describe, expect, it, vi } from 'vitest';
import { bucketWith, bucketWithout, type Buckets } from '#protocol';
import { stringifyInSlices } from './json-slices.ts';

/**
 * A snapshot writes an unchanged bucket (members, coupons), the products or the
 * orders from the text it wrote last time for that very object (issue 20: a
 * snapshot costs what changed). The state is never changed in place, so the
 * same object has the same text; a copy-on-write change makes a new object,
 * written afresh. Whatever was cached, the text is exactly JSON.stringify's.
 */
async function sliced(value: unknown): Promise<string> {
  const parts: string[] = [];
  await stringifyInSlices(value, { push: (t) => void parts.push(t), flush: async () => undefined }, 0);
  return parts.join('');
}

/** How many times JSON.stringify ran while `value` was written. */
async function stringifyCalls(value: unknown): Promise<{ text: string; calls: number }> {
  const spy = vi.spyOn(JSON, 'stringify');
  const text = await sliced(value);
  const calls = spy.mock.calls.length;
  spy.mockRestore();
  return { text, calls };
}

afterEach(() => vi.restoreAllMocks());

type Member = { id: string; name: string; phone: string; balanceCents: number };
const member = (i: number): Member => ({ id: `m-${i}`, name: `Cliente ${i} · 客户`, phone: `9${String(i).padStart(8, '0')}`, balanceCents: i * 10 });

function directory(n: number): Buckets<Member> {
  let b: Buckets<Member> = {};
  for (let i = 0; i < n; i++) b = bucketWith(b, `m-${i}`, member(i));
  return b;
}

const snapshotOf = (members: Buckets<Member>, seq: number) => ({ format: 9, seq, state: { members, counters: { orderNo: seq }, products: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`p-${i}`, { id: `p-${i}`, priceCents: i }])) } });

describe('stringifyInSlices keeps the text of unchanged containers', () => {
  // 256 buckets of ~40 members each: every bucket is walked (more than 32 entries), a leaf.
  const members = directory(10_000);

  it('the same state written again is the same text, with a fraction of the work', async () => {
    const first = await stringifyCalls(snapshotOf(members, 1));
    expect(first.text).toBe(JSON.stringify(snapshotOf(members, 1)));
    const again = await stringifyCalls(snapshotOf(members, 2));
    expect(again.text).toBe(JSON.stringify(snapshotOf(members, 2)));
    // Each member was stringified once the first time; the second time only the bucket map's keys.
    expect(first.calls).toBeGreaterThan(10_000);
    expect(again.calls).toBeLessThan(1_000);
  });

  it('a kept bucket is written without listing its keys again (a snapshot of a full hub lists the bucket tables, not the members)', async () => {
    const snapshot = (seq: number) => ({ format: 9, seq, state: { members } });
    await sliced(snapshot(1));
    const spy = vi.spyOn(Object, 'keys');
    const text = await sliced(snapshot(4));
    const calls = spy.mock.calls.length;
    spy.mockRestore();
    expect(text).toBe(JSON.stringify(snapshot(4)));
    // The state, the members' bucket table and the buckets small enough to be written whole (32 members
    // or fewer, never kept): not each of the 256 buckets (~40 members each) as before.
    const small = Object.values(members).filter((bucket) => Object.keys(bucket).length <= 32).length;
    expect(small).toBeLessThan(128);
    expect(calls).toBeLessThanOrEqual(small + 3);
  });

  it.each([
    ['a member changed', (b: Buckets<Member>) => bucketWith(b, 'm-17', { ...member(17), balanceCents: 99_999 })],
    ['a member added', (b: Buckets<Member>) => bucketWith(b, 'm-new', member(123_456))],
    ['a member removed', (b: Buckets<Member>) => bucketWithout(b, 'm-42')],
    ['attack: a member named __proto__', (b: Buckets<Member>) => bucketWith(b, '__proto__', member(7))],
    ['attack: a member named constructor, then changed again', (b: Buckets<Member>) => bucketWith(bucketWith(b, 'constructor', member(8)), 'constructor', member(9))],
  ] as const)('%s: the changed bucket is written afresh, the text equals JSON.stringify', async (_name, change) => {
    await sliced(snapshotOf(members, 1));
    const next = change(members);
    const { text, calls } = await stringifyCalls(snapshotOf(next, 3));
    expect(text).toBe(JSON.stringify(snapshotOf(next, 3)));
    // One bucket of ~40 stringified again, not the directory.
    expect(calls).toBeLessThan(1_000);
    // And the old state still writes its own text (nothing was changed in place).
    expect(await sliced(snapshotOf(members, 1))).toBe(JSON.stringify(snapshotOf(members, 1)));
  });

  it('a container holding walked ones is not kept whole (no text twice), its walked entries are, and the same object in two places reads the same', async () => {
    const inner = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i]));
    const outer = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`o${i}`, i % 2 ? inner : { ...inner, k0: i }]));
    const value = { top: { outer, again: inner } };
    expect(await sliced(value)).toBe(JSON.stringify(value));
    expect(await sliced(value)).toBe(JSON.stringify(value));
  });

  it('values written whole by JSON.stringify (toJSON, dates, small records) are unaffected', async () => {
    const value = { a: { b: Object.assign(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, i])), { toJSON: () => 'mine' }), when: new Date(0), small: { x: 1 } } };
    expect(await sliced(value)).toBe(JSON.stringify(value));
    expect(await sliced(value)).toBe(JSON.stringify(value));
  });
});
