import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderTotals } from '#domain';
import type { CommandPayload, CommandType, OrderReport } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { REPORT_TEXTS } from '#hub/reports/report-xlsx-texts.ts';
import { command, cookieFor, DEMO_OWNER, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * GET /api/reports/orders.xlsx on a real hub: bills settled through the
 * commands, the workbook opened with openpyxl agrees with the JSON report,
 * headers follow `lang`, and the gate and the range rules are the report's.
 */

/** Hub time: Friday 2026-11-20 10:00 in Lima. */
const clock = () => new Date('2026-11-20T15:00:00Z');
let t: TestHub;
let waiter = '';
let n = 0;

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>) {
  const r = (await postCommand(t.url, command(type, payload, { at: clock().toISOString() }))).body;
  if (!r.ok) throw new Error(`setup ${type} refused: ${r.code}`);
  return r;
}

async function settle(qty: number): Promise<void> {
  const tableId = `t-x${++n}`;
  const orderId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `X${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 600 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty, remark: '' }] });
  await asOwner('order.send', { orderId });
  const total = orderTotals(t.hub.engine.state.orders[orderId]!, 0).totalCents;
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: total }], document: { kind: 'note', docId: '', name: '' }, print: false });
}

async function download(query: string, cookie: string | null = cookieFor(t.url) ?? null) {
  const res = await fetch(new URL(`/api/reports/orders.xlsx${query}`, t.url), { headers: cookie ? { cookie } : {} });
  return { status: res.status, type: res.headers.get('content-type') ?? '', disposition: res.headers.get('content-disposition') ?? '', bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Sheet names and every sheet's rows, as openpyxl reads the file. */
function openBook(bytes: Buffer): Record<string, unknown[][]> {
  const file = path.join(t.dataDir, `book-${randomUUID()}.xlsx`);
  writeFileSync(file, bytes);
  const py = 'import json,sys,openpyxl\nwb=openpyxl.load_workbook(sys.argv[1])\nprint(json.dumps({ws.title:[[c.value for c in r] for r in ws.iter_rows()] for ws in wb.worksheets}))';
  return JSON.parse(execFileSync('/usr/bin/python3', ['-c', py, file], { encoding: 'utf8' })) as Record<string, unknown[][]>;
}

beforeAll(async () => {
  t = await startTestHub({ clock });
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
  await settle(2);
  await settle(1);
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/reports/orders.xlsx', () => {
  it('the workbook holds the same figures as the report, in the asked language, staff by name', async () => {
    const json = (await getJson<OrderReport>(t.url, '/api/reports/orders?from=2026-11-20&to=2026-11-20')).body;
    expect(json.figures.bills).toBe(2);
    for (const lang of ['es', 'en', 'zh'] as const) {
      const r = await download(`?from=2026-11-20&to=2026-11-20&lang=${lang}`);
      expect(r.status).toBe(200);
      expect(r.type).toContain('spreadsheetml');
      expect(r.disposition).toMatch(/^attachment; filename="[a-z-]+-2026-11-20_2026-11-20\.xlsx"$/);
      const T = REPORT_TEXTS[lang];
      const book = openBook(r.bytes);
      // Eleven sheets: the channel sheet (issue 21) names the four channels, both bills dine-in; members and coupons (issue 22) last.
      expect(Object.keys(book)).toHaveLength(11);
      expect(book[T.sheets.members]![0]).toEqual([T.col.concept, T.col.qty, T.col.amount]);
      expect(book[T.sheets.channel]!.slice(1).map((row) => row[0])).toEqual([T.channels.dineIn, T.channels.counter, T.channels.phone, T.channels.web]);
      const summary = book[T.sheets.summary]!;
      expect(summary.find((row) => row[0] === T.summary.sales)?.[1]).toBe(json.figures.salesCents / 100);
      expect(summary.find((row) => row[0] === T.summary.bills)?.[1]).toBe(2);
      const staff = book[T.sheets.staff]!;
      expect(staff[0]).toEqual([T.col.staff, T.col.bills, T.col.people, T.col.amount]);
      expect(staff.slice(1).map((row) => row[0])).toEqual([DEMO_OWNER.name]);
      expect(book[T.sheets.method]!.slice(1).map((row) => row[0])).toEqual([T.methods.cash]);
    }
  });

  it('an unknown or hostile lang falls back to Spanish', async () => {
    for (const lang of ['fr', '__proto__', 'constructor']) {
      const r = await download(`?from=2026-11-20&to=2026-11-20&lang=${lang}`);
      expect(r.status).toBe(200);
      expect(Object.keys(openBook(r.bytes))[0]).toBe(REPORT_TEXTS.es.sheets.summary);
    }
  });

  it.each([
    ['from after to', '?from=2026-11-20&to=2026-11-19', 'INCORRECT_INPUT'],
    ['two years', '?from=2024-11-20&to=2026-11-20', 'INCORRECT_INPUT'],
    ['a prototype name', '?from=__proto__&to=2026-11-20', 'INCORRECT_INPUT'],
    ['a path', '?from=..%2F..%2Fetc%2Fpasswd&to=2026-11-20', 'INCORRECT_INPUT'],
    ['no range', '', 'REQUIRED_FIELD'],
  ])('refuses %s with 400 %s', async (_why, query, code) => {
    const r = await download(query);
    expect(r.status).toBe(400);
    expect(JSON.parse(r.bytes.toString('utf8'))).toMatchObject({ ok: false, code });
  });

  it('a waiter may not download it, nor may anyone signed out', async () => {
    const w = await download('?from=2026-11-20&to=2026-11-20', waiter);
    expect(w.status).toBe(403);
    expect(JSON.parse(w.bytes.toString('utf8'))).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await download('?from=2026-11-20&to=2026-11-20', null)).status).toBe(401);
  });
});
