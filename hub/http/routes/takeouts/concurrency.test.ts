import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubCommand } from '#hub/auth/hub-command.ts';
import type { CommandPayload, CommandReply, DomainEvent, State } from '#protocol';
import { applyAll } from '#domain';
import { presentState, viewerOf } from '#hub/presenters/index.ts';
import { command, connectDevice, recordMessages, sendCommand, waitUntil, whenConnected, type DeviceSocket, type Received } from '#hub/testing/test-hub.ts';
import { DELIVERY_DETAILS, must, startTakeoutHub, takeoutPayload, type Person, type TakeoutHub } from './test-takeout-hub.ts';

/**
 * Two people changing one takeout at the same moment, over real sockets to a real hub: the
 * hub decides one command at a time, so exactly one wins and the other is told why, and what
 * the winner did happened once (one kitchen send, one bill).
 */
let t: TakeoutHub;
const sockets: DeviceSocket[] = [];

async function device(who: Person | 'owner'): Promise<DeviceSocket> {
  const s = connectDevice(t.url, { deviceId: `dev-${who}-${randomUUID().slice(0, 6)}`, cookie: t.cookies[who] });
  sockets.push(s);
  await whenConnected(s);
  return s;
}

/** A web order as the intake route records it (status 0). */
async function intake(over: Partial<CommandPayload<'takeout.intake'>> = {}): Promise<CommandPayload<'takeout.intake'>> {
  const payload: CommandPayload<'takeout.intake'> = {
    takeoutId: randomUUID(),
    orderId: randomUUID(),
    channelId: 'web-shop',
    externalId: `W-${randomUUID().slice(0, 8)}`,
    customer: { name: 'Luis', phone: '987654321' },
    delivery: DELIVERY_DETAILS,
    method: 0,
    type: 'immediate',
    lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }],
    note: '',
    ...over,
  };
  const r = await t.hub.engine.submit(hubCommand('takeout.intake', payload, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
  if (!r.ok) throw new Error(r.code);
  return payload;
}

const wins = (replies: CommandReply[]) => replies.filter((r) => r.ok).length;
const codes = (replies: CommandReply[]) => replies.flatMap((r) => (r.ok ? [] : [r.code]));

beforeAll(async () => {
  t = await startTakeoutHub();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('two tills accept the same web order at once', () => {
  it('exactly one accepts it, the kitchen gets it once; ten times over', async () => {
    const [tillA, tillB] = [await device('owner'), await device('cashier')];
    for (let i = 0; i < 10; i++) {
      const order = await intake();
      const replies = await Promise.all([tillA, tillB].map((s) => sendCommand(s, command('takeout.accept', { takeoutId: order.takeoutId }))));
      expect(wins(replies)).toBe(1);
      expect(codes(replies)).toEqual(['TAKEOUT_BAD_STATUS']);
      expect(t.hub.engine.state.orders[order.orderId]?.batches).toBe(1);
      expect(t.hub.engine.state.takeouts[order.takeoutId]?.status).toBe(2);
    }
  });

  it('the same channel order recorded twice at once makes one takeout', async () => {
    const externalId = `W-${randomUUID().slice(0, 8)}`;
    const payloads = [0, 1].map(() => ({ takeoutId: randomUUID(), orderId: randomUUID(), channelId: 'web-shop', externalId, customer: { name: 'Luis', phone: '' }, delivery: null, method: 1 as const, type: 'takeaway' as const, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 1, remark: '' }], note: '' }));
    const replies = await Promise.all(payloads.map((p) => t.hub.engine.submit(hubCommand('takeout.intake', p, 'hub', new Date()), { staffId: null, deviceId: 'hub' })));
    expect(wins(replies)).toBe(1);
    expect(codes(replies)).toEqual(['INTAKE_DUPLICATE']);
  });
});

describe('a rider and a cashier change one order at once', () => {
  /** A delivery assigned to Ana, picked up (status 4), not paid. */
  async function onTheWay(): Promise<CommandPayload<'takeout.create'>> {
    const p = takeoutPayload(0);
    await must(t, 'takeout.create', p);
    await must(t, 'takeout.assignRider', { takeoutId: p.takeoutId, riderId: 'rider-ana' });
    await must(t, 'takeout.pickedUp', { takeoutId: p.takeoutId }, t.cookies.ana);
    return p;
  }

  it('delivered at the door against cancelled at the till: one wins, and a bill exists only if delivered won', async () => {
    const [rider, till] = [await device('ana'), await device('owner')];
    for (let i = 0; i < 6; i++) {
      const p = await onTheWay();
      const [delivered, cancelled] = await Promise.all([
        sendCommand(rider, command('takeout.delivered', { takeoutId: p.takeoutId, collectedCents: 10_000 })),
        sendCommand(till, command('takeout.cancel', { takeoutId: p.takeoutId, reason: 'El cliente canceló' })),
      ]);
      expect(wins([delivered, cancelled])).toBe(1);
      if (delivered.ok) {
        expect(codes([cancelled])[0]).toMatch(/^(TAKEOUT_PAID|TAKEOUT_BAD_STATUS)$/);
        expect(t.hub.engine.state.takeouts[p.takeoutId]).toMatchObject({ status: 7, paid: true });
        expect(t.hub.engine.state.riders['rider-ana']?.heldCents).toBeGreaterThan(0);
      } else {
        expect(codes([delivered])).toEqual(['TAKEOUT_NOT_FOUND']);
        expect(t.hub.engine.state.takeouts[p.takeoutId]).toBeUndefined();
      }
      expect(t.hub.engine.state.orders[p.orderId]).toBeUndefined();
    }
  });

  it('picked up by the rider against given to another rider by the dispatcher: one wins', async () => {
    const [rider, till] = [await device('ana'), await device('cashier')];
    for (let i = 0; i < 6; i++) {
      const p = takeoutPayload(0);
      await must(t, 'takeout.create', p);
      await must(t, 'takeout.assignRider', { takeoutId: p.takeoutId, riderId: 'rider-ana' });
      const replies = await Promise.all([
        sendCommand(rider, command('takeout.pickedUp', { takeoutId: p.takeoutId })),
        sendCommand(till, command('takeout.assignRider', { takeoutId: p.takeoutId, riderId: 'rider-beto' })),
      ]);
      expect(wins(replies)).toBe(1);
      const t1 = t.hub.engine.state.takeouts[p.takeoutId];
      expect(replies[0]?.ok ? t1?.riderId === 'rider-ana' && t1.status === 4 : t1?.riderId === 'rider-beto' && t1.status === 3).toBe(true);
    }
  });
});

describe('what a rider’s phone receives', () => {
  const eventsOf = (got: readonly Received[]): DomainEvent[] =>
    got.flatMap((r) => (r.event === 'change' ? r.data.events : r.event === 'changes' ? r.data.flatMap((c) => c.events) : []));

  it('a waiting delivery, then (given to another rider) its removal with nothing personal; never another rider’s order', async () => {
    const ana = connectDevice(t.url, { deviceId: 'dev-ana-live', cookie: t.cookies.ana });
    sockets.push(ana);
    const got = recordMessages(ana);
    await whenConnected(ana);
    const waiting = takeoutPayload(0);
    const betos = takeoutPayload(0);
    await must(t, 'takeout.create', betos);
    await must(t, 'takeout.assignRider', { takeoutId: betos.takeoutId, riderId: 'rider-beto' });
    await must(t, 'takeout.create', waiting);
    await waitUntil(() => eventsOf(got).some((e) => e.type === 'takeout.created' && e.takeout.id === waiting.takeoutId), 5000, 'the waiting order');
    await must(t, 'takeout.assignRider', { takeoutId: waiting.takeoutId, riderId: 'rider-beto' });
    await waitUntil(() => eventsOf(got).some((e) => e.type === 'takeout.filed' && e.takeout.id === waiting.takeoutId), 5000, 'its removal');
    const seen = eventsOf(got).filter((e): e is Extract<DomainEvent, { takeout: unknown }> => e.type.startsWith('takeout.'));
    // Beto's was waiting when made (so Ana saw it then); once his, it reaches her only as its removal.
    expect(seen.some((e) => e.takeout.id === betos.takeoutId && e.takeout.riderId === 'rider-beto' && e.type !== 'takeout.filed')).toBe(false);
    expect(seen.find((e) => e.takeout.id === betos.takeoutId && e.type === 'takeout.filed')?.takeout).toMatchObject({ customer: { phone: '' }, delivery: null });
    const removal = seen.find((e) => e.type === 'takeout.filed' && e.takeout.id === waiting.takeoutId);
    expect(removal?.takeout).toMatchObject({ customer: { phone: '' }, delivery: null });
  });

  /** The replica a device builds: its snapshot, then every change after it. */
  function fold(got: readonly Received[]): State {
    let state: State | null = null;
    let seq = 0;
    for (const r of got) {
      if (r.event === 'snapshot') [state, seq] = [r.data.state, r.data.seq];
      for (const c of r.event === 'change' ? [r.data] : r.event === 'changes' ? r.data : []) {
        if (state && c.seq > seq) [state, seq] = [applyAll(state, c.events), c.seq];
      }
    }
    if (!state) throw new Error('no snapshot');
    return state;
  }

  it.each(['ana', 'waiter', 'cashier'] as const)('the %s device’s replica, folded from what it received, is what the hub shows it now', async (who) => {
    const socket = connectDevice(t.url, { deviceId: `dev-${who}-fold`, cookie: t.cookies[who], autoConnect: false });
    sockets.push(socket);
    const got = recordMessages(socket);
    socket.connect();
    await whenConnected(socket);
    await waitUntil(() => got.some((r) => r.event === 'snapshot'), 5000, 'the snapshot');
    const waiting = takeoutPayload(0);
    const counter = takeoutPayload(1);
    const web = await intake();
    for (const p of [waiting, counter]) await must(t, 'takeout.create', p);
    await must(t, 'takeout.accept', { takeoutId: web.takeoutId });
    await must(t, 'takeout.assignRider', { takeoutId: waiting.takeoutId, riderId: 'rider-beto' });
    await must(t, 'takeout.assignRider', { takeoutId: web.takeoutId, riderId: 'rider-ana' });
    await must(t, 'takeout.pickedUp', { takeoutId: web.takeoutId });
    await must(t, 'takeout.delivered', { takeoutId: web.takeoutId, collectedCents: 10_000 });
    await must(t, 'takeout.close', { takeoutId: web.takeoutId });
    await must(t, 'order.settle', { orderId: counter.orderId, payments: [{ method: 'cash', amountCents: 100_000 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    const last = t.hub.engine.seq;
    await waitUntil(() => got.some((r) => (r.event === 'change' ? [r.data] : r.event === 'changes' ? r.data : []).some((c) => c.seq === last)), 5000, 'the last change');
    const shown = presentState(t.hub.engine.state, viewerOf(t.hub.engine.state, `${who === 'ana' ? 'rider-ana' : who === 'waiter' ? 'waiter-1' : 'cashier-1'}`));
    const replica = fold(got);
    expect(replica.takeouts).toEqual(shown.takeouts);
    expect(Object.keys(replica.orders).sort()).toEqual(Object.keys(shown.orders).sort());
  });
});
