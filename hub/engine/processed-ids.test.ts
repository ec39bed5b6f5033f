import { describe, expect, it } from 'vitest';
import type { Change } from '#protocol';
import { ChangeBuffer } from './change-buffer.ts';
import { rememberedAt } from './log-record.ts';
import { ProcessedIds } from './processed-ids.ts';

const DAY = 86_400_000;
const NOW = new Date('2025-03-15T00:30:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * DAY).toISOString();

describe('ProcessedIds', () => {
  it('answers a known id with its first result, marked duplicate', () => {
    const ids = new ProcessedIds(7 * DAY);
    ids.add({ id: 'c1', seq: 12, at: NOW.toISOString(), result: { orderNo: 3 } });
    expect(ids.reply('c1')).toEqual({ ok: true, seq: 12, result: { orderNo: 3 }, duplicate: true });
    expect(ids.reply('c2')).toBeUndefined();
  });

  it.each<[string, string, boolean]>([
    ['8 days old', daysAgo(8), true],
    ['just past 7 days', new Date(NOW.getTime() - 7 * DAY - 1).toISOString(), true],
    ['exactly 7 days', daysAgo(7), false],
    ['an hour old', daysAgo(1 / 24), false],
    ['from the future', daysAgo(-2), false],
  ])('with 7 days retention, a command %s is expired: %s', (_label, at, expired) => {
    expect(new ProcessedIds(7 * DAY).isExpired(at, NOW)).toBe(expired);
  });

  it('prune keeps only entries inside the window and forgets the rest', () => {
    const ids = ProcessedIds.from(
      [
        { id: 'old', seq: 1, at: daysAgo(365), result: {} },
        { id: 'edge', seq: 2, at: daysAgo(6.9), result: {} },
        { id: 'new', seq: 3, at: daysAgo(0), result: {} },
      ],
      7 * DAY,
    );
    expect(ids.prune(NOW).map((e) => e.id)).toEqual(['edge', 'new']);
    expect(ids.size).toBe(2);
    expect(ids.reply('old')).toBeUndefined();
  });
});

describe('rememberedAt', () => {
  const hub = '2025-03-15T00:30:00.000Z';
  it.each<[string, string | undefined, string]>([
    ['a device behind the hub', '2025-03-14T23:00:00.000Z', hub],
    ['a device two days ahead', '2025-03-17T00:30:00.000Z', '2025-03-17T00:30:00.000Z'],
    // 22:30 in Lima is 03:30 UTC: later than the hub although it sorts earlier as text.
    ['a device 3 hours ahead writing its Lima offset', '2025-03-14T22:30:00-05:00', '2025-03-15T03:30:00.000Z'],
    ['a record from before deviceAt existed', undefined, hub],
    // A hostile or broken clock cannot keep an id for ever: 30 days ahead at most.
    ['a device dated year 9999', '9999-12-31T00:00:00.000Z', '2025-04-14T00:30:00.000Z'],
  ])('%s -> remembered from %s', (_label, deviceAt, expected) => {
    expect(rememberedAt({ at: hub, deviceAt })).toBe(expected);
  });
});

describe('ChangeBuffer', () => {
  const change = (seq: number): Change => ({ seq, commandId: `c${seq}`, events: [] });
  const filled = (capacity: number, from: number, to: number) => {
    const b = new ChangeBuffer(capacity);
    for (let s = from; s <= to; s++) b.push(change(s));
    return b;
  };

  it('returns the changes after a seq, oldest first', () => {
    expect(filled(10, 1, 5).since(2, 5)?.map((c) => c.seq)).toEqual([3, 4, 5]);
  });

  it('up to date is [], ahead of the hub is null', () => {
    const b = filled(10, 1, 5);
    expect(b.since(5, 5)).toEqual([]);
    expect(b.since(6, 5)).toBeNull();
  });

  it('keeps at least `capacity` changes and says null for anything older', () => {
    const b = filled(4, 1, 100);
    expect(b.since(96, 100)?.map((c) => c.seq)).toEqual([97, 98, 99, 100]);
    expect(b.since(10, 100)).toBeNull();
  });

  it('an empty buffer after a restart from a snapshot cannot serve an older seq', () => {
    expect(new ChangeBuffer(10).since(3, 7)).toBeNull();
  });

  it('a buffer that starts mid-log (replayed tail) serves from its first seq', () => {
    const b = filled(10, 15, 20);
    expect(b.since(14, 20)).toHaveLength(6);
    expect(b.since(13, 20)).toBeNull();
  });
});
