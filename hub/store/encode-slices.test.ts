import { describe, expect, it } from 'vitest';
import { encodeInSlices } from './encode-slices.ts';
import { encodeLine } from './line-codec.ts';
import { forEachLineValue } from './line-bytes.ts';

/** What a snapshot writes into the day files and command-id files: exactly encodeLine's bytes, in buffers. */
describe('encodeInSlices', () => {
  const cases: [string, unknown[]][] = [
    ['nothing', []],
    ['plain entries', Array.from({ length: 50 }, (_, i) => ({ seq: i + 1, at: '2025-03-14T19:30:00.000Z', detail: { n: i } }))],
    ['Spanish, Chinese and emoji', [{ seq: 1, name: 'Cevichería · 秘鲁 · 不要辣 · 🌶️', remark: 'ñ' }, { seq: 2, text: '\u2028 "quoted" \\ \n' }]],
    ['a lone surrogate (escaped by JSON.stringify)', [{ seq: 1, bad: '\ud800' }]],
    ['entries past one 256 KB buffer, one larger than a buffer', [...Array.from({ length: 3000 }, (_, i) => ({ seq: i, pad: 'x'.repeat(200) })), { seq: 9999, big: '汉'.repeat(200_000) }, { seq: 10_000 }]],
  ];
  it.each(cases)('%s', async (_label, entries) => {
    const chunks = await encodeInSlices(entries);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(entries.map((e) => encodeLine(e)).join(''));
    // Every buffer ends at a line's end: a file written buffer by buffer never holds half a line between them.
    for (const c of chunks) expect(c.at(-1)).toBe(0x0a);
  });
});

describe('forEachLineValue reads back what encodeInSlices wrote', () => {
  it('every whole line, a damaged one and a torn last piece as null', async () => {
    const entries = [{ seq: 1, t: 'Cevichería 秘鲁' }, { seq: 2 }, { seq: 3, big: 'x'.repeat(70_000) }];
    const bytes = Buffer.concat([...(await encodeInSlices(entries)), Buffer.from('00000000 {"seq":4}\n1234abcd {"seq": 5, "bi', 'utf8')]);
    const values: unknown[] = [];
    forEachLineValue(bytes, (v) => values.push(v));
    expect(values).toEqual([...entries, null, null]);
  });
});
