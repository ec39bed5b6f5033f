import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bill } from '#protocol';
import { dayKey } from '#hub/store/archive.ts';
import { encodeLine } from '#hub/store/line-codec.ts';
import { forEachBusinessDay, type BillSource } from './archive-reader.ts';

/** A bill is only its id and payment time here: the reader never looks further. */
const bill = (id: string, paidAt: string) => ({ id, paidAt }) as unknown as Bill;
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'reports-reader-'));
  // Calendar files (Lima days): the 19th holds an evening sale and a 01:30 one of the 20th in the next file.
  await writeFile(path.join(dir, '2026-11-19.jsonl'), [encodeLine({ seq: 1, bill: bill('a', '2026-11-19T20:00:00Z') }), encodeLine({ seq: 2, bill: bill('b', '2026-11-20T03:00:00Z') })].join(''));
  await writeFile(
    path.join(dir, '2026-11-20.jsonl'),
    // 01:30 Lima on the 20th, then a record the engine also holds in memory, then a damaged line and a torn last one.
    [encodeLine({ seq: 3, bill: bill('c', '2026-11-20T06:30:00Z') }), encodeLine({ seq: 9, bill: bill('d', '2026-11-20T15:00:00Z') }), '00000000 {"seq": 4}\n', '1234abcd {"seq": 5, "bi'].join(''),
  );
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function source(recent: { seq: number; bill: Bill }[]): BillSource {
  return { archive: { dir, dayAt: (iso) => dayKey(iso, -300) }, recentClosedBills: () => recent };
}

async function read(days: string[], closingHour: number, recent: { seq: number; bill: Bill }[] = []) {
  const out: [string, string[]][] = [];
  const stats = { files: 0, bytes: 0 };
  await forEachBusinessDay(source(recent), days, closingHour, async (day, bills) => void out.push([day, bills.map((b) => b.id)]), stats);
  return { out, stats };
}

describe('forEachBusinessDay (the archive read in slices, as the engine reads it)', () => {
  it('gives each business day its bills; a 01:30 sale belongs to the evening before when closing at 03:00', async () => {
    const { out, stats } = await read(['2026-11-19', '2026-11-20'], 3);
    expect(out).toEqual([
      ['2026-11-19', ['a', 'b', 'c']],
      ['2026-11-20', ['d']],
    ]);
    // Three calendar files touched (19, 20, 21), two exist, each read once.
    expect(stats.files).toBe(2);
  });

  it('with closing hour 0 a business day is the calendar day', async () => {
    const { out } = await read(['2026-11-19', '2026-11-20'], 0);
    expect(out).toEqual([
      ['2026-11-19', ['a', 'b']],
      ['2026-11-20', ['c', 'd']],
    ]);
  });

  it('memory wins from its first seq (a snapshot may be writing the files): no bill twice', async () => {
    const inMemory = [{ seq: 9, bill: bill('d', '2026-11-20T15:00:00Z') }, { seq: 10, bill: bill('e', '2026-11-20T16:00:00Z') }];
    const { out } = await read(['2026-11-20'], 3, inMemory);
    expect(out).toEqual([['2026-11-20', ['d', 'e']]]);
  });

  it('a day with no files is an empty day, not an error', async () => {
    const { out, stats } = await read(['2025-01-01'], 4);
    expect(out).toEqual([['2025-01-01', []]]);
    expect(stats.files).toBe(0);
  });
});
