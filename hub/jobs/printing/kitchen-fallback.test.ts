import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { stationTargets } from '#hub/domain/printing/routing.ts';
import { command, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { papersOf } from '../../../hardware/testing/papers.ts';
import { fakeNetworkPrinter, openOrder, until } from './test-orders.ts';

/**
 * Issue 18 item 19, through the whole hub to TCP: the demo's bar has a
 * printer; once nothing prints the bar, its chicha comes out on the receipt
 * printer (the kitchen fallback) with a note saying where it belongs, and the
 * kitchen's dish still goes to the kitchen printer only.
 */

let t: TestHub;
let kitchen: FakePrinter;
let caja: FakePrinter;

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t.url, cmd);
  expect(reply.body, cmd.type).toMatchObject({ ok: true });
}

beforeAll(async () => {
  t = await startTestHub({ printerStatusEveryMs: 100, printerTimeoutMs: 1_000 });
  kitchen = await FakePrinter.start();
  caja = await FakePrinter.start();
});
afterAll(async () => {
  await t?.close();
  await kitchen?.close();
  await caja?.close();
});

describe('a station nothing prints', () => {
  it('the demo restaurant routes every station somewhere of its own', () => {
    const state = t.hub.engine.state;
    expect(state.menuSettings.stations.map((st) => [st.name, stationTargets(state, st.id).length > 0])).toEqual(state.menuSettings.stations.map((st) => [st.name, true]));
  });

  it('the bar dish prints on the receipt printer with "SIN IMPRESORA: llevar a Bar"; the kitchen dish only in the kitchen', async () => {
    const state = t.hub.engine.state;
    const cocina = state.menuSettings.stations.find((st) => st.name === 'Cocina')!;
    const bar = state.menuSettings.stations.find((st) => st.name === 'Bar')!;
    // The owner adds a kitchen printer and a receipt printer, and silences the virtual one.
    await send(command('printer.save', { printer: fakeNetworkPrinter(state, kitchen.port, { id: 'pr-cocina', name: 'Cocina', stations: [cocina.id], receipts: false, prebills: false, drawer: false }) }));
    await send(command('printer.save', { printer: fakeNetworkPrinter(state, caja.port, { id: 'pr-caja', name: 'Caja', stations: [], receipts: true, prebills: true, drawer: false }) }));
    await send(command('printer.save', { printer: { ...VIRTUAL_PRINTER, receipts: false, prebills: false, stations: [] } }));

    const products = Object.values(state.products).filter((p) => p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory);
    const chicha = products.find((p) => p.station === bar.id)!;
    const dish = products.find((p) => p.station === cocina.id)!;
    const table = Object.values(t.hub.engine.state.tables).find((tb) => tb.orderId === null)!;
    const { orderId, open } = openOrder(table.id);
    await send(open);
    await send(command('order.addLines', { orderId, send: true, lines: [chicha, dish].map((p) => ({ lineId: randomUUID(), productId: p.id, qty: 1, remark: '' })) }));

    const orderNo = t.hub.engine.state.orders[orderId]!.no;
    const ticketsOn = (fake: FakePrinter) => papersOf(fake).filter((p) => p.texts.some((line) => line.includes(`#${orderNo}`)));
    await until('the kitchen and the fallback tickets printed', () => ticketsOn(kitchen).length === 1 && ticketsOn(caja).length === 1);
    const onCaja = ticketsOn(caja)[0]!.texts.map((line) => line.trim());
    const onKitchen = ticketsOn(kitchen)[0]!.texts.map((line) => line.trim());
    expect(onCaja).toContain('SIN IMPRESORA: llevar a Bar');
    expect(onCaja).toContain(`1 × ${chicha.names.es}`);
    expect(onCaja).not.toContain(`1 × ${dish.names.es}`);
    expect(onKitchen).toContain(`1 × ${dish.names.es}`);
    expect(onKitchen.some((line) => line.includes('SIN IMPRESORA'))).toBe(false);
  });
});
