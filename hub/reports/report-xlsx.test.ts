import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { OrderReport } from '#protocol';
import { aggregateBills } from '#hub/domain/reports/index.ts';
import { CTX, reportBill } from '#hub/domain/reports/test-reports.ts';
import { buildReportXlsx } from './report-xlsx.ts';
import { REPORT_LANGS, REPORT_TEXTS } from './report-xlsx-texts.ts';

/**
 * The order report workbook opened by a real reader (openpyxl, as Excel
 * would): every sheet there with its translated header, totals equal to the
 * report's, numbers typed as numbers, and hostile names kept as text.
 */

const dir = mkdtempSync(path.join(tmpdir(), 'report-xlsx-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every sheet of the file as openpyxl reads it: name, rows of [value, python type name, is formula]. */
type Read = { name: string; rows: [unknown, string][][] }[];
const READER = `
import json, sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1])
out = []
for ws in wb.worksheets:
    rows = [[[c.value, type(c.value).__name__ if c.data_type != 'f' else 'formula'] for c in r] for r in ws.iter_rows()]
    out.append({'name': ws.title, 'rows': rows})
print(json.dumps(out))
`;
function readBack(bytes: Buffer, name: string): Read {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', READER, file], { encoding: 'utf8' })) as Read;
}

const HOSTILE = ['=HYPERLINK("http://evil.example/","click")', '+1+2', '-3+4', '@SUM(A1:A2)'];
const bills = [
  reportBill([{ price: 3250, qty: 2 }, { price: 800, productId: 'p-9', name: 'Chicha' }], { id: 'b-1', paidAt: '2026-03-02T18:10:00.000Z' }),
  reportBill([{ price: 4100, productId: 'p-h0', name: HOSTILE[0] }, { price: 990, productId: 'p-h1', name: HOSTILE[1], gifted: 1 }], { id: 'b-2', paidAt: '2026-03-03T01:30:00.000Z' }),
  reportBill([{ price: 1234, qty: 3, productId: 'p-h2', name: HOSTILE[2] }, { price: 500, productId: 'p-h3', name: HOSTILE[3] }], { id: 'b-3', paidAt: '2026-03-03T20:05:00.000Z' }),
];
const figures = aggregateBills(bills, [], CTX);
const report: OrderReport = { ok: true, from: '2026-03-02', to: '2026-03-03', closingHour: 3, figures, computedMs: 4 };

const cents = (v: unknown) => Math.round(Number(v) * 100);
const sheetOf = (book: Read, name: string) => {
  const s = book.find((x) => x.name === name);
  if (!s) throw new Error(`no sheet ${name}`);
  return s;
};

describe('the order report workbook, read by openpyxl', () => {
  it.each(REPORT_LANGS)('%s: every sheet with its translated header, totals equal to the report', (lang) => {
    const T = REPORT_TEXTS[lang];
    const book = readBack(buildReportXlsx(report, lang), `report-${lang}.xlsx`);
    expect(book.map((s) => s.name)).toEqual([T.sheets.summary, T.sheets.hour, T.sheets.weekday, T.sheets.day, T.sheets.channel, T.sheets.category, T.sheets.dish, T.sheets.table, T.sheets.staff, T.sheets.method, T.sheets.members]);
    // Summary: the sales and the bill count as numbers.
    const summary = sheetOf(book, T.sheets.summary).rows;
    expect(summary[0]?.map((c) => c[0])).toEqual([T.col.concept, T.col.value]);
    const value = (label: string) => summary.find((r) => r[0]?.[0] === label)?.[1];
    expect(value(T.summary.sales)).toEqual([figures.salesCents / 100, 'float']);
    expect(value(T.summary.bills)).toEqual([3, 'int']);
    expect(cents(value(T.summary.averageTicket)?.[0])).toBe(Math.round(figures.salesCents / 3));
    // Each sales breakdown adds up to the sales (hour, weekday, day, table, staff) or the goods sold (category).
    for (const name of [T.sheets.hour, T.sheets.weekday, T.sheets.day, T.sheets.channel, T.sheets.table, T.sheets.staff]) {
      const [header, ...rows] = sheetOf(book, name).rows;
      expect(header?.slice(1).map((c) => c[0])).toEqual([T.col.bills, T.col.people, T.col.amount]);
      expect(rows.reduce((n, r) => n + cents(r[3]?.[0]), 0)).toBe(figures.salesCents);
      expect(rows.reduce((n, r) => n + Number(r[1]?.[0]), 0)).toBe(figures.bills);
    }
    expect(sheetOf(book, T.sheets.hour).rows).toHaveLength(25);
    const dishes = sheetOf(book, T.sheets.dish).rows.slice(1);
    expect(dishes.reduce((n, r) => n + cents(r[3]?.[0]), 0)).toBe(figures.byDish.reduce((n, d) => n + d.cents, 0));
    const methods = sheetOf(book, T.sheets.method).rows.slice(1);
    expect(methods.map((r) => r[0]?.[0])).toEqual([T.methods.cash]);
    expect(cents(methods[0]?.[2]?.[0])).toBe(figures.byMethod[0]?.cents);
  });

  it.each([
    ['es', '02/03/2026', '03/03/2026'],
    ['en', '03/02/2026', '03/03/2026'],
    ['zh', '2026/03/02', '2026/03/03'],
  ] as const)('%s: days as the language writes them, never ISO (summary and the by-day sheet)', (lang, from, to) => {
    const T = REPORT_TEXTS[lang];
    const book = readBack(buildReportXlsx(report, lang), `days-${lang}.xlsx`);
    const summary = sheetOf(book, T.sheets.summary).rows;
    expect(summary.find((r) => r[0]?.[0] === T.summary.from)?.[1]).toEqual([from, 'str']);
    expect(summary.find((r) => r[0]?.[0] === T.summary.to)?.[1]).toEqual([to, 'str']);
    const days = sheetOf(book, T.sheets.day).rows.slice(1).map((r) => r[0]?.[0]);
    expect(days).toEqual([from, to]);
  });

  it('a dish named like a formula stays text: never a formula, the exact name', () => {
    const book = readBack(buildReportXlsx(report, 'es'), 'hostile.xlsx');
    const names = sheetOf(book, REPORT_TEXTS.es.sheets.dish).rows.slice(1).map((r) => r[0]);
    for (const h of HOSTILE) expect(names).toContainEqual([h, 'str']);
    for (const sheet of book) for (const row of sheet.rows) for (const c of row) expect(c[1]).not.toBe('formula');
  });

  it('an empty range still gives every sheet, with the 24 hours and 7 weekdays at zero', () => {
    const empty: OrderReport = { ...report, figures: aggregateBills([], [], CTX) };
    const book = readBack(buildReportXlsx(empty, 'en'), 'empty.xlsx');
    expect(book).toHaveLength(11);
    // Figures without members read as zeros: recharges, bonus, spent, refunded, adjusted, outstanding, three coupon rows.
    expect(sheetOf(book, 'Members and coupons').rows.slice(1).map((r) => r[2]?.[0] ?? null)).toEqual([0, 0, 0, 0, 0, 0, null, 0, null]);
    expect(sheetOf(book, 'By hour').rows).toHaveLength(25);
    // The four channels, always (issue 21), as the header and the 24 hours.
    expect(sheetOf(book, 'By channel').rows.slice(1).map((r) => r[0]?.[0])).toEqual(['Dine-in', 'Counter', 'Phone', 'Web']);
    expect(sheetOf(book, 'By weekday').rows.slice(1).map((r) => r[0]?.[0])).toEqual(REPORT_TEXTS.en.weekdays);
    expect(sheetOf(book, 'By dish').rows).toHaveLength(1);
  });
});

describe('the members and coupons sheet (issue 22)', () => {
  it.each(REPORT_LANGS)('%s: recharges with their methods, balance moves, the outstanding at the last day, coupons', (lang) => {
    const T = REPORT_TEXTS[lang];
    const members = { rechargeCount: 3, rechargesByMethod: { cash: 2_000, yape: 5_000 }, bonusCents: 500, spentCents: 1_200, refundedCents: 300, adjustCents: -100, outstandingCents: 6_500, outstandingDay: '2026-03-03', couponsIssued: 10, couponsRedeemed: 2, couponDiscountCents: 2_000, couponsExpired: 1 };
    const book = readBack(buildReportXlsx({ ...report, figures: { ...figures, members } }, lang), `members-${lang}.xlsx`);
    const rows = sheetOf(book, T.sheets.members).rows.map((r) => r.map((c) => c[0]));
    expect(rows[0]).toEqual([T.col.concept, T.col.qty, T.col.amount]);
    expect(rows.slice(1, 4)).toEqual([[T.members.recharges, 3, 70], [T.members.rechargesBy.replace('{{method}}', T.methods.yape), null, 50], [T.members.rechargesBy.replace('{{method}}', T.methods.cash), null, 20]]);
    const outstanding = rows.find((r) => String(r[0]).includes(lang === 'es' ? '03/03/2026' : lang === 'en' ? '03/03/2026' : '2026/03/03'));
    expect(outstanding?.[2]).toBe(65);
    expect(rows.at(-2)).toEqual([T.members.couponsRedeemed, 2, 20]);
  });
});
