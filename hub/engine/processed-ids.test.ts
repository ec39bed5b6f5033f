import { describe, expect, it } from 'vitest';
import type { Change } from '#protocol';
import { ChangeBuffer } from './change-buffer.ts';
import { rememberedAt } from './log-record.ts';
import { COMMAND_ALIAS, INTERNAL, type CommandType } from '#protocol';
import { notRemembered, ProcessedIds, remembersId } from './processed-ids.ts';

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

  it('prune forgets the hours wholly past the window and keeps the rest', () => {
    const ids = ProcessedIds.from(
      [
        { id: 'old', seq: 1, at: daysAgo(365), result: {} },
        { id: 'edge', seq: 2, at: daysAgo(6.9), result: {} },
        { id: 'new', seq: 3, at: daysAgo(0), result: {} },
      ],
      7 * DAY,
    );
    expect(ids.prune(NOW)).toBe(1);
    expect(ids.size).toBe(2);
    expect(ids.reply('old')).toBeUndefined();
    expect(ids.reply('edge')).toMatchObject({ seq: 2 });
  });

  it.each<[string, number, boolean]>([
    // NOW is 00:30: the cutoff 7 days back falls half way through an hour.
    ['in the hour before the cutoff hour', 7 * DAY + 45 * 60_000, false],
    ['in the cutoff hour, before the cutoff', 7 * DAY + 10 * 60_000, true],
    ['in the cutoff hour, after the cutoff', 7 * DAY - 10 * 60_000, true],
    ['an hour inside the window', 6 * DAY, true],
  ])('an id remembered %s is kept: %s (never dropped before its own time is past)', (_label, agoMs, kept) => {
    const ids = new ProcessedIds(7 * DAY);
    ids.add({ id: 'c', seq: 1, at: new Date(NOW.getTime() - agoMs).toISOString(), result: {} });
    ids.prune(NOW);
    expect(ids.reply('c') !== undefined).toBe(kept);
  });

  it('an id of a device ahead of the hub is kept until its own time leaves the window', () => {
    const ids = new ProcessedIds(7 * DAY);
    ids.add({ id: 'ahead', seq: 1, at: daysAgo(-20), result: {} });
    ids.add({ id: 'now', seq: 2, at: daysAgo(0), result: {} });
    ids.prune(new Date(NOW.getTime() + 10 * DAY));
    expect(ids.reply('now')).toBeUndefined();
    expect(ids.reply('ahead')).toBeDefined();
    ids.prune(new Date(NOW.getTime() + 28 * DAY));
    expect(ids.size).toBe(0);
  });

  it('a capture takes only the ids added since the last one; ids loaded from files are not written again', () => {
    const ids = new ProcessedIds(7 * DAY);
    ids.load([{ id: 'on-disk', seq: 1, at: daysAgo(1), result: {} }]);
    ids.add({ id: 'a', seq: 2, at: daysAgo(0), result: {} });
    ids.add({ id: 'a', seq: 2, at: daysAgo(0), result: {} });
    const first = ids.capture(NOW);
    expect(first.entries.map((e) => e.id)).toEqual(['a']);
    expect(first.cutoffMs).toBe(NOW.getTime() - 7 * DAY);
    ids.add({ id: 'b', seq: 3, at: daysAgo(0), result: {} });
    expect(ids.capture(NOW).entries.map((e) => e.id)).toEqual(['b']);
    expect(ids.capture(NOW).entries).toEqual([]);
    expect(ids.reply('on-disk')).toBeDefined();
  });

  it('a failed snapshot hands its ids back, ahead of those added meanwhile, once', () => {
    const ids = new ProcessedIds(7 * DAY);
    ids.add({ id: 'a', seq: 1, at: daysAgo(0), result: {} });
    const failed = ids.capture(NOW);
    ids.add({ id: 'b', seq: 2, at: daysAgo(0), result: {} });
    failed.restore();
    failed.restore();
    expect(ids.capture(NOW).entries.map((e) => e.id)).toEqual(['a', 'b']);
  });

  it('a week of ids pruned an hour at a time: each prune drops one hour', () => {
    const ids = new ProcessedIds(7 * DAY);
    const start = NOW.getTime() - 7 * DAY - 30 * 60_000; // on the hour
    for (let i = 0; i < 7 * 24 * 10; i++) ids.add({ id: `c${i}`, seq: i + 1, at: new Date(start + i * 6 * 60_000).toISOString(), result: {} });
    expect(ids.size).toBe(1680);
    expect(ids.prune(NOW)).toBe(0);
    expect(ids.prune(new Date(NOW.getTime() + 3_600_000))).toBe(10);
    expect(ids.size).toBe(1670);
  });

  // Ids are packed when they are lowercase UUIDs (packed-ids.ts): every other string must stay an id of its own.
  const UUID = '3072c09a-d522-4d03-bf7b-d5d8e81ba06c';
  it.each<[string, string[]]>([
    ['a UUID and its upper case', [UUID, UUID.toUpperCase()]],
    ['a UUID and a hub-made id on it', [UUID, `${UUID}.0`, `${UUID}.1`]],
    ['the nil UUID and the empty string', ['00000000-0000-0000-0000-000000000000', '']],
    ['prototype names', ['__proto__', 'constructor', 'hasOwnProperty', UUID]],
  ])('%s are different ids, each answered with its own seq and result, and pruned with its hour', (_label, list) => {
    const ids = new ProcessedIds(7 * DAY);
    list.forEach((id, i) => ids.add({ id, seq: 10 + i, at: daysAgo(i % 2 === 0 ? 8 : 1), result: i === 1 ? { orderNo: 7 } : {} }));
    expect(ids.size).toBe(list.length);
    list.forEach((id, i) => expect(ids.reply(id)).toEqual({ ok: true, seq: 10 + i, result: i === 1 ? { orderNo: 7 } : {}, duplicate: true }));
    // A second add of any of them changes nothing (the first answer stays).
    list.forEach((id) => ids.add({ id, seq: 99, at: daysAgo(0), result: { orderNo: 1 } }));
    expect(ids.size).toBe(list.length);
    expect(ids.prune(NOW)).toBe(Math.ceil(list.length / 2));
    list.forEach((id, i) => expect(ids.reply(id)).toEqual(i % 2 === 0 ? undefined : expect.objectContaining({ seq: 10 + i })));
    expect(ids.reply('toString')).toBeUndefined();
  });

  it('a result goes with its id when the hour is pruned (a later id of the same string answers its own)', () => {
    const ids = new ProcessedIds(7 * DAY);
    ids.add({ id: UUID, seq: 1, at: daysAgo(8), result: { orderNo: 3 } });
    ids.add({ id: 'other', seq: 2, at: daysAgo(8), result: { orderNo: 4 } });
    expect(ids.prune(NOW)).toBe(2);
    expect(ids.size).toBe(0);
    ids.add({ id: UUID, seq: 5, at: daysAgo(0), result: {} });
    ids.add({ id: 'other', seq: 6, at: daysAgo(0), result: {} });
    expect(ids.reply(UUID)).toEqual({ ok: true, seq: 5, result: {}, duplicate: true });
    expect(ids.reply('other')).toEqual({ ok: true, seq: 6, result: {}, duplicate: true });
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

describe('ids not remembered', () => {
  it('are of commands no device may send (the intake refuses INTERNAL types)', () => {
    for (const type of notRemembered()) expect(COMMAND_ALIAS[type as CommandType]).toBe(INTERNAL);
  });

  it.each<[string, boolean]>([
    ['job.start', false],
    ['job.finish', false],
    ['printer.reportStatus', false],
    // INTERNAL, but sent with the device's id over HTTP, or under a job's id: remembered.
    ['bill.correct', true],
    ['bill.reprint', true],
    ['kds.show', true],
    ['order.send', true],
    ['job.retry', true],
  ])('%s is remembered: %s', (type, remembered) => {
    expect(remembersId(type)).toBe(remembered);
  });
});
