import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyState } from '#domain';
import { STORE_FORMAT_VERSION } from '#protocol';
import { stringifyInSlices } from './json-slices.ts';
import { encodeLine } from './line-codec.ts';
import { readSnapshot, writeSnapshot, type ProcessedEntry } from './snapshot.ts';
import { useTempDirs } from './test-fixtures.ts';

const dirs = useTempDirs('pos-slices-');

async function sliced(value: unknown, sliceMs = 0): Promise<{ text: string; pauses: number }> {
  const parts: string[] = [];
  let pauses = 0;
  await stringifyInSlices(value, { push: (t) => void parts.push(t), flush: async () => void pauses++ }, sliceMs);
  return { text: parts.join(''), pauses };
}

/** An object with `n` keys, so the walker goes into it (more than 32 entries). */
const wide = <T>(n: number, make: (i: number) => T): Record<string, T> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, make(i)]));

describe('stringifyInSlices writes exactly what JSON.stringify writes', () => {
  const ownProto: Record<string, number> = wide(40, (i) => i);
  Object.defineProperty(ownProto, '__proto__', { value: 7, enumerable: true, writable: true, configurable: true });
  const cases: [string, unknown][] = [
    ['a small value', { a: 1, b: [1, 2], c: 'x' }],
    ['a number, a string, null', 3.5],
    ['a wide object of orders', wide(100, (i) => ({ id: `o${i}`, lines: [{ qty: i, remark: 'sin ají · 辣' }] }))],
    ['a long array of entries', Array.from({ length: 500 }, (_, i) => ({ id: `c${i}`, seq: i, result: {} }))],
    ['undefined, functions and NaN, in a wide object and a long array', { o: wide(40, (i) => (i % 3 === 0 ? undefined : i % 3 === 1 ? () => i : NaN)), a: Array.from({ length: 40 }, (_, i) => (i % 2 ? undefined : Infinity)) }],
    ['nested wide objects', { outer: wide(35, (i) => wide(35, (j) => i * j)) }],
    ['an own __proto__ key', ownProto],
    ['dates and toJSON', { when: new Date(0), custom: Object.assign(wide(40, (i) => i), { toJSON: () => 'mine' }), list: Array.from({ length: 40 }, (_, i) => new Date(i)) }],
    ['escapes in keys and strings', wide(40, (i) => `"quoted" \\ \n ${String.fromCharCode(i)} \u2028`)],
    ['an empty wide-looking object and array', { a: {}, b: [] }],
  ];
  it.each(cases)('%s', async (_label, value) => {
    expect((await sliced(value)).text).toBe(JSON.stringify(value));
  });

  it('pauses between slices of a large value, so the event loop runs meanwhile', async () => {
    const value = Array.from({ length: 20_000 }, (_, i) => ({ id: `id-${i}`, seq: i, at: '2025-03-14T19:30:00.000Z', result: {} }));
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    // Small at the top (as the snapshot file is), large inside.
    const { text, pauses } = await sliced({ seq: 1, processed: value }, 0);
    clearInterval(ticker);
    expect(text).toBe(JSON.stringify({ seq: 1, processed: value }));
    expect(pauses).toBeGreaterThan(100);
    expect(turns).toBeGreaterThan(0);
  });
});

describe('writeSnapshot in slices', () => {
  it('writes the same bytes as one encodeLine of the whole file, and reads back', async () => {
    const dir = await dirs.make();
    const state = emptyState();
    state.restaurant.name = 'Cevichería · 秘鲁';
    const processed: ProcessedEntry[] = Array.from({ length: 3_000 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, seq: i + 1, at: '2025-03-14T19:30:00.000Z', result: { orderNo: i } }));
    const snap = { storeId: 's', seq: 3_000, archivedThroughSeq: 3_000, writtenAt: '2025-03-14T19:31:00.000Z', state, processed };
    const size = await writeSnapshot(dir, snap, 0);
    const bytes = await fs.readFile(path.join(dir, 'snapshot.json'));
    expect(bytes.toString('utf8')).toBe(encodeLine({ format: STORE_FORMAT_VERSION, ...snap }));
    expect(size).toBe(bytes.length);
    expect(await readSnapshot(dir)).toEqual({ format: STORE_FORMAT_VERSION, ...snap });
    expect(await fs.readdir(dir)).toEqual(['snapshot.json']);
  });
});
