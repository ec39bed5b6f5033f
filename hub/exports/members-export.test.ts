import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, CommandPayload, CommandType, OrderReport } from '#protocol';
import { orderTotals } from '#domain';
import { getOwn } from '#hub/domain/records.ts';
import { parseCsv } from '#hub/goods-io/csv.ts';
import { command, DEMO_OWNER, postCommand, signedIn, startTestHub, useCookie, type TestHub } from '#hub/testing/test-hub.ts';
import { until } from '#hub/jobs/printing/test-orders.ts';
import { batchBody } from '#hub/http/routes/coupons/test-coupon-hub.ts';
import { readManifest } from './folder.ts';

/**
 * The nightly export's members files (issue 22) in a whole hub with the clock in hand: the day
 * before, a member recharges; on the exported day they recharge by Yape, pay a dinner partly by
 * balance with a coupon of a batch issued that day, and are adjusted. The day's folder gains `socios-DAY.xlsx`
 * (sheets Socios and Movimientos, read by openpyxl) and its two CSVs: the figures carry the
 * outstanding at the day's close (the previous day's balance carried) and each ledger entry by
 * member number only; a day without members gets no such files.
 */

const BEFORE = '2026-03-30';
const DAY = '2026-03-31';
// 20:00 in Lima on the 30th, then the 31st.
let now = new Date('2026-03-31T01:00:00.000Z');
let t: TestHub;
const memberId = randomUUID();
let spent = 0;
let cookie = '';

async function must<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const reply = await postCommand(t.url, command(type, payload, { at: now.toISOString() }) as Command);
  expect(reply.body, type).toMatchObject({ ok: true });
}
const root = () => join(t.dataDir, 'exports');
const exported = (day: string) => [...t.hub.engine.jobs.values()].filter((j) => j.kind === 'export.day' && j.payload.day === day && j.status === 'done').length;
const csv = async (name: string) => parseCsv((await readFile(join(root(), DAY, name))).subarray(3).toString('utf8'), ',').map((r) => r.cells);

beforeAll(async () => {
  t = await startTestHub({ clock: () => now });
  cookie = t.cookie;
  await must('member.register', { memberId, phone: '987 222 333', lastName: 'Mamani', name: 'Julia', gender: 2, regMethod: 1, docId: '48765432' });
  await must('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 3_000, method: 2, print: false });
  now = new Date('2026-04-01T01:00:00.000Z');
  // A day later the session has expired: sign in again.
  cookie = await signedIn(t.url, DEMO_OWNER.code, DEMO_OWNER.pin);
  useCookie(t.url, cookie);
  await must('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 5_000, bonusCents: 500, method: 3, operationNo: 'YP-555', print: false });
  const body = batchBody({ quantity: 3 });
  const batch = await fetch(new URL('/api/coupons/batches', t.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(body) });
  expect(batch.status).toBe(201);
  const list = (await (await fetch(new URL(`/api/coupons?batchId=${String(body.batchId)}&limit=10`, t.url), { headers: { cookie } })).json()) as { coupons: { code: string }[] };
  const orderId = randomUUID();
  await must('table.save', { id: 't-mx', areaId: 'area-salon', name: 'MX', type: 'hall', minConsumptionCents: 0, seats: 4, sort: 990 });
  await must('table.open', { tableId: 't-mx', orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
  await must('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }], send: true });
  await must('order.attachMember', { orderId, memberId, verify: '2333' });
  // One coupon of the batch (S/ 10 off a dine-in bill) redeemed on the dinner.
  await must('order.applyCoupon', { orderId, code: list.coupons[0]!.code });
  const total = orderTotals(getOwn(t.hub.engine.state.orders, orderId)!, 0).totalCents;
  spent = Math.min(total, 4_000);
  await must('order.settle', { orderId, payments: [{ method: 'balance', amountCents: spent }, ...(spent < total ? [{ method: 'cash' as const, amountCents: total - spent }] : [])], document: { kind: 'note', docId: '', name: '' }, print: false });
  await must('member.adjust', { memberId, entryId: randomUUID(), cents: -200, reason: '=HYPERLINK("x")' });
  // The next day, the owner exports both days.
  now = new Date('2026-04-01T15:00:00.000Z');
  for (const day of [BEFORE, DAY]) {
    await must('export.run', { day, what: 'all' });
    await until(`${day} exported`, () => exported(day) === 1);
  }
}, 30_000);
afterAll(async () => {
  await t?.close();
});

describe('the nightly export of members', () => {
  it('the day folder lists the members workbook and its CSVs in the manifest', async () => {
    const names = (await readManifest(root(), DAY))!.files.map((f) => f.name);
    expect(names).toEqual(expect.arrayContaining([`socios-${DAY}.xlsx`, `socios-${DAY}.csv`, `movimientos-socios-${DAY}.csv`]));
  });

  it('the figures: recharges by method, bonus, spent, adjustment, coupons, the outstanding carried from the day before', async () => {
    const rows = await csv(`socios-${DAY}.csv`);
    const byName = new Map(rows.slice(1).map((r) => [r[0]!.trim(), [r[1], r[2]]]));
    expect(rows[0]).toEqual(['Concepto', 'Cantidad', 'Importe']);
    expect(byName.get('Recargas')).toEqual(['1', '50.00']);
    expect(byName.get('Recargas en Yape')).toEqual(['', '50.00']);
    expect(byName.get('Bonificación abonada')).toEqual(['', '5.00']);
    expect(byName.get('Saldo consumido')).toEqual(['', (spent / 100).toFixed(2)]);
    expect(byName.get('Ajustes (neto)')).toEqual(['', '-2.00']);
    expect(byName.get('Cupones emitidos')).toEqual(['3', '']);
    expect(byName.get('Cupones canjeados')).toEqual(['1', '10.00']);
    // 30 carried + 50 + 5 bonus - spent - 2.
    expect(byName.get('Saldo de socios al cierre (pasivo)')).toEqual(['', ((3_000 + 5_500 - spent - 200) / 100).toFixed(2)]);
  });

  it('the ledger sheet: each entry by member number, method, balance after, cashier; no name, phone or document', async () => {
    const rows = await csv(`movimientos-socios-${DAY}.csv`);
    expect(rows.slice(1).map((r) => [r[2], r[3], r[4], r[5]])).toEqual([
      ['000001', 'Recarga', 'Yape', '55.00'],
      ['000001', 'Consumo', '', (-spent / 100).toFixed(2)],
      ['000001', 'Ajuste', '', '-2.00'],
    ]);
    expect(rows[1]![9]).toBe('YP-555');
    expect(rows[1]![13]).toBe(DEMO_OWNER.name);
    // A reason that would be a formula is neutralised.
    expect(rows[3]![12]).toBe('\'=HYPERLINK("x")');
    const text = (await readFile(join(root(), DAY, `movimientos-socios-${DAY}.csv`), 'utf8')) + (await readFile(join(root(), DAY, `socios-${DAY}.csv`), 'utf8'));
    for (const planted of ['987222333', 'Mamani', 'Julia', '48765432', memberId]) expect(text).not.toContain(planted);
  });

  it('the workbook opens in openpyxl with both sheets', () => {
    // The header, nine figures and one recharge method; the header and three ledger entries.
    const script = 'import sys, openpyxl\nwb = openpyxl.load_workbook(sys.argv[1])\nprint(wb.sheetnames)\nfor ws in wb.worksheets: print(ws.title, ws.max_row, ws.cell(1, 1).value)';
    const out = execFileSync('/usr/bin/python3', ['-c', script, join(root(), DAY, `socios-${DAY}.xlsx`)], { encoding: 'utf8' }).trim().split('\n');
    expect(out).toEqual(["['Socios', 'Movimientos']", `Socios ${1 + 9 + 1} Concepto`, 'Movimientos 4 Fecha']);
  });

  it('the day before carries its own recharge; a member-less day gets no members files', async () => {
    const names = (await readManifest(root(), BEFORE))!.files.map((f) => f.name);
    expect(names).toContain(`socios-${BEFORE}.csv`);
    now = new Date('2026-04-01T15:01:00.000Z');
    await must('export.run', { day: '2026-03-20', what: 'all' });
    await until('a quiet day exported', () => exported('2026-03-20') === 1);
    expect((await readManifest(root(), '2026-03-20'))!.files.map((f) => f.name).filter((n) => n.includes('socios'))).toEqual([]);
  });

  it('agrees with the order report of the day (the same stored figures)', async () => {
    const r = (await (await fetch(new URL(`/api/reports/orders?from=${DAY}&to=${DAY}`, t.url), { headers: { cookie } })).json()) as OrderReport;
    const m = r.figures.members!;
    expect(m).toMatchObject({ rechargeCount: 1, couponsRedeemed: 1, couponDiscountCents: 1_000, couponsIssued: 3, spentCents: spent, adjustCents: -200, outstandingCents: 3_000 + 5_500 - spent - 200 });
    const byName = new Map((await csv(`socios-${DAY}.csv`)).slice(1).map((r) => [r[0]!.trim(), r[2]]));
    expect(byName.get('Saldo de socios al cierre (pasivo)')).toBe((m.outstandingCents / 100).toFixed(2));
  });
});
