import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, Printer, ShiftReportResponse } from '#protocol';
import { shiftDayOf } from '#hub/domain/shift/report.ts';
import { command, getJson, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { textColumns } from '../../../hardware/escpos/cjk.ts';
import { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { papersOf as papers } from '../../../hardware/testing/papers.ts';
import { demoPick, fakeNetworkPrinter, openOrder, until } from './test-orders.ts';

/**
 * The Z report at a shift's close, through a whole hub to two FakePrinters
 * (TCP on 127.0.0.1): an 80 mm one in Spanish and a 58 mm one in Chinese.
 * The paper is completed from the archive (the category and hour of the
 * shift's bills, its guests), every line within the paper's columns; the
 * report route answers the same figures; "print again" prints a marked copy.
 */

let t: TestHub;
const fakes: { es: FakePrinter | null; zh: FakePrinter | null } = { es: null, zh: null };

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t.url, cmd);
  expect(reply.body, `${cmd.type} ${JSON.stringify(reply.body)}`).toMatchObject({ ok: true });
}

const zPapers = (fake: FakePrinter, title: string) => papers(fake).filter((p) => p.texts.some((l) => l.includes(title)));

async function settleOne(tableIndex: number, people: number): Promise<void> {
  const { tableId, productId } = demoPick(t.hub.engine.state, tableIndex);
  const { orderId, open } = openOrder(tableId);
  await send({ ...open, payload: { ...(open.payload as object), people } } as Command);
  await send(command('order.addLines', { orderId, lines: [{ lineId: crypto.randomUUID(), productId, qty: 2, remark: '' }] }));
  await send(command('order.send', { orderId }));
  const total = t.hub.engine.state.orders[orderId]!.lines.reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
  await send(command('order.settle', { orderId, payments: [{ method: 'cash', amountCents: total }], document: { kind: 'note', docId: '', name: '' }, print: false }));
}

async function postPrint(shiftId: string, body: unknown, cookie: string | null = t.cookie, origin?: string) {
  const res = await fetch(new URL(`/api/shifts/${encodeURIComponent(shiftId)}/print`, t.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...(origin ? { origin } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { ok: boolean; code?: string } };
}

beforeAll(async () => {
  t = await startTestHub({ printerStatusEveryMs: 100, printerTimeoutMs: 1_000 });
  fakes.es = await FakePrinter.start();
  fakes.zh = await FakePrinter.start();
  const state = t.hub.engine.state;
  const base: Partial<Printer> = { stations: [], receipts: true, prebills: false, drawer: false };
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, fakes.es.port, { ...base, id: 'pr-es', name: 'Caja ES', paper: 80, codePage: 'cp858', language: 'es' }) }));
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, fakes.zh.port, { ...base, id: 'pr-zh', name: 'Caja ZH', paper: 58, codePage: 'cp858', cjk: 'gb18030', language: 'zh' }) }));
}, 30_000);

afterAll(async () => {
  await t?.close();
  for (const f of Object.values(fakes)) await f?.close();
});

describe('the Z report at the close', () => {
  let shiftId = '';
  let day = '';
  let salesCents = 0;

  it('prints on every receipt printer, completed with the shift\'s bills, within 48 and 32 columns', async () => {
    // The demo restaurant is open for service: its shift, still empty, is the one closed here.
    const demoShift = t.hub.engine.state.openShift;
    expect(demoShift?.totals.salesCount).toBe(0);
    shiftId = demoShift!.id;
    await settleOne(0, 3);
    await settleOne(1, 1);
    salesCents = t.hub.engine.state.openShift!.totals.salesCents;
    const live = await getJson<ShiftReportResponse>(t.url, '/api/shifts/current/report');
    expect(live.body.report).toMatchObject({ open: true, salesCount: 2, salesCents, people: 4 });
    await send(command('shift.close', { counted: { cash: salesCents }, note: '' }));
    await until('both Z reports printed', () => zPapers(fakes.es!, 'REPORTE Z').length === 1 && zPapers(fakes.zh!, 'Z 报表').length === 1);

    const es = zPapers(fakes.es!, 'REPORTE Z')[0]!.texts;
    for (const l of es) expect(textColumns(l), l).toBeLessThanOrEqual(48);
    const soles = (c: number) => `S/ ${(c / 100).toFixed(2)}`;
    expect(es).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^Ventas +${soles(salesCents).replace(/[/.]/g, '\\$&')}$`)), expect.stringMatching(/^Comensales +4$/), expect.stringMatching(/^N\.º de ventas +2$/)]));
    // Breakdowns only the archive has: a category and an hour row.
    expect(es).toEqual(expect.arrayContaining(['POR CATEGORÍA', 'POR HORA']));
    const zh = zPapers(fakes.zh!, 'Z 报表')[0]!.texts;
    for (const l of zh) expect(textColumns(l), l).toBeLessThanOrEqual(32);
    // Every amount stays beside its label on 58 mm paper (none pushed alone onto its own line).
    expect(zh.filter((l) => /^\s*-?S\/ [\d,.]+$/.test(l))).toEqual([]);
    expect(zh).toEqual(expect.arrayContaining([expect.stringMatching(/^客流量 +4$/), '按菜品分类']));
    day = shiftDayOf(new Date().toISOString());
  }, 30_000);

  it('the report route answers the closed shift with the same figures; unknown ids and bad days are refused', async () => {
    const r = await getJson<ShiftReportResponse>(t.url, `/api/shifts/${shiftId}/report?day=${day}`);
    expect(r.status).toBe(200);
    expect(r.body.report).toMatchObject({ shiftId, open: false, salesCount: 2, salesCents, actualCents: salesCents, people: 4, memberRechargeCents: 0 });
    expect(r.body.report.transactions).toHaveLength(2);
    expect(r.body.report.counts).toEqual([{ method: 'cash', expectedCents: salesCents, countedCents: salesCents, differenceCents: 0 }]);
    for (const id of ['__proto__', 'constructor', 'nope']) expect((await getJson(t.url, `/api/shifts/${id}/report?day=${day}`)).status).toBe(404);
    expect((await getJson(t.url, `/api/shifts/${shiftId}/report?day=../../etc`)).status).toBe(400);
    expect((await getJson(t.url, `/api/shifts/${shiftId}/report?day=${day}`, { cookie: null })).status).toBe(401);
    expect((await getJson(t.url, '/api/shifts/current/report')).body).toMatchObject({ ok: false, code: 'NO_OPEN_SHIFT' });
  });

  it('prints again, marked REPRINT, on the first receipt printer; refuses strangers and unknown shifts', async () => {
    expect((await postPrint(shiftId, { day }, null)).status).toBe(401);
    expect((await postPrint('__proto__', { day })).status).toBe(404);
    expect((await postPrint(shiftId, { day, printerId: 'nope' })).body).toMatchObject({ ok: false, code: 'PRINTER_NOT_FOUND' });
    expect((await postPrint(shiftId, { day: 'x' })).status).toBe(400);
    // A page of another site cannot make the till print.
    expect((await postPrint(shiftId, { day }, t.cookie, 'http://evil.example')).status).toBe(403);
    const id = crypto.randomUUID();
    const [a, b] = await Promise.all([postPrint(shiftId, { id, day, printerId: 'pr-es' }), postPrint(shiftId, { id, day, printerId: 'pr-es' })]);
    expect([a.body.ok, b.body.ok]).toEqual([true, true]);
    await until('reprinted', () => zPapers(fakes.es!, 'REPORTE Z').length === 2);
    const again = zPapers(fakes.es!, 'REPORTE Z')[1]!.texts;
    expect(again.join('\n')).toMatch(/REIMPRES/);
    expect(again).toEqual(expect.arrayContaining(['POR CATEGORÍA']));
    // The same command id resent prints once.
    await new Promise((r) => setTimeout(r, 300));
    expect(zPapers(fakes.es!, 'REPORTE Z')).toHaveLength(2);
  }, 30_000);
});
