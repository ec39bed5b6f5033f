import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showOnScreen } from '#hub/jobs/printing/screen-target.ts';
import type { DomainEvent, PrintJob } from '#protocol';
import { SOCKET_EVENTS } from '#protocol';
import {
  command,
  connectDevice,
  postCommand,
  recordMessages,
  sendCommand,
  signedIn,
  startTestHub,
  waitUntil,
  whenConnected,
  type DeviceSocket,
  type Received,
  type TestHub,
} from '#hub/testing/test-hub.ts';
import { kitchenTicket } from './samples.ts';

/**
 * The kitchen display through the real hub: the print runner's screen target
 * records `kds.show`, a kitchen tablet (kitchen role, M001) sees the ticket
 * live over socket.io, a rider (no M001) does not; two tablets bumping the
 * same ticket at once bump it once; devices cannot show tickets themselves.
 */

let t: TestHub;
let kitchen: string;
let rider: string;
const sockets: DeviceSocket[] = [];

async function person(roleId: 'kitchen' | 'rider', code: string): Promise<string> {
  const id = `staff-${roleId}`;
  expect((await postCommand(t.url, command('staff.save', { id, name: `Persona ${roleId}`, code, roleId }))).body.ok).toBe(true);
  const pin = await fetch(new URL(`/api/staff/${id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: '5050' }) });
  expect(pin.status).toBe(200);
  return signedIn(t.url, code, '5050', `tablet-${roleId}`);
}

async function device(cookie: string, deviceId: string): Promise<{ socket: DeviceSocket; received: Received[] }> {
  const socket = connectDevice(t.url, { deviceId, cookie });
  sockets.push(socket);
  const received = recordMessages(socket);
  await whenConnected(socket);
  return { socket, received };
}

const eventsOf = (received: Received[]): DomainEvent[] =>
  received.flatMap((r) => (r.event === SOCKET_EVENTS.change ? [r.data] : r.event === SOCKET_EVENTS.changes ? r.data : [])).flatMap((c) => c.events);

function printJob(over: Partial<PrintJob> = {}): PrintJob & { id: string } {
  return { id: `${randomUUID()}.0`, printerId: 'pr-screen', purpose: 'kitchen', document: { blocks: [], cut: true }, ticket: kitchenTicket({ station: 'st-cocina', at: new Date().toISOString() }), ...over };
}

const submit = () => t.hub.engine.submit.bind(t.hub.engine);

beforeAll(async () => {
  t = await startTestHub();
  kitchen = await person('kitchen', '60');
  rider = await person('rider', '61');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('kitchen display through the hub', () => {
  it('a ticket shown by the screen target reaches a kitchen tablet live, and not a rider', async () => {
    const tablet = await device(kitchen, 'kds-tablet');
    const riderPhone = await device(rider, 'rider-phone');
    const job = printJob();
    expect(await showOnScreen(submit(), job)).toEqual({ ok: true });
    await waitUntil(() => eventsOf(tablet.received).some((e) => e.type === 'kds.shown' && e.ticket.id === job.id), 5000, 'kds.shown on the kitchen tablet');
    const shown = eventsOf(tablet.received).find((e) => e.type === 'kds.shown');
    expect(shown).toMatchObject({ ticket: { id: job.id, ticket: { station: 'st-cocina', table: 'S1' }, bumpNo: 0 } });
    // The rider's device gets the change (its seq), without the ticket.
    const seq = t.hub.engine.seq;
    await waitUntil(() => riderPhone.received.some((r) => r.event === SOCKET_EVENTS.change && r.data.seq === seq), 5000, 'the change on the rider phone');
    expect(eventsOf(riderPhone.received).filter((e) => e.type.startsWith('kds.'))).toEqual([]);
  });

  it('the same job shown twice (a retried job) is one ticket', async () => {
    const job = printJob();
    expect(await showOnScreen(submit(), job)).toEqual({ ok: true });
    expect(await showOnScreen(submit(), job)).toEqual({ ok: true });
    expect(Object.keys(t.hub.engine.state.kitchenDisplay.tickets).filter((id) => id === job.id)).toHaveLength(1);
  });

  it('a print job without ticket data is done, shown nowhere', async () => {
    const job = printJob({ purpose: 'test' });
    delete job.ticket;
    const seq = t.hub.engine.seq;
    expect(await showOnScreen(submit(), job)).toEqual({ ok: true });
    expect(t.hub.engine.seq).toBe(seq);
  });

  it('two tablets bumping the same ticket at once: one bump, the other told it is gone', async () => {
    const job = printJob();
    await showOnScreen(submit(), job);
    const [a, b] = [await device(kitchen, 'kds-a'), await device(kitchen, 'kds-b')];
    const replies = await Promise.all([a, b].map((d) => sendCommand(d.socket, command('kds.bump', { ticketId: job.id }, { deviceId: d === a ? 'kds-a' : 'kds-b' }))));
    expect(replies.map((r) => (r.ok ? 'ok' : r.code)).sort()).toEqual(['KDS_ALREADY_BUMPED', 'ok']);
    expect(t.hub.engine.state.kitchenDisplay.tickets[job.id]).toMatchObject({ bumpedBy: 'staff-kitchen' });
    // Recall brings it back for every tablet.
    expect((await sendCommand(a.socket, command('kds.recall', { station: 'st-cocina' }, { deviceId: 'kds-a' }))).ok).toBe(true);
    expect(t.hub.engine.state.kitchenDisplay.tickets[job.id]).toMatchObject({ bumpNo: 0, bumpedBy: null });
  });

  it('attack: a device may not show a ticket, a rider may not bump, and hostile ids are refused; nothing is recorded', async () => {
    const job = printJob();
    await showOnScreen(submit(), job);
    const seq = t.hub.engine.seq;
    const show = command('kds.show', { ticketId: `${randomUUID()}.0`, printerId: 'pr-screen', reprint: false, ticket: kitchenTicket() });
    expect((await postCommand(t.url, show)).body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await postCommand(t.url, command('kds.bump', { ticketId: job.id }), {}, { cookie: rider })).body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    expect((await postCommand(t.url, command('kds.bump', { ticketId: '__proto__' }), {}, { cookie: kitchen })).body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect((await postCommand(t.url, command('kds.recall', { station: 'constructor' }), {}, { cookie: kitchen })).body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(t.hub.engine.seq).toBe(seq);
    expect(t.hub.engine.state.kitchenDisplay.tickets[job.id]?.bumpNo).toBe(0);
  });
});
