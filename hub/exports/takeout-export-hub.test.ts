import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, CommandPayload, CommandType, OrderReport, ShiftReportResponse } from '#protocol';
import { SAMPLE_FISCAL } from '#hub/domain/einvoice/samples.ts';
import { parseCsv } from '#hub/goods-io/csv.ts';
import { until } from '#hub/jobs/printing/test-orders.ts';
import { command, getJson, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { readManifest } from './folder.ts';

/**
 * A takeout's bill is a bill (issue 21), through a whole hub: a counter order paid with Yape
 * and a phone order delivered by a rider who collects the cash settle like any bill, and then
 * the order report says which channel each came in by, the shift report counts them as
 * take-away and delivery with the rider's cash, and the nightly export's sales rows carry
 * their channel, order code and rider, the month's PLE register their boletas; all read from
 * the stored bills.
 */
const DAY = '2026-03-31';
let t: TestHub;
const now = new Date('2026-04-01T01:00:00.000Z'); // 20:00 in Lima on the 31st
const RIDER = { id: 'staff-rider-ana', name: 'Ana Rojas' };
const codes: { counter: string; phone: string } = { counter: '', phone: '' };

async function send<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload) as Command);
  expect(r.body, type).toMatchObject({ ok: true });
}
const takeoutOf = (id: string) => t.hub.engine.state.takeouts[id];
const exportJobs = () => [...t.hub.engine.jobs.values()].filter((j) => j.kind === 'export.day' && j.payload.day === DAY);

beforeAll(async () => {
  t = await startTestHub({ clock: () => now });
  await send('fiscal.saveSettings', SAMPLE_FISCAL);
  await send('staff.save', { id: RIDER.id, name: RIDER.name, code: '8', roleId: 'rider' });
  const product = Object.values(t.hub.engine.state.products).find((p) => p.station && p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory)!;

  // At the counter: take-away now, paid with Yape, a boleta.
  const counterId = randomUUID();
  const counterOrder = randomUUID();
  await send('takeout.create', { takeoutId: counterId, orderId: counterOrder, channel: 'counter', type: 'takeaway', method: 1, customer: { name: 'Rosa', phone: '' }, invoiceType: 'boleta', lines: [{ lineId: randomUUID(), productId: product.id, qty: 1, remark: '' }], send: true });
  codes.counter = takeoutOf(counterId)!.code;
  const due = t.hub.engine.state.orders[counterOrder]!.lines.reduce((n, l) => n + l.unitPriceCents * l.qty, 0);
  await send('order.settle', { orderId: counterOrder, payments: [{ method: 'yape', amountCents: due, operationNo: '12345678' }], document: { kind: 'boleta', docId: '', name: '' }, print: false });

  // By phone: delivered by Ana, who collects the cash at the door.
  const phoneId = randomUUID();
  await send('takeout.create', {
    takeoutId: phoneId, orderId: randomUUID(), channel: 'phone', type: 'immediate', method: 0, customer: { name: 'José', phone: '987654321' },
    delivery: { address: 'Av. Larco 345, Miraflores', reference: '', receiverName: 'José', receiverPhone: '987654321', contactPhone: '', distanceM: 2000, feeCents: 500, changeForCents: 10_000 },
    invoiceType: 'note', lines: [{ lineId: randomUUID(), productId: product.id, qty: 2, remark: '' }], payLater: true, send: true,
  });
  codes.phone = takeoutOf(phoneId)!.code;
  await send('takeout.assignRider', { takeoutId: phoneId, riderId: RIDER.id });
  await send('takeout.pickedUp', { takeoutId: phoneId });
  await send('takeout.delivered', { takeoutId: phoneId, collectedCents: takeoutOf(phoneId)!.collectCents });
}, 30_000);

afterAll(async () => {
  await t?.close();
});

describe('a takeout\'s bill is a bill', () => {
  it('the order report counts each by the channel the stored bill names', async () => {
    const r = await getJson<OrderReport>(t.url, `/api/reports/orders?from=${DAY}&to=${DAY}`);
    const rows = Object.fromEntries(r.body.figures.byChannel.map((c) => [c.key, c.bills]));
    expect(rows).toEqual({ dineIn: 0, counter: 1, phone: 1, web: 0 });
  });

  it('the shift report has one take-away, one delivery, and Ana\'s cash still to hand in; the rider\'s sent count moved', async () => {
    const r = await getJson<ShiftReportResponse>(t.url, '/api/shifts/current/report');
    const channels = Object.fromEntries(r.body.report.channels.map((c) => [c.key, c.bills]));
    expect(channels).toEqual({ dineIn: 0, takeAway: 1, delivery: 1 });
    expect(r.body.report.riderCash).toEqual([expect.objectContaining({ riderId: RIDER.id, name: RIDER.name, handedInCents: 0 })]);
    expect(r.body.report.riderCash![0]!.collectedCents).toBeGreaterThan(0);
    expect(t.hub.engine.state.riders[RIDER.id]).toMatchObject({ sentCount: 1 });
  });

  it('the nightly export lists both with channel, service, order code and rider; the PLE has the boleta', async () => {
    await send('export.run', { day: DAY, what: 'all' });
    await until('the day is exported', () => exportJobs().some((j) => j.status === 'done'));
    const csv = (await readFile(join(t.dataDir, 'exports', DAY, `ventas-${DAY}.csv`))).subarray(3).toString('utf8');
    const [header, ...rows] = parseCsv(csv, ',').map((r) => r.cells);
    const col = (name: string) => header!.indexOf(name);
    const pick = rows.map((r) => [r[col('Canal')], r[col('Entrega')], r[col('Pedido')], r[col('Repartidor')]]);
    expect(pick).toEqual(expect.arrayContaining([['Mostrador', 'Para llevar', codes.counter, ''], ['Teléfono', 'Delivery', codes.phone, RIDER.name]]));
    expect(rows.find((r) => r[col('Pedido')] === codes.phone)?.[col('Medios de pago')]).toMatch(/^Efectivo \(repartidor\) /);
    const manifest = await readManifest(join(t.dataDir, 'exports'), DAY);
    const ple = manifest!.files.find((f) => f.name.startsWith(`LE${SAMPLE_FISCAL.ruc}202603`));
    expect(ple).toBeDefined();
    const register = await readFile(join(t.dataDir, 'exports', DAY, ple!.name), 'utf8');
    expect(register).toContain('|03|B001|');
  });
});
