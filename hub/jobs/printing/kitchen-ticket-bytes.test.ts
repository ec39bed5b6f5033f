import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command, Printer } from '#protocol';
import { command, postCommand, sleep, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { parseEscPos, type ParsedPrintout } from '../../../hardware/index.ts';
import { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { demoPick, fakeNetworkPrinter, openOrder, until } from './test-orders.ts';

/**
 * A kitchen ticket's bytes through the whole hub (command -> reaction -> job
 * -> lane -> network driver -> TCP) to two FakePrinters on one station: one
 * printing Spanish (code page cp858), one Chinese (GB18030 in Chinese mode).
 * Each dish name decodes back exactly, the header (table, order number,
 * waiter, Lima time) is on it, there is one cut; a second send prints only
 * the lines added since the first.
 */

const SPANISH = 'Ají de gallina ñandú';
const CHINESE = '宫保鸡丁';
const SECOND_ES = 'Pisco sour';
const SECOND_ZH = '皮斯科酸酒';

let t: TestHub;
const fakes: Record<'es' | 'zh', FakePrinter | null> = { es: null, zh: null };
let tableName = '';
let orderNo = 0;
let orderId = '';
let station = '';

async function send(cmd: Command): Promise<void> {
  const reply = await postCommand(t.url, cmd);
  expect(reply.body, cmd.type).toMatchObject({ ok: true });
}

/** Each connection's printout that carries a kitchen ticket for this order (setup slips and status checks left out). */
function tickets(fake: FakePrinter): ParsedPrintout[] {
  return fake.received.map((bytes) => parseEscPos(bytes, { codePage: 'cp858' })).filter((p) => p.texts.some((line) => line.includes(`#${orderNo}`)));
}

const addDish = (productId: string) => command('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId, qty: 1, remark: '' }] });

beforeAll(async () => {
  t = await startTestHub({ printerStatusEveryMs: 100, printerTimeoutMs: 1_000 });
  fakes.es = await FakePrinter.start();
  fakes.zh = await FakePrinter.start();
  const state = t.hub.engine.state;
  const pick = demoPick(state);
  const dish = state.products[pick.productId]!;
  station = dish.station;
  // Only the kitchen station, and no receipts: the fake printers get the setup slip and the tickets.
  const base: Partial<Printer> = { stations: [station], receipts: false, prebills: false, drawer: false };
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, fakes.es.port, { ...base, id: 'pr-es', name: 'Cocina ES', codePage: 'cp858', language: 'es' }) }));
  await send(command('printer.save', { printer: fakeNetworkPrinter(state, fakes.zh.port, { ...base, id: 'pr-zh', name: 'Cocina ZH', codePage: 'cp858', cjk: 'gb18030', language: 'zh' }) }));
  const product = (id: string, code: string, es: string, zh: string) =>
    command('product.save', { id, code, names: { es, en: '', zh }, categoryId: dish.categoryId, priceCents: 2500, sort: 900, station });
  await send(product('p-bytes-1', 'B901', SPANISH, CHINESE));
  await send(product('p-bytes-2', 'B902', SECOND_ES, SECOND_ZH));
  const opened = openOrder(pick.tableId);
  orderId = opened.orderId;
  await send(opened.open);
  tableName = t.hub.engine.state.tables[pick.tableId]!.name;
  orderNo = t.hub.engine.state.orders[orderId]!.no;
});
afterAll(async () => {
  await t?.close();
  for (const f of Object.values(fakes)) await f?.close();
});

describe('a kitchen ticket on the paper', () => {
  it('Spanish (cp858) and Chinese (GB18030) dish names decode back exactly, with table, order number, waiter and time, and one cut', async () => {
    await send(addDish('p-bytes-1'));
    await send(command('order.send', { orderId }));
    await until('both tickets printed', () => tickets(fakes.es!).length === 1 && tickets(fakes.zh!).length === 1);
    const order = t.hub.engine.state.orders[orderId]!;
    const waiter = t.hub.engine.state.staff[order.openedBy ?? '']?.name ?? '';
    expect(waiter).not.toBe('');
    const job = [...t.hub.engine.jobs.values()].find((j) => j.kind === 'print' && j.payload.printerId === 'pr-es' && j.payload.purpose === 'kitchen');
    const at = job?.kind === 'print' ? (job.payload.ticket?.at ?? '') : '';
    const lima = new Date(Date.parse(at) - 5 * 3_600_000).toISOString().slice(11, 16);
    const cases = [
      { fake: fakes.es!, dish: SPANISH, words: ['Mesa', 'Pedido', 'Mozo'] },
      { fake: fakes.zh!, dish: CHINESE, words: ['桌号', '单号', '服务员'] },
    ];
    for (const c of cases) {
      const [paper] = tickets(c.fake);
      const texts = paper!.texts.map((line) => line.trim());
      expect(texts).toContain(`1 × ${c.dish}`);
      expect(texts).toContain(`${c.words[0]} ${tableName}`);
      expect(texts.some((line) => line.startsWith(`${c.words[1]} #${orderNo}`) && line.endsWith(lima))).toBe(true);
      expect(texts.some((line) => line.startsWith(`${c.words[2]}: ${waiter}`))).toBe(true);
      expect(paper!.cuts).toBe(1);
    }
  }, 30_000);

  it('a second send prints only the lines added since the first', async () => {
    await send(addDish('p-bytes-2'));
    await send(command('order.send', { orderId }));
    await until('second tickets printed', () => tickets(fakes.es!).length === 2 && tickets(fakes.zh!).length === 2);
    const dishes = (p: ParsedPrintout) => p.texts.map((line) => line.trim()).filter((line) => line.startsWith('1 × '));
    expect(dishes(tickets(fakes.es!)[1]!)).toEqual([`1 × ${SECOND_ES}`]);
    expect(dishes(tickets(fakes.zh!)[1]!)).toEqual([`1 × ${SECOND_ZH}`]);
    // Sending again with nothing new prints nothing more.
    await postCommand(t.url, command('order.send', { orderId }));
    await sleep(500);
    expect(tickets(fakes.es!)).toHaveLength(2);
    expect(tickets(fakes.zh!)).toHaveLength(2);
  }, 30_000);
});
