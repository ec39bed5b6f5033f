import { randomUUID } from 'node:crypto';
import { command } from '#hub/testing/test-hub.ts';
import type { Command, CommandReply, SaleDocument, State } from '#protocol';

/** JSON to a hub with a session cookie (GET without a body). */
export async function call<T>(url: string, apiPath: string, cookie: string, body?: unknown, method = 'POST'): Promise<{ status: number; body: T }> {
  const res = await fetch(new URL(apiPath, url), { method: body === undefined ? 'GET' : method, headers: { 'content-type': 'application/json', cookie }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: res.status, body: (await res.json()) as T };
}

/** A command over HTTP that must be accepted. */
export async function send(url: string, cookie: string, cmd: Command): Promise<CommandReply> {
  const reply = (await call<CommandReply>(url, '/api/commands', cookie, cmd)).body;
  if (!reply.ok) throw new Error(`${cmd.type} refused ${reply.code}`);
  return reply;
}

/** One bill on a free table, paid in cash with `document`; the fiscal number the hub gave it (`B001-3`). */
export async function sell(url: string, cookie: string, state: State, document: SaleDocument): Promise<string> {
  const table = Object.values(state.tables).find((t) => t.orderId === null && t.minConsumptionCents === 0);
  const product = Object.values(state.products).find((p) => p.station && p.listed && !p.soldOut && p.specs.length === 0 && !p.usesInventory && p.priceCents > 0);
  if (!table || !product) throw new Error('no free table or dish');
  const orderId = randomUUID();
  await send(url, cookie, command('table.open', { tableId: table.id, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }));
  await send(url, cookie, command('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: product.id, qty: 1, remark: '' }], send: true }));
  const settled = await send(url, cookie, command('order.settle', { orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document, print: false }));
  await send(url, cookie, command('table.clear', { tableId: table.id }));
  const doc = ((settled as { result?: unknown }).result as { documents?: { series: string; number: number }[] } | undefined)?.documents?.[0];
  if (!doc) throw new Error('no document numbered');
  return `${doc.series}-${doc.number}`;
}

export const BOLETA: SaleDocument = { kind: 'boleta', docId: '', name: '' };
export const FACTURA: SaleDocument = { kind: 'factura', docId: '20100070970', name: 'Supermercados Peruanos S.A.' };
