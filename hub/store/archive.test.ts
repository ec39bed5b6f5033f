import { promises as fs } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cashPayment, SALE_NOTE, type Bill } from '#protocol';
import { Archive, dayKey, type ArchivedBill } from './archive.ts';
import { encodeLine } from './line-codec.ts';
import { useTempDirs } from './test-fixtures.ts';

const LIMA = -300;
const dirs = useTempDirs('pos-archive-');

function bill(n: number, paidAt: string): Bill {
  return {
    id: `order-${n}`,
    billNo: n,
    orderNo: n,
    tableId: 't-s1',
    tableName: 'S1',
    people: 2,
    customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' },
    lines: [],
    subtotalCents: 1000 * n,
    minSpendFeeCents: 0,
    totalCents: 1000 * n,
    receivedCents: 1000 * n,
    changeCents: 0,
    payMethod: 'cash',
    openedAt: paidAt,
    paidAt,
    operator: null,
    goodsCents: 1000 * n,
    giftCents: 0,
    lineDiscountCents: 0,
    orderDiscount: null,
    orderDiscountCents: 0,
    lunchBox: null,
    lunchBoxCents: 0,
    tipCents: 0,
    depositCents: 0,
    dueCents: 1000 * n,
    payments: [cashPayment(1000 * n)],
    isAccount: 0,
    document: SALE_NOTE,
    printRequested: false,
  };
}
const entry = (seq: number, paidAt: string): ArchivedBill => ({ seq, bill: bill(seq, paidAt) });

async function archiveIn(): Promise<{ archive: Archive; dir: string }> {
  const dir = path.join(await dirs.make(), 'archive');
  return { archive: new Archive(dir, LIMA), dir };
}

describe('dayKey', () => {
  it.each<[string, number, string]>([
    ['2025-03-15T04:59:59.999Z', LIMA, '2025-03-14'], // 23:59:59 in Lima
    ['2025-03-15T05:00:00.000Z', LIMA, '2025-03-15'], // midnight in Lima
    ['2025-01-01T03:00:00.000Z', LIMA, '2024-12-31'], // New Year's Eve dinner, paid at 22:00 Lima
    ['2024-03-01T04:00:00.000Z', LIMA, '2024-02-29'], // leap day
    ['2025-03-14T19:30:00-05:00', LIMA, '2025-03-14'], // a time written with its own offset
    ['2025-03-15T04:59:59.999Z', 0, '2025-03-15'],
    ['2025-03-14T23:30:00.000Z', 60, '2025-03-15'],
  ])('%s at offset %i is day %s', (iso, offset, day) => {
    expect(dayKey(iso, offset)).toBe(day);
  });
});

describe('Archive', () => {
  it('files each bill under its Lima day, oldest day first', async () => {
    const { archive, dir } = await archiveIn();
    await archive.append([
      entry(1, '2025-03-14T18:00:00.000Z'),
      entry(2, '2025-03-15T04:30:00.000Z'), // still the 14th in Lima
      entry(3, '2025-03-15T05:30:00.000Z'),
    ]);
    expect(await archive.days()).toEqual(['2025-03-14', '2025-03-15']);
    expect((await archive.readDay('2025-03-14')).map((e) => e.seq)).toEqual([1, 2]);
    expect(await archive.readDay('2025-03-15')).toEqual([entry(3, '2025-03-15T05:30:00.000Z')]);
    expect((await fs.readdir(dir)).sort()).toEqual(['2025-03-14.jsonl', '2025-03-15.jsonl']);
  });

  it('appending the same bills again (after a crash) does not duplicate them', async () => {
    const { archive } = await archiveIn();
    const first = [entry(1, '2025-03-14T18:00:00Z'), entry(2, '2025-03-14T19:00:00Z')];
    await archive.append(first);
    await archive.append(first);
    await archive.append([...first, entry(3, '2025-03-14T20:00:00Z')]);
    expect((await archive.readDay('2025-03-14')).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('appending nothing creates nothing', async () => {
    const { archive, dir } = await archiveIn();
    await archive.append([]);
    await expect(fs.stat(dir)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await archive.days()).toEqual([]);
  });

  it('a day with no file reads as empty', async () => {
    const { archive } = await archiveIn();
    expect(await archive.readDay('2025-03-14')).toEqual([]);
  });

  it('days() ignores files that are not day files', async () => {
    const { archive, dir } = await archiveIn();
    await archive.append([entry(1, '2025-03-14T18:00:00Z')]);
    await fs.writeFile(path.join(dir, 'README.txt'), 'x');
    await fs.writeFile(path.join(dir, '2025-03-14.jsonl.tmp-1'), 'x');
    expect(await archive.days()).toEqual(['2025-03-14']);
  });

  it('a torn last line (crash mid-append) is cut before the next append', async () => {
    const { archive, dir } = await archiveIn();
    await archive.append([entry(1, '2025-03-14T18:00:00Z'), entry(2, '2025-03-14T19:00:00Z')]);
    const file = path.join(dir, '2025-03-14.jsonl');
    const whole = await fs.readFile(file, 'utf8');
    await fs.appendFile(file, encodeLine(entry(3, '2025-03-14T20:00:00Z')).slice(0, 30));
    // A torn line is invisible to readers.
    expect((await archive.readDay('2025-03-14')).map((e) => e.seq)).toEqual([1, 2]);

    await archive.append([entry(3, '2025-03-14T20:00:00Z')]);
    expect(await fs.readFile(file, 'utf8')).toBe(whole + encodeLine(entry(3, '2025-03-14T20:00:00Z')));
    expect((await archive.readDay('2025-03-14')).map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('a bill whose write was torn is written again whole on the retry', async () => {
    const { archive, dir } = await archiveIn();
    await archive.append([entry(1, '2025-03-14T18:00:00Z')]);
    const file = path.join(dir, '2025-03-14.jsonl');
    await fs.appendFile(file, encodeLine(entry(2, '2025-03-14T19:00:00Z')).slice(0, -1)); // all but the newline
    await archive.append([entry(1, '2025-03-14T18:00:00Z'), entry(2, '2025-03-14T19:00:00Z')]);
    expect((await archive.readDay('2025-03-14')).map((e) => e.seq)).toEqual([1, 2]);
  });

  it('a damaged line in the middle of a day never costs the whole bills after it', async () => {
    const { archive, dir } = await archiveIn();
    await archive.append([1, 2, 3].map((s) => entry(s, '2025-03-14T18:00:00Z')));
    const file = path.join(dir, '2025-03-14.jsonl');
    const bytes = await fs.readFile(file);
    const at = Buffer.byteLength(encodeLine(entry(1, '2025-03-14T18:00:00Z'))) + 20; // inside bill 2
    bytes[at] = bytes[at]! ^ 0x01;
    await fs.writeFile(file, bytes);

    await archive.append([entry(4, '2025-03-14T21:00:00Z')]);
    // Bill 2 is unreadable, but bills 3 and 4 are there and 3 was not written twice.
    expect((await archive.readDay('2025-03-14')).map((e) => e.seq)).toEqual([1, 3, 4]);
  });
});
