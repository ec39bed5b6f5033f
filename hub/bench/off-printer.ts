import { randomUUID } from 'node:crypto';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { Command, CommandReply } from '#protocol';
import { networkPrinter } from '../../hardware/testing/kitchen-printer.ts';
import { benchTables, makeCommand, nextTurn, submitAll } from './workload.ts';

/**
 * A printer that is switched off, with tickets waiting for it: a station of
 * its own ("Barra apagada") with one dish nobody else orders (the benchmarks'
 * workload never picks it, so the workload is the same with or without it),
 * printed only by a network printer at 127.0.0.1:`port` where nothing answers
 * (a fake printer unplugged: connections refused). Each ticket carries a mark
 * (`P0000001`) in its remark, so the paper read back tells which printed, how
 * often and in which order, once the printer comes back.
 */

export const OFF_STATION = { id: 'st-bench-off', name: 'Barra apagada' };
export const OFF_PRODUCT_ID = 'p-bench-off';
export const OFF_PRINTER_ID = 'pr-bench-off';
const PRICE_CENTS = 500;
/** Tickets per order before it is paid and the table cleared (keeps orders small). */
const TICKETS_PER_ORDER = 20;

export const offMark = (n: number) => `P${String(n).padStart(7, '0')}`;

/** The station, its dish and the printer at `port` (set-up commands; refused ones fail loudly). */
export async function installOffPrinter(engine: Engine, port: number): Promise<void> {
  const s = engine.state;
  const stations = s.menuSettings.stations.filter((st) => st.id !== OFF_STATION.id);
  const categoryId = Object.values(s.products)[0]?.categoryId;
  if (!categoryId) throw new Error('the demo menu has no category');
  await submitAll(engine, [
    makeCommand('menu.saveStations', { stations: [...stations, OFF_STATION] }, 'bench-setup'),
    makeCommand(
      'product.save',
      { id: OFF_PRODUCT_ID, code: 'BX1', names: { es: 'Chilcano', en: 'Chilcano', zh: '皮斯科' }, categoryId, priceCents: PRICE_CENTS, sort: 9_999, station: OFF_STATION.id, soldOut: false, listed: true },
      'bench-setup',
    ),
    makeCommand('printer.save', { printer: networkPrinter(OFF_PRINTER_ID, 'Barra apagada', port, { stations: [OFF_STATION.id] }) }, 'bench-setup'),
  ]);
}

/**
 * Sends `count` tickets of the off station, from `producers` devices at
 * once (tables `firstTable`.. of benchTables, which must exist), each order
 * paid and its table cleared every 20 tickets. Returns the marks in the
 * order their tickets were committed: the order they must print in.
 */
export async function queueOffTickets(engine: Engine, count: number, opts: { producers: number; firstTable: number }): Promise<string[]> {
  const tables = benchTables(opts.firstTable + opts.producers).slice(opts.firstTable);
  const committed: { seq: number; mark: string }[] = [];
  let next = 0;
  const must = async (c: Command, actor: Actor): Promise<CommandReply & { ok: true }> => {
    const reply = await engine.submit(c, actor);
    await nextTurn();
    if (!reply.ok) throw new Error(`off-printer ticket: ${c.type} refused: ${reply.code} ${reply.message ?? ''}`);
    return reply;
  };
  await Promise.all(
    tables.map(async (table, i) => {
      const deviceId = `bench-off-${i + 1}`;
      const actor: Actor = { staffId: null, deviceId };
      // A ticket's number is taken before anything is sent for it: no order is opened for nothing.
      let n = ++next;
      while (n <= count) {
        const orderId = randomUUID();
        await must(makeCommand('table.open', { tableId: table.id, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }, deviceId), actor);
        let tickets = 0;
        for (; tickets < TICKETS_PER_ORDER && n <= count; n = ++next) {
          const mark = offMark(n);
          await must(makeCommand('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: OFF_PRODUCT_ID, qty: 1, remark: mark }] }, deviceId), actor);
          const sent = await must(makeCommand('order.send', { orderId }, deviceId), actor);
          committed.push({ seq: sent.seq, mark });
          tickets++;
        }
        await must(makeCommand('order.prebill', { orderId }, deviceId), actor);
        await must(makeCommand('order.settleCash', { orderId, receivedCents: Math.ceil((tickets * PRICE_CENTS) / 5000) * 5000 }, deviceId), actor);
        await must(makeCommand('table.clear', { tableId: table.id }, deviceId), actor);
      }
    }),
  );
  return committed.sort((a, b) => a.seq - b.seq).map((c) => c.mark);
}
