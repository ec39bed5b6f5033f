import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyState } from '#hub/domain/registry.ts';
import { testBill, testSettings } from '#hub/domain/einvoice/test-bills.ts';
import { parseCsv } from '#hub/goods-io/csv.ts';
import { memoryEngine, timeMonthExport } from './month-export.ts';

/**
 * A month of a busy restaurant (600 boletas a day, 8 lines each: 18,000
 * bills) exported on its last day: the month's CSV has every bill, the PLE
 * register a line per boleta, and the time is printed (the goal is < 2 s; on
 * a shared test machine the assertion leaves room, `npm run bench` has the
 * figure).
 */

let root = '';
afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('a month-end export of 18,000 bills', () => {
  it('writes every bill and the register', async () => {
    root = await mkdtemp(join(tmpdir(), 'pos-month-export-'));
    const bills = [];
    for (let day = 1; day <= 30; day++) {
      for (let i = 0; i < 600; i++) {
        const n = (day - 1) * 600 + i + 1;
        const paidAt = new Date(Date.parse(`2026-11-${String(day).padStart(2, '0')}T12:00:00-05:00`) + i * 60_000).toISOString();
        const bill = testBill(Array.from({ length: 8 }, (_, k) => ({ price: 1_000 + k * 250 })), { paidAt, fiscal: { type: '03', series: 'B001', number: n } });
        bills.push({ ...bill, id: `o-${n}`, billNo: n });
      }
    }
    const { ms, manifest } = await timeMonthExport(memoryEngine(bills, emptyState(), testSettings()), root, '2026-11-30');
    console.log(`month export of ${bills.length} bills: ${ms.toFixed(0)} ms`);
    const month = parseCsv((await readFile(join(root, '2026-11-30', 'ventas-2026-11.csv'))).subarray(3).toString('utf8'), ',');
    expect(month).toHaveLength(18_001);
    const ple = manifest.files.find((f) => f.name.startsWith('LE'))!;
    const register = await readFile(join(root, '2026-11-30', ple.name), 'utf8');
    expect(register.split('\r\n').filter((l) => l !== '')).toHaveLength(18_000);
    expect(ms).toBeLessThan(10_000);
  }, 60_000);
});
