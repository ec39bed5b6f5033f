import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, ShiftDayPage } from '#protocol';
import { DEMO_SHIFT_ID } from '#hub/demo/seed.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { command, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The shift commands and GET /api/shifts through the real app and a real
 * hub: a bill settled during the shift moves its totals, the close files it
 * into its day (memory, then the day file, then after a restart), races,
 * hostile input and who may.
 */

let dataDir = '';
let t: TestHub;
let waiter = '';
/** The Lima day of now: the close below is today's. */
const today = () => new Date(Date.now() - 5 * 3600_000).toISOString().slice(0, 10);
const send = <K extends CommandType>(type: K, payload: CommandPayload<K>) => postCommand(t.url, command(type, payload));
const page = (query: string, cookie?: string | null) => getJson<ShiftDayPage & { code?: string; message?: string }>(t.url, `/api/shifts${query}`, cookie === undefined ? {} : { cookie });
const start = () => startTestHub({ dataDir });
/** The shifts closed today, the demo's own (closed below, empty) left out. */
const ours = async (cookie?: string | null) => (await page(`?day=${today()}`, cookie)).body.shifts.filter((s) => s.id !== DEMO_SHIFT_ID);

/** A bill on a fresh table paid with S/ 1000 cash: returns its total and the change given. */
async function settleCash(n: number): Promise<{ total: number; change: number }> {
  const tableId = `t-sh${n}`;
  const orderId = randomUUID();
  for (const [type, payload] of [
    ['table.save', { id: tableId, areaId: 'area-salon', name: `SH${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 400 + n }],
    ['table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER }],
    ['order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: true }],
  ] as const) expect((await send(type, payload as never)).body).toMatchObject({ ok: true });
  const r = await send('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
  expect(r.body).toMatchObject({ ok: true });
  const result = (r.body as { result: { totalCents: number; changeCents: number } }).result;
  return { total: result.totalCents, change: result.changeCents };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-shifts-'));
  t = await start();
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
  // The demo restaurant opens with its shift open; close it (empty) so this walk starts between shifts.
  expect((await send('shift.close', { counted: { cash: 0 }, note: '' })).body).toMatchObject({ ok: true });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a shift from open to handover', () => {
  let expectedCash = 0;
  it('between shifts no money is taken: a settle is refused and the table stays as it was', async () => {
    const orderId = randomUUID();
    for (const [type, payload] of [
      ['table.save', { id: 't-sh0', areaId: 'area-salon', name: 'SH0', type: 'hall', minConsumptionCents: 0, seats: 4, sort: 400 }],
      ['table.open', { tableId: 't-sh0', orderId, people: 2, customer: NO_CUSTOMER }],
      ['order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: true }],
    ] as const) expect((await send(type, payload as never)).body).toMatchObject({ ok: true });
    const r = await send('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    expect(r.body).toMatchObject({ ok: false, code: 'NO_OPEN_SHIFT' });
    expect(t.hub.engine.state.orders[orderId]).toBeDefined();
  });

  it('two cashiers opening at once: one shift opens, the other is told', async () => {
    const replies = await Promise.all([send('shift.open', { id: 'sh-a', floatCents: 20_000 }), send('shift.open', { id: 'sh-b', floatCents: 5_000 })]);
    const codes = replies.map((r) => (r.body.ok ? 'ok' : r.body.code)).sort();
    expect(codes).toEqual(['SHIFT_ALREADY_OPEN', 'ok']);
    expect(t.hub.engine.state.openShift?.id).toBe(replies[0]!.body.ok ? 'sh-a' : 'sh-b');
  });

  it('moves the totals as a bill settles, and with cash movements', async () => {
    const float = t.hub.engine.state.openShift!.floatCents;
    const { total, change } = await settleCash(1);
    expect((await send('shift.cashMove', { id: 'mv-1', direction: 'out', amountCents: 1_500, reason: 'Mercado' })).body).toMatchObject({ ok: true });
    expect((await send('shift.cashMove', { id: 'mv-2', direction: 'in', amountCents: 300, reason: 'Sencillo' })).body).toMatchObject({ ok: true });
    const totals = t.hub.engine.state.openShift!.totals;
    expect(totals).toMatchObject({ salesCount: 1, salesCents: total, changeCents: change, receivedByMethod: { cash: 100_000 } });
    expectedCash = float + 100_000 - change - 1_500 + 300;
  });

  it('refuses hostile input with a code and changes nothing', async () => {
    const before = t.hub.engine.state.openShift;
    expect((await send('shift.cashMove', { id: '__proto__', direction: 'in', amountCents: 1, reason: 'x' })).body).toMatchObject({ ok: false });
    expect((await send('shift.close', { counted: { onAccount: 5 } as never, note: '' })).body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect((await send('shift.cashMove', { id: 'mv-3', direction: 'out', amountCents: 50_000_000, reason: 'x' })).body).toMatchObject({ ok: false });
    expect((await send('shift.close', { counted: {}, note: '' })).body).toMatchObject({ ok: false, code: 'SHIFT_COUNT_MISSING', message: 'cash' });
    expect(t.hub.engine.state.openShift).toBe(before);
  });

  it('a waiter may neither close the shift nor read the closed ones', async () => {
    const r = await postCommand(t.url, command('shift.close', { counted: { cash: 0 }, note: '' }), {}, { cookie: waiter });
    expect(r.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await page(`?day=${today()}`, waiter)).status).toBe(403);
    expect((await page(`?day=${today()}`, null)).status).toBe(401);
  });

  it('closes with a counted difference; the closed shift reads from memory, its day file and after a restart', async () => {
    const r = await send('shift.close', { counted: { cash: expectedCash - 250 }, note: 'Faltan S/ 2.50' });
    expect(r.body).toMatchObject({ ok: true });
    expect(t.hub.engine.state.openShift).toBeNull();
    const want = { note: 'Faltan S/ 2.50', counts: [{ method: 'cash', expectedCents: expectedCash, countedCents: expectedCash - 250, differenceCents: -250 }] };
    expect(await ours()).toMatchObject([want]);
    await t.hub.engine.snapshot();
    expect(t.hub.engine.recentFiledShifts()).toEqual([]);
    expect(await t.hub.engine.shiftDays.days()).toEqual([today()]);
    expect(await ours()).toMatchObject([want]);
    await t.hub.close();
    t = await start();
    expect(await ours()).toMatchObject([want]);
  });

  it('hands over: the next cashier opens the next shift', async () => {
    expect((await send('shift.open', { id: 'sh-next', floatCents: 10_000 })).body).toMatchObject({ ok: true });
    expect(t.hub.engine.state.openShift).toMatchObject({ id: 'sh-next', totals: { salesCount: 0 } });
  });

  it('refuses a bad day with a code; a day without shifts is empty', async () => {
    expect((await page('')).body).toMatchObject({ code: 'REQUIRED_FIELD', message: 'day' });
    expect((await page('?day=../../etc')).status).toBe(400);
    expect((await page('?day=2001-01-01')).body).toEqual({ ok: true, day: '2001-01-01', shifts: [] });
  });
});
