import { randomUUID } from 'node:crypto';
import type { Command, CommandReply, Printer, State } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { command, NO_CUSTOMER, sleep } from '#hub/testing/test-hub.ts';

/**
 * Scene-setting for the printing tests and the bench: a network printer
 * that prints every demo station's tickets (and receipts, with a drawer),
 * and kitchen tickets told apart by a remark (`T-07`), so the order on the
 * paper can be read back from the bytes.
 */

/** A network receipt and kitchen printer at 127.0.0.1:`port`, for every station of `state`'s menu. */
export function fakeNetworkPrinter(state: State, port: number, over: Partial<Printer> = {}): Printer {
  const stations = (state.menuSettings.stations ?? []).map((s) => s.id);
  return { ...VIRTUAL_PRINTER, id: 'pr-fake', name: 'Cocina', connection: { type: 'network', host: '127.0.0.1', port }, receipts: true, prebills: true, drawer: true, stations, ...over };
}

/** A free table and a kitchen dish of the demo restaurant. */
export function demoPick(state: State, tableIndex = 0): { tableId: string; productId: string } {
  const table = Object.values(state.tables).filter((t) => t.orderId === null)[tableIndex];
  const product = Object.values(state.products).find((p) => p.station && p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory);
  if (!table || !product) throw new Error('the demo has no free table or dish');
  return { tableId: table.id, productId: product.id };
}

/** The remark that marks ticket `n` on the paper. */
export const ticketMark = (n: number) => `T-${String(n).padStart(3, '0')}`;

/** Opens a table: the command and its order id. */
export function openOrder(tableId: string, deviceId = 'test-device'): { orderId: string; open: Command } {
  const orderId = randomUUID();
  return { orderId, open: command('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER }, { deviceId }) };
}

/** One kitchen ticket: a dish with the ticket's remark, then the send. */
export function ticketCommands(orderId: string, productId: string, n: number, deviceId = 'test-device'): [Command, Command] {
  return [
    command('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId, qty: 1, remark: ticketMark(n) }] }, { deviceId }),
    command('order.send', { orderId }, { deviceId }),
  ];
}

/** The ticket marks in the order they appear in printed texts. */
export function marksIn(texts: readonly string[]): string[] {
  return texts.flatMap((t) => t.match(/T-\d{3}/g) ?? []);
}

/** Waits until `check` holds (polling every 20 ms), or fails naming `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting: ${what}`);
    await sleep(20);
  }
}

async function post(url: string, cookie: string, cmd: Command): Promise<CommandReply | null> {
  try {
    const res = await fetch(new URL('/api/commands', url), { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify(cmd), signal: AbortSignal.timeout(3000) });
    return (await res.json()) as CommandReply;
  } catch {
    return null;
  }
}

/** Sends to a (child) hub until acknowledged, as a device's outbox does: same id, resent. */
export async function deliver(url: string, cookie: string, cmd: Command): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const reply = await post(url, cookie, cmd);
    if (reply?.ok) return;
    if (reply && reply.code !== 'RATE_LIMITED') throw new Error(`${cmd.type} refused: ${reply.code}`);
    await sleep(50);
  }
  throw new Error(`${cmd.type} never acknowledged`);
}
