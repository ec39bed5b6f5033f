import { describe, expect, it } from 'vitest';
import type { Change } from '#protocol';
import { ChangeBuffer } from './change-buffer.ts';

const change = (seq: number): Change => ({ seq, commandId: `c-${seq}`, events: [] });

/** The changes a device that was away gets: exactly those after its seq, or null when the buffer no longer reaches back. */
describe('ChangeBuffer.since', () => {
  const filled = (from: number, to: number, capacity = 10): ChangeBuffer => {
    const b = new ChangeBuffer(capacity);
    for (let seq = from; seq <= to; seq++) b.push(change(seq));
    return b;
  };
  // 1..14 pushed with capacity 10: kept whole until 15 (1.5x), so 1..14 are all there.
  it.each([
    ['up to date', 14, [] as number[]],
    ['one behind', 13, [14]],
    ['from the first kept', 0, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]],
    ['in the middle', 7, [8, 9, 10, 11, 12, 13, 14]],
    ['ahead of the hub (another store, a wiped hub)', 20, null],
  ] as const)('%s (after seq %i)', (_name, seq, want) => {
    const got = filled(1, 14).since(seq, 14);
    expect(got === null ? null : got.map((c) => c.seq)).toEqual(want);
  });

  it('after trimming, a seq before the oldest kept gets null (a snapshot), one at its edge gets the rest', () => {
    // The 16th push goes past 1.5x the capacity of 10: trimmed to the last 10, 7..16.
    const b = filled(1, 16);
    expect(b.since(5, 16)).toBeNull();
    expect(b.since(6, 16)!.map((c) => c.seq)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(b.since(15, 16)!.map((c) => c.seq)).toEqual([16]);
  });

  it('every seq of a long buffer finds exactly the changes after it', () => {
    const b = filled(101, 2100, 2000);
    for (let seq = 100; seq <= 2100; seq += 37) expect(b.since(seq, 2100)!.map((c) => c.seq)).toEqual(Array.from({ length: 2100 - seq }, (_, i) => seq + 1 + i));
  });

  it('an empty buffer gets null for an old seq', () => {
    expect(new ChangeBuffer(10).since(3, 5)).toBeNull();
  });
});
