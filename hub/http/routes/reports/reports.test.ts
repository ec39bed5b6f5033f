import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderTotals } from '#domain';
import type { CommandPayload, CommandReply, CommandType, OrderReport } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { ReportService } from '#hub/reports/report-service.ts';
import { command, DEMO_OWNER, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, useCookie, waitUntil, type TestHub } from '#hub/testing/test-hub.ts';

const DAY_MS = 86_400_000;
/** Hub time: Friday 2026-11-20 10:00 in Lima (15:00 UTC), one day back while yesterday's bills are made. */
const NOW = Date.parse('2026-11-20T15:00:00Z');
let shiftMs = -DAY_MS;
const clock = () => new Date(NOW + shiftMs);
let t: TestHub;
let waiter = '';
let n = 0;

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> {
  const r = (await postCommand(t.url, command(type, payload, { at: clock().toISOString() }))).body;
  if (!r.ok) throw new Error(`setup ${type} refused: ${r.code} ${r.message ?? ''}`);
  return r;
}

/** A bill settled through the real command path on a fresh table; its total as the hub computed it. */
async function settle(qty: number, method: 'cash' | 'visa' = 'cash'): Promise<number> {
  const tableId = `t-r${++n}`;
  const orderId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `R${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 500 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty, remark: '' }] });
  await asOwner('order.send', { orderId });
  const total = orderTotals(t.hub.engine.state.orders[orderId]!, 0).totalCents;
  const r = await asOwner('order.settle', { orderId, payments: [{ method, amountCents: total }], document: { kind: 'note', docId: '', name: '' }, print: false });
  if (!r.ok) throw new Error('unreachable');
  return r.result.totalCents!;
}

type Reply = OrderReport | { ok: false; code: string; message?: string };
const report = (query: string, cookie?: string) => getJson<Reply>(t.url, `/api/reports/orders${query}`, cookie === undefined ? {} : { cookie });
async function ok(from: string, to: string): Promise<OrderReport> {
  const r = await report(`?from=${from}&to=${to}`);
  expect(r.status).toBe(200);
  return r.body as OrderReport;
}

const yesterdayBills: number[] = [];
const todayBills: number[] = [];

beforeAll(async () => {
  t = await startTestHub({ clock });
  yesterdayBills.push(await settle(2), await settle(3, 'visa'));
  shiftMs = 0;
  // A day later the sessions have expired: sign in again.
  useCookie(t.url, await signedIn(t.url, DEMO_OWNER.code, DEMO_OWNER.pin));
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
  todayBills.push(await settle(1));
});
afterAll(async () => {
  await t?.close();
});

const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);

describe('GET /api/reports/orders (figures of business days, finished days cached)', () => {
  it('totals equal the bills settled through the commands, day by day and over the range', async () => {
    // Default closing hour 04:00: yesterday 10:00 is business day 2026-11-19, now is 2026-11-20.
    const both = await ok('2026-11-19', '2026-11-20');
    expect(both).toMatchObject({ ok: true, from: '2026-11-19', to: '2026-11-20', closingHour: 4 });
    expect(both.figures.bills).toBe(3);
    expect(both.figures.salesCents).toBe(sum(yesterdayBills) + sum(todayBills));
    expect(both.figures.byDay.map((d) => [d.key, d.bills, d.cents])).toEqual([
      ['2026-11-19', 2, sum(yesterdayBills)],
      ['2026-11-20', 1, sum(todayBills)],
    ]);
    expect(both.figures.byMethod.map((m) => [m.method, m.cents]).sort()).toEqual([['visa', yesterdayBills[1]], ['cash', yesterdayBills[0]! + todayBills[0]!]].sort());
    expect(typeof both.computedMs).toBe('number');
    expect((await ok('2026-11-19', '2026-11-19')).figures.salesCents).toBe(sum(yesterdayBills));
    // A range in the past before any sale, and days after today, have nothing (and are not errors).
    expect((await ok('2026-01-01', '2026-01-31')).figures.bills).toBe(0);
    expect((await ok('2026-11-21', '2026-12-31')).figures.bills).toBe(0);
  });

  it('a finished day is read from the archive once; today is computed every time', async () => {
    const engine = t.hub.engine;
    const reports = t.hub.reports;
    await ok('2026-11-10', '2026-11-20');
    await reports.flush();
    expect(existsSync(path.join(t.dataDir, 'reports', 'days', '2026-11-19.json'))).toBe(true);
    expect(existsSync(path.join(t.dataDir, 'reports', 'days', '2026-11-20.json'))).toBe(false);
    const days = reports.computedDays;
    const files = reports.reads.files;
    const again = await ok('2026-11-10', '2026-11-20');
    expect(again.figures.salesCents).toBe(sum(yesterdayBills) + sum(todayBills));
    // Only today was computed: at most its two calendar files read (none while its bills are all in memory).
    expect(reports.computedDays).toBe(days + 1);
    expect(reports.reads.files - files).toBeLessThanOrEqual(2);
    // A new service on the same data directory (a restart) finds the day's file and reads no archive for it.
    const fresh = new ReportService({ engine, dataDir: t.dataDir, clock, log: () => undefined });
    const read = vi.spyOn(engine, 'recentClosedBills');
    try {
      const r = await fresh.figuresBetween('2026-11-19', '2026-11-19');
      expect(r.figures.salesCents).toBe(sum(yesterdayBills));
      expect(r.computedDays).toBe(0);
      expect(fresh.reads.files).toBe(0);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });

  it('reads the archive files as the engine does: bills filed by a snapshot count once', async () => {
    await t.hub.engine.snapshot();
    const fresh = new ReportService({ engine: t.hub.engine, dataDir: path.join(t.dataDir, 'elsewhere'), clock, log: () => undefined });
    const r = await fresh.figuresBetween('2026-11-19', '2026-11-19');
    expect(fresh.reads.files).toBeGreaterThan(0);
    expect(r.figures.bills).toBe(2);
    expect(r.figures.salesCents).toBe(sum(yesterdayBills));
    await fresh.stop();
  });

  it('concurrent reports of the same days agree, and a damaged day file is computed again', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(t.dataDir, 'reports', 'days', '2026-11-18.json'), '{"version": "f1-h4", "day": "2026-11-18", "figu');
    const fresh = new ReportService({ engine: t.hub.engine, dataDir: t.dataDir, clock, log: () => undefined });
    const all = await Promise.all(Array.from({ length: 5 }, () => fresh.figuresBetween('2026-11-01', '2026-11-20')));
    for (const r of all) expect(r.figures).toEqual(all[0]!.figures);
    expect(all[0]!.figures.salesCents).toBe(sum(yesterdayBills) + sum(todayBills));
    await fresh.stop();
  });

  it('warms the finished days in the background after start, then a report of them reads no archive', async () => {
    const dir = path.join(t.dataDir, 'warm');
    const warm = new ReportService({ engine: t.hub.engine, dataDir: dir, clock, log: () => undefined, warmDelayMs: 0 });
    warm.start(30);
    await waitUntil(() => warm.computedDays >= 30, 10_000, 'the last 30 days computed');
    await warm.stop();
    expect(existsSync(path.join(dir, 'reports', 'days', '2026-11-19.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'reports', 'days', '2026-10-21.json'))).toBe(true);
    const restarted = new ReportService({ engine: t.hub.engine, dataDir: dir, clock, log: () => undefined });
    const r = await restarted.figuresBetween('2026-10-21', '2026-11-19');
    expect(r.computedDays).toBe(0);
    expect(r.figures.salesCents).toBe(sum(yesterdayBills));
  });

  it('a new closing hour moves the days: every cached day is computed again', async () => {
    const settings = t.hub.engine.state.settings;
    // Closing at 11:00: yesterday's 10:00 sales belong to 2026-11-18, and today (10:00) is still business day 2026-11-19.
    await asOwner('settings.save', { ...settings, closingHour: 11 });
    const before = t.hub.reports.computedDays;
    const r = await ok('2026-11-18', '2026-11-19');
    expect(r.closingHour).toBe(11);
    expect(r.figures.byDay.map((d) => [d.key, d.cents])).toEqual([
      ['2026-11-18', sum(yesterdayBills)],
      ['2026-11-19', sum(todayBills)],
    ]);
    expect(t.hub.reports.computedDays - before).toBe(2);
    expect((await ok('2026-11-20', '2026-11-20')).figures.bills).toBe(0);
    await asOwner('settings.save', { ...settings, closingHour: 4 });
    expect((await ok('2026-11-19', '2026-11-19')).figures.salesCents).toBe(sum(yesterdayBills));
  });

  it.each([
    ['from after to', '?from=2026-11-20&to=2026-11-19', 'INCORRECT_INPUT'],
    ['two years', '?from=2024-11-20&to=2026-11-20', 'INCORRECT_INPUT'],
    ['a prototype name', '?from=__proto__&to=2026-11-20', 'INCORRECT_INPUT'],
    ['a prototype key', '?__proto__=2026-11-01&to=2026-11-20', 'REQUIRED_FIELD'],
    ['an impossible date', '?from=2026-02-31&to=2026-03-01', 'INCORRECT_INPUT'],
    ['a path', '?from=..%2F..%2Fetc%2Fpasswd&to=2026-11-20', 'INCORRECT_INPUT'],
    ['a repeated field', '?from=2026-11-01&from=2026-11-02&to=2026-11-20', 'INCORRECT_INPUT'],
    ['no range', '', 'REQUIRED_FIELD'],
  ])('refuses %s with 400 %s', async (_why, query, code) => {
    const r = await report(query);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code });
  });

  it('a waiter may not read the report', async () => {
    const r = await report('?from=2026-11-19&to=2026-11-20', waiter);
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});
