import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandReply, CommandType } from '#protocol';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { command, connectDevice, getState, postCommand, sendCommand, signedIn, startTestHub, whenConnected, type DeviceSocket, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Attacks on riders' cash over the real hub (issue 21): two tills receiving one rider's cash
 * at the same moment (exactly one hand-in counts, the drawer grows once), the same hand-in from
 * two tills, a rider handing in their own cash, hostile ids and amounts at the door, and who
 * receives the riders slice. hub/domain/riders/README.md.
 */
let t: TestHub;
const RIDER = { id: 'staff-rider-ana', code: '8', name: 'Ana Rojas', pin: '8888' };
let riderCookie = '';
let waiterCookie = '';
const sockets: DeviceSocket[] = [];

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
}

/** A served order at a fresh table, settled with `cents` in cash that the rider collects. */
async function riderCollects(cents: number): Promise<void> {
  const tableId = `t-r${randomUUID().slice(0, 6)}`;
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: tableId, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 900 });
  const orderId = randomUUID();
  await asOwner('table.open', { tableId, orderId, people: 1, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
  await asOwner('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], send: true });
  await asOwner('order.settle', { orderId, payments: [{ method: 'cash', amountCents: cents, heldBy: RIDER.id }], document: { kind: 'note', docId: '', name: '' }, print: false });
}

/** The records since `seq` made by this command (the hub's own work, a print job's status, may go on meanwhile). */
const recorded = (seq: number, commandId: string) => (t.hub.engine.changesSince(seq) ?? []).filter((c) => c.commandId === commandId);
const held = () => t.hub.engine.state.riders[RIDER.id]?.heldCents ?? 0;
const drawer = () => expectedByMethod(t.hub.engine.state.openShift!).cash!;

async function till(): Promise<DeviceSocket> {
  const socket = connectDevice(t.url);
  sockets.push(socket);
  await whenConnected(socket);
  return socket;
}

beforeAll(async () => {
  t = await startTestHub();
  await asOwner('staff.save', { id: RIDER.id, name: RIDER.name, code: RIDER.code, roleId: 'rider' });
  const pin = await fetch(new URL(`/api/staff/${RIDER.id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: RIDER.pin }) });
  expect(pin.status).toBe(200);
  riderCookie = await signedIn(t.url, RIDER.code, RIDER.pin, 'rider-phone');
  waiterCookie = await signedIn(t.url, '3', '3333', 'waiter-phone');
  if (!t.hub.engine.state.openShift) await asOwner('shift.open', { id: randomUUID(), floatCents: 10_000 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('riders\' cash over real sockets', () => {
  it('two tills receive the same rider\'s whole cash at once: exactly one counts, the drawer grows once', async () => {
    await riderCollects(100_000);
    const owed = held();
    const before = drawer();
    const [a, b] = [await till(), await till()];
    const replies = await Promise.all([a, b].map((s) => sendCommand(s, command('rider.handIn', { id: randomUUID(), riderId: RIDER.id, cents: owed }))));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)).toMatchObject({ ok: false, code: 'RIDER_HANDIN_TOO_LARGE', message: '0' });
    expect(held()).toBe(0);
    expect(drawer()).toBe(before + owed);
  });

  it('the same hand-in confirmed on two tills (one dialog, a double tap, a resend) counts once', async () => {
    await riderCollects(100_000);
    const owed = held();
    const before = drawer();
    const id = randomUUID();
    const half = Math.floor(owed / 2);
    const [a, b] = [await till(), await till()];
    const replies: CommandReply[] = await Promise.all([a, b].map((s) => sendCommand(s, command('rider.handIn', { id, riderId: RIDER.id, cents: half }))));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.find((r) => !r.ok)).toMatchObject({ ok: false, code: 'RIDER_HANDIN_DONE' });
    expect(held()).toBe(owed - half);
    expect(drawer()).toBe(before + half);
    // The rest, handed in later, closes the debt.
    await asOwner('rider.handIn', { id: randomUUID(), riderId: RIDER.id, cents: owed - half });
    expect(held()).toBe(0);
  });

  it('a rider cannot hand in their own cash nor mark cash as collected by anyone (gate payment); nothing changes', async () => {
    await riderCollects(100_000);
    const seq = t.hub.engine.seq;
    const envelope = command('rider.handIn', { id: randomUUID(), riderId: RIDER.id, cents: 100 });
    const own = await postCommand(t.url, envelope, {}, { cookie: riderCookie });
    expect(own.body).toEqual({ ok: false, code: 'FORBIDDEN', message: 'payment' });
    expect(recorded(seq, envelope.id)).toEqual([]);
    await asOwner('rider.handIn', { id: randomUUID(), riderId: RIDER.id, cents: held() });
  });

  it.each([
    ['a prototype rider id', { id: randomUUID(), riderId: '__proto__', cents: 100 }],
    ['constructor as the hand-in id', { id: 'constructor', riderId: RIDER.id, cents: 100 }],
    ['a script as rider id', { id: randomUUID(), riderId: '<img src=x onerror=alert(1)>', cents: 100 }],
    ['no amount', { id: randomUUID(), riderId: RIDER.id, cents: 0 }],
    ['a negative amount', { id: randomUUID(), riderId: RIDER.id, cents: -500 }],
    ['a fraction of a céntimo', { id: randomUUID(), riderId: RIDER.id, cents: 10.5 }],
    ['an absurd amount', { id: randomUUID(), riderId: RIDER.id, cents: 1e15 }],
    ['a string amount', { id: randomUUID(), riderId: RIDER.id, cents: '100' }],
  ])('refuses %s at the door; nothing changes', async (_name, payload) => {
    const seq = t.hub.engine.seq;
    const envelope = { ...command('rider.handIn', { id: 'x', riderId: 'x', cents: 1 }), payload };
    const r = await postCommand(t.url, envelope);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ ok: false });
    expect(['INCORRECT_INPUT', 'REQUIRED_FIELD']).toContain((r.body as { code: string }).code);
    expect(recorded(seq, envelope.id)).toEqual([]);
  });

  it('refuses cash "collected" by a prototype name or a card held by a rider, at settlement', async () => {
    const seq = t.hub.engine.seq;
    const envelope = command('order.settle', { orderId: randomUUID(), payments: [{ method: 'cash', amountCents: 100, heldBy: '__proto__' }], document: { kind: 'note', docId: '', name: '' }, print: false });
    const bad = await postCommand(t.url, envelope);
    expect(bad.body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(recorded(seq, envelope.id)).toEqual([]);
  });

  it('the riders slice reaches the rider and the till, not a waiter', async () => {
    const rider = await getState(t.url, { cookie: riderCookie });
    expect(rider.state.riders?.[RIDER.id]).toMatchObject({ staffId: RIDER.id });
    const owner = await getState(t.url);
    expect(owner.state.riders?.[RIDER.id]).toBeDefined();
    const waiter = await getState(t.url, { cookie: waiterCookie });
    expect(waiter.state.riders).toBeUndefined();
  });
});
