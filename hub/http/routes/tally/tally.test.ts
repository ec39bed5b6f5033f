import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, businessDayOf, closingHourOf } from '#domain';
import type { CommandPayload, CommandReply, CommandType, TallyDayResponse } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { command, DEMO_OWNER, getJson, NO_CUSTOMER, postCommand, signedIn, startTestHub, useCookie, type TestHub } from '#hub/testing/test-hub.ts';

const DAY_MS = 86_400_000;
/** Hub time: one day back while the first entries are made, then today. */
let shiftMs = -DAY_MS;
const clock = () => new Date(Date.now() + shiftMs);
let t: TestHub;
let waiter = '';
let firstDay = '';
let n = 0;

async function send<K extends CommandType>(type: K, payload: CommandPayload<K>, cookie?: string): Promise<CommandReply> {
  return (await postCommand(t.url, command(type, payload, { at: clock().toISOString() }), {}, cookie === undefined ? {} : { cookie })).body;
}
async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> {
  const r = await send(type, payload);
  if (!r.ok) throw new Error(`setup ${type} refused: ${r.code} ${r.message ?? ''}`);
  return r;
}
const tally = (query = '', cookie?: string) => getJson<TallyDayResponse | { ok: false; code: string }>(t.url, `/api/tally${query}`, cookie === undefined ? {} : { cookie });
const ok = async (query = '') => {
  const r = await tally(query);
  expect(r.status).toBe(200);
  return r.body as TallyDayResponse;
};
const add = (over: Partial<CommandPayload<'tally.add'>> = {}): CommandPayload<'tally.add'> => ({ id: randomUUID(), kind: 'expense', category: 'market', amountCents: 3500, note: 'mercado', ...over });

/** A bill settled now in cash on a fresh table; the reply says its total and change. */
async function cashBill(receivedCents: number): Promise<{ totalCents: number; changeCents: number }> {
  const tableId = `t-x${++n}`;
  const orderId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `X${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 400 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }] });
  await asOwner('order.send', { orderId });
  const r = await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: receivedCents }], document: { kind: 'note', docId: '', name: '' }, print: false });
  if (!r.ok) throw new Error('unreachable');
  return { totalCents: r.result.totalCents!, changeCents: r.result.changeCents! };
}

beforeAll(async () => {
  t = await startTestHub({ clock });
  waiter = await signedIn(t.url, DEMO_STAFF.find((s) => s.roleId === 'waiter')!.code, '3333', 'waiter-phone');
  firstDay = businessDayOf(clock().toISOString(), closingHourOf(t.hub.engine.state.settings));
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/tally (a business day: entries and summary)', () => {
  let sale = { totalCents: 0, changeCents: 0 };
  let wrong = '';

  it('adds the day up: cash sales − change + cash income − cash expenses', async () => {
    sale = await cashBill(100_000);
    await asOwner('tally.add', add());
    await asOwner('tally.add', add({ kind: 'income', category: 'otherIncome', amountCents: 1000, note: 'venta de cartón' }));
    await asOwner('tally.add', add({ category: 'wages', amountCents: 5000, note: 'ayudante', method: 'transfer' }));
    wrong = randomUUID();
    await asOwner('tally.add', add({ id: wrong, category: 'gas', amountCents: 99_900, note: 'balón' }));
    const body = await ok();
    expect(body.day).toBe(firstDay);
    expect(body.today).toBe(firstDay);
    expect(body.entries.map((e) => e.category)).toEqual(['market', 'otherIncome', 'wages', 'gas']);
    expect(body.entries[0]).toMatchObject({ by: DEMO_STAFF[0]!.id, day: firstDay, method: 'cash' });
    expect(body.summary).toMatchObject({
      billCount: 1,
      salesCents: sale.totalCents,
      // What the drawer kept: S/ 1000 handed over less the change (issue 18 item 15).
      salesByMethod: { cash: 100_000 - sale.changeCents },
      changeCents: sale.changeCents,
      incomeCents: 1000,
      expenseCents: 3500 + 5000 + 99_900,
      expectedCashCents: 100_000 - sale.changeCents + 1000 - 3500 - 99_900,
    });
  });

  it('a removed entry stays in the list, marked with who and why, and counts for nothing', async () => {
    await asOwner('tally.remove', { id: wrong, reason: 'era S/ 99, no S/ 999' });
    const body = await ok(`?day=${firstDay}`);
    expect(body.entries.find((e) => e.id === wrong)?.removed).toMatchObject({ by: DEMO_STAFF[0]!.id, reason: 'era S/ 99, no S/ 999' });
    expect(body.summary.expectedCashCents).toBe(100_000 - sale.changeCents + 1000 - 3500);
    expect(await send('tally.remove', { id: wrong, reason: 'otra vez' })).toMatchObject({ ok: false, code: 'TALLY_ALREADY_REMOVED' });
  });

  it('a waiter may neither read nor write the book; nothing is recorded', async () => {
    expect((await tally('', waiter)).status).toBe(403);
    const before = Object.keys(t.hub.engine.state.tallyEntries).length;
    expect(await send('tally.add', add(), waiter)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(await send('tally.remove', { id: wrong, reason: 'x' }, waiter)).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect(Object.keys(t.hub.engine.state.tallyEntries).length).toBe(before);
  });

  it.each([
    ['a prototype id', { id: '__proto__' }],
    ['a constructor id', { id: 'constructor' }],
    ['a negative amount', { amountCents: -3500 }],
    ['a huge amount', { amountCents: 1e12 }],
    ['a non-number amount', { amountCents: '3500' }],
    ['an unknown category', { category: '__proto__' }],
  ])('refuses %s with INCORRECT_INPUT and records nothing', async (_why, over) => {
    const seq = t.hub.engine.state.counters;
    const before = JSON.stringify(t.hub.engine.state.tallyEntries);
    const r = await postCommand(t.url, { ...command('tally.add', add(), { at: clock().toISOString() }), payload: { ...add(), ...over } });
    expect(r.body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(JSON.stringify(t.hub.engine.state.tallyEntries)).toBe(before);
    expect(t.hub.engine.state.counters).toBe(seq);
  });

  it.each(['2026-02-31', '../../etc/passwd', '2026-3-1', 'today'])('refuses the day %s', async (day) => {
    const r = await tally(`?day=${encodeURIComponent(day)}`);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
  });

  it('concurrent adds: the same command five times is one entry; five commands with one entry id, one accepted', async () => {
    const sameCommand = command('tally.add', add({ amountCents: 111 }), { at: clock().toISOString() });
    const replies = await Promise.all(Array.from({ length: 5 }, () => postCommand(t.url, sameCommand)));
    expect(replies.every((r) => r.body.ok)).toBe(true);
    const id = randomUUID();
    const clash = await Promise.all(Array.from({ length: 5 }, (_, i) => send('tally.add', add({ id, amountCents: 200 + i }))));
    expect(clash.filter((r) => r.ok)).toHaveLength(1);
    expect(clash.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.code))).toEqual(Array(4).fill('TALLY_ENTRY_EXISTS'));
    const entries = (await ok()).entries;
    expect(entries.filter((e) => e.amountCents === 111)).toHaveLength(1);
    expect(entries.filter((e) => e.id === id)).toHaveLength(1);
  });

  it('the next day files yesterday: it reads the same from memory and from its day file, and is closed to removal', async () => {
    const yesterday = await ok(`?day=${firstDay}`);
    // A day on, the owner signs in again (the session of yesterday has expired).
    shiftMs = 0;
    useCookie(t.url, await signedIn(t.url, DEMO_OWNER.code, DEMO_OWNER.pin));
    const today = businessDayOf(clock().toISOString(), closingHourOf(t.hub.engine.state.settings));
    expect(today).toBe(addDays(firstDay, 1));
    await asOwner('tally.add', add({ category: 'tips', amountCents: 2000, note: 'propinas del sábado' }));
    expect(Object.values(t.hub.engine.state.tallyEntries).map((e) => e.day)).toEqual([today]);
    expect(await ok(`?day=${firstDay}`)).toEqual({ ...yesterday, today });
    await t.hub.engine.snapshot();
    expect(t.hub.engine.recentFiledTally()).toEqual([]);
    expect(await t.hub.engine.tallyDays.days()).toEqual([firstDay]);
    expect(await ok(`?day=${firstDay}`)).toEqual({ ...yesterday, today });
    const first = yesterday.entries.find((e) => !e.removed)!;
    expect(await send('tally.remove', { id: first.id, reason: 'tarde' })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    const todays = await ok();
    expect(todays.entries.map((e) => e.category)).toEqual(['tips']);
    expect(todays.summary).toMatchObject({ billCount: 0, expectedCashCents: -2000 });
  });
});
