import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, Printer } from '#protocol';
import { command, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { parseEscPos, type ParsedPrintout } from '../../../hardware/index.ts';
import { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { demoPick, fakeNetworkPrinter, until } from './test-orders.ts';

/**
 * A delivery's paper through the whole hub (issue 21): command -> reaction -> job -> lane ->
 * network driver -> TCP, to a Spanish kitchen printer and a Chinese receipt printer. The kitchen
 * ticket carries DELIVERY and the pickup code (no table), the rider's slip the address, the
 * phones, the dishes, what to collect and the change; a reprint comes out marked.
 */

let t: TestHub;
let kitchen: FakePrinter;
let counter: FakePrinter;
let productId = '';
const takeoutId = randomUUID();
const orderId = randomUUID();
const RIDER = 'rider-bytes';

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t.url, cmd);
  expect(reply.body, cmd.type).toMatchObject({ ok: true });
}

const paper = (fake: FakePrinter): ParsedPrintout[] => fake.received.map((bytes) => parseEscPos(bytes, { codePage: 'cp858' }));
const lines = (p: ParsedPrintout) => p.texts.map((line) => line.trim());
const withText = (fake: FakePrinter, text: string) => paper(fake).filter((p) => lines(p).some((line) => line.includes(text)));
const pickupCode = () => t.hub.engine.state.takeouts[takeoutId]?.pickupCode ?? '?';

beforeAll(async () => {
  t = await startTestHub({ printerStatusEveryMs: 100, printerTimeoutMs: 1_000 });
  kitchen = await FakePrinter.start();
  counter = await FakePrinter.start();
  const state = t.hub.engine.state;
  productId = demoPick(state).productId;
  const station = state.products[productId]!.station;
  const none: Partial<Printer> = { receipts: false, prebills: false, drawer: false, stations: [] };
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, kitchen.port, { ...none, id: 'pr-kitchen', name: 'Cocina', stations: [station], language: 'es' }) }));
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, counter.port, { ...none, id: 'pr-counter', name: 'Caja', receipts: true, cjk: 'gb18030', language: 'zh' }) }));
  await send(command('staff.save', { id: RIDER, name: 'Ana Rojas', code: '7788', roleId: 'rider' }));
});
afterAll(async () => {
  await t?.close();
  await kitchen?.close();
  await counter?.close();
});

describe('a delivery on the paper', () => {
  it('the kitchen ticket: DELIVERY and the pickup code, white on black, no table; the dishes', async () => {
    const delivery = { address: 'Jr. Ucayali 455, Lima', reference: 'Puerta verde', receiverName: 'Rosa Díaz', receiverPhone: '987654321', contactPhone: '912345678', distanceM: 2000, feeCents: 500, changeForCents: 10_000 };
    await send(
      command('takeout.create', {
        takeoutId, orderId, channel: 'phone', type: 'immediate', method: 0, customer: { name: 'Rosa Díaz', phone: '987654321' }, delivery, invoiceType: 'note',
        lines: [{ lineId: randomUUID(), productId, qty: 2, remark: '' }], payLater: true, send: true,
      }),
    );
    await until('the kitchen ticket', () => withText(kitchen, `DELIVERY ${pickupCode()}`).length === 1);
    const [ticket] = withText(kitchen, `DELIVERY ${pickupCode()}`);
    expect(lines(ticket!)).toContain(t.hub.engine.state.takeouts[takeoutId]!.code);
    expect(lines(ticket!).some((line) => line.startsWith('Mesa'))).toBe(false);
    expect(lines(ticket!).some((line) => line.startsWith('2 × '))).toBe(true);
    // The fee is a line of the bill, not a dish: never on the kitchen's paper.
    expect(lines(ticket!).some((line) => line.includes('Delivery'))).toBe(false);
    expect(ticket!.cuts).toBe(1);
  }, 30_000);

  it('the rider’s slip in Chinese on the counter printer when the rider is assigned, with the address, phones, what to collect and the change', async () => {
    await send(command('takeout.assignRider', { takeoutId, riderId: RIDER }));
    await until('the slip', () => withText(counter, `外卖 ${pickupCode()}`).length === 1);
    const [slip] = withText(counter, `外卖 ${pickupCode()}`);
    const text = lines(slip!).join('\n');
    const due = t.hub.engine.state.takeouts[takeoutId]!.collectCents;
    const soles = (c: number) => `S/ ${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;
    for (const expected of ['骑手: Ana Rojas', 'Jr. Ucayali 455, Lima', '参考: Puerta verde', '收货人: Rosa Díaz  987654321', '联系人: Rosa Díaz  912345678', `代收 ${soles(due)}`, `需带找零 ${soles(10_000 - due)}`]) {
      expect(text).toContain(expected);
    }
    expect(slip!.cuts).toBe(1);
  }, 30_000);

  it('the slip again through takeout.reprint, marked 重印 on top', async () => {
    await send(command('takeout.reprint', { takeoutId, what: 'slip' }));
    await until('the reprint', () => withText(counter, `外卖 ${pickupCode()}`).length === 2);
    const reprint = withText(counter, `外卖 ${pickupCode()}`)[1]!;
    expect(lines(reprint).filter(Boolean)[0]).toBe('重印');
  }, 30_000);

  it('a paid delivery’s slip: its order is an archived bill by then, so the runner prints the bill’s dishes; nothing to collect', async () => {
    const paidId = randomUUID();
    const paidOrder = randomUUID();
    const delivery = { address: 'Av. Arequipa 1000', reference: '', receiverName: 'Luis', receiverPhone: '987000111', contactPhone: '', distanceM: 900, feeCents: 0, changeForCents: 0 };
    await send(
      command('takeout.create', {
        takeoutId: paidId, orderId: paidOrder, channel: 'phone', type: 'immediate', method: 0, customer: { name: 'Luis', phone: '987000111' }, delivery, invoiceType: 'note',
        lines: [{ lineId: randomUUID(), productId, qty: 3, remark: '' }], payLater: true, send: true,
      }),
    );
    if (!t.hub.engine.state.openShift) await send(command('shift.open', { id: `sh-${randomUUID()}`, floatCents: 10_000 }));
    const due = t.hub.engine.state.takeouts[paidId]!.collectCents;
    await send(command('order.settle', { orderId: paidOrder, payments: [{ method: 'yape', amountCents: due, operationNo: '556677' }], document: { kind: 'note', docId: '', name: '' }, print: false }));
    await send(command('takeout.assignRider', { takeoutId: paidId, riderId: RIDER }));
    const code = t.hub.engine.state.takeouts[paidId]!.pickupCode;
    await until('the paid slip', () => withText(counter, `外卖 ${code}`).length === 1);
    const text = lines(withText(counter, `外卖 ${code}`)[0]!).join('\n');
    expect(text).toMatch(/^3 × /m);
    expect(text).toContain('已付款：无需收款');
    expect(text).not.toContain('代收');
  }, 30_000);
});
