import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DayLog, dayKey } from './day-log.ts';
import { encodeLine } from './line-codec.ts';
import { useTempDirs } from './test-fixtures.ts';

/**
 * DayLog as a snapshot uses it (issue 20 item 4): the day of each entry by
 * its minute, the file's end found from its tail only (today's file holds
 * thousands of entries), a torn last piece cut whatever its length.
 */
type Entry = { seq: number; at: string; text: string };
const dirs = useTempDirs('pos-day-log-');
const DAY = '2025-03-14';
const at = (seq: number) => new Date(Date.parse(`${DAY}T15:00:00.000Z`) + seq * 1000).toISOString();
const entry = (seq: number, text = ''): Entry => ({ seq, at: at(seq), text });

async function logIn(offset = -300): Promise<{ log: DayLog<Entry>; file: string }> {
  const dir = path.join(await dirs.make(), 'activity');
  return { log: new DayLog<Entry>(dir, offset, (e) => e.at), file: path.join(dir, `${DAY}.jsonl`) };
}

/** A new DayLog on the same folder: it knows nothing of the files (as after a restart). */
const restarted = (log: DayLog<Entry>, offset = -300) => new DayLog<Entry>(log.dir, offset, (e) => e.at);

describe('DayLog.dayAt', () => {
  it.each<[string, number]>([
    ['2025-03-15T04:59:59.999Z', -300],
    ['2025-03-15T05:00:00.000Z', -300],
    ['2025-03-15T05:00:00.000Z', 330], // India: half-hour offsets fall on a minute too
    ['2025-03-14T18:29:59.999Z', 330],
    ['2025-03-14T18:30:00.000Z', 330],
    ['2025-03-14T19:30:00-05:00', -300], // not the hub's own form: worked out each time
    ['2024-03-01T04:00:00.000Z', -300],
  ])('%s at offset %i is the same day as dayKey says', async (iso, offset) => {
    const { log } = await logIn(offset);
    // Twice: the second answer comes from the minute's memo.
    expect(log.dayAt(iso)).toBe(dayKey(iso, offset));
    expect(log.dayAt(iso)).toBe(dayKey(iso, offset));
  });
});

describe('DayLog.append after a restart reads only the file end', () => {
  it('many records: appending the same entries again adds nothing; new ones go after them', async () => {
    const { log, file } = await logIn();
    const first = Array.from({ length: 3000 }, (_, i) => entry(i + 1, 'x'.repeat(50)));
    await log.append(first);
    const again = restarted(log);
    await again.append([...first.slice(-10), entry(3001)]);
    expect((await again.readDay(DAY)).map((e) => e.seq)).toEqual(Array.from({ length: 3001 }, (_, i) => i + 1));
    expect((await fs.readFile(file, 'utf8')).endsWith('\n')).toBe(true);
  });

  it.each<[string, number]>([
    ['short', 40],
    ['longer than the first tail read', 200_000],
  ])('a torn last piece (%s) is cut, the last whole record found, nothing duplicated', async (_label, tornLength) => {
    const { log, file } = await logIn();
    await log.append([entry(1), entry(2, 'y'.repeat(150_000)), entry(3)]);
    const torn = encodeLine(entry(4, 'z'.repeat(tornLength))).slice(0, -20);
    await fs.appendFile(file, torn);
    const again = restarted(log);
    await again.append([entry(3), entry(4), entry(5)]);
    expect((await again.readDay(DAY)).map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('a last record longer than the first tail read is found whole', async () => {
    const { log } = await logIn();
    await log.append([entry(1), entry(2, 'w'.repeat(300_000))]);
    const again = restarted(log);
    await again.append([entry(2, 'w'.repeat(300_000)), entry(3)]);
    expect((await again.readDay(DAY)).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('a damaged line above the last is left alone (only a last line can be torn); readDay skips it', async () => {
    const { log, file } = await logIn();
    await log.append([entry(1), entry(2), entry(3)]);
    const lines = (await fs.readFile(file, 'utf8')).split('\n');
    lines[1] = lines[1]!.replace('"seq":2', '"seq":9');
    await fs.writeFile(file, lines.join('\n'));
    const again = restarted(log);
    await again.append([entry(3), entry(4)]);
    expect((await again.readDay(DAY)).map((e) => e.seq)).toEqual([1, 3, 4]);
  });

  it('a file that is nothing but a torn piece is emptied and written from its first record', async () => {
    const { log, file } = await logIn();
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, encodeLine(entry(1)).slice(0, 30));
    await log.append([entry(1), entry(2)]);
    expect((await log.readDay(DAY)).map((e) => e.seq)).toEqual([1, 2]);
  });
});
