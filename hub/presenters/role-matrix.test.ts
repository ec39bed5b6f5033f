import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { applyAll, emptyState } from '#domain';
import type { Change, CommandPayload, CommandType, JobBoard, Snapshot, State } from '#protocol';
import { PROTOCOL_VERSION, ROLE_PRESETS, SOCKET_EVENTS } from '#protocol';
import { makeFailedJob } from '#hub/jobs/test-helpers.ts';
import { demoPick } from '#hub/jobs/printing/test-orders.ts';
import {
  command,
  connectDevice,
  getJson,
  postCommand,
  recordMessages,
  signedIn,
  startTestHub,
  waitUntil,
  type DeviceOptions,
  type DeviceSocket,
  type Received,
  type TestHub,
} from '#hub/testing/test-hub.ts';
import { withoutAmounts } from './amounts.ts';
import { currentView, presentChange, presentState, snapshotFor, viewerOf } from './index.ts';

/**
 * The role x slice matrix over the real hub: what an owner, a manager, a
 * cashier, a waiter and a kitchen device receive in their snapshot, in each
 * live change and from GET /api/state, with real sockets and real sessions.
 */

const ROLES = ['owner', 'manager', 'cashier', 'waiter', 'kitchen'] as const;
type Role = (typeof ROLES)[number];
const [owner, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const STAFF_ID: Record<Role, string> = { owner: owner.id, manager: 'staff-m', cashier: cashier.id, waiter: waiter.id, kitchen: 'staff-k' };

let t: TestHub;
const cookies = {} as Record<Role, string>;
const open: DeviceSocket[] = [];

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  expect(r.body, type).toMatchObject({ ok: true });
}

/** An alert as the hub raises it after wrong PINs (an internal command, recorded by the hub itself). */
async function raiseAlert(id: string): Promise<void> {
  const reply = await t.hub.engine.submit(
    hubCommand('security.raiseAlert', { id, scope: 'device', staffId: waiter.id, deviceId: 'phone-7', failures: 9, lockedSeconds: 60 }, 'hub', new Date()),
    { staffId: null, deviceId: 'hub' },
  );
  expect(reply.ok).toBe(true);
}

function device(role: Role, opts: DeviceOptions = {}): { socket: DeviceSocket; got: Received[] } {
  const socket = connectDevice(t.url, { cookie: cookies[role], autoConnect: false, ...opts });
  const got = recordMessages(socket);
  socket.connect();
  open.push(socket);
  return { socket, got };
}

/** The replica a device builds from what it received: the last snapshot, then every change after it in seq order. */
function fold(got: readonly Received[]): { snap: Snapshot; state: State; seq: number; seqs: number[] } {
  let snap: Snapshot | null = null;
  let state = emptyState();
  let seq = 0;
  const seqs: number[] = [];
  const take = (c: Change) => {
    if (c.seq <= seq) return;
    expect(c.seq, 'no gap').toBe(seq + 1);
    state = applyAll(state, c.events);
    seq = c.seq;
    seqs.push(c.seq);
  };
  for (const r of got) {
    if (r.event === 'snapshot') {
      snap = r.data;
      state = r.data.state;
      seq = r.data.seq;
    } else if (r.event === 'change') take(r.data);
    else r.data.forEach(take);
  }
  if (!snap) throw new Error('no snapshot');
  return { snap, state, seq, seqs };
}

const stateOf = async (role: Role) => (await getJson<Snapshot>(t.url, '/api/state', { cookie: cookies[role] })).body;

beforeAll(async () => {
  t = await startTestHub();
  cookies.owner = t.cookie;
  cookies.cashier = await signedIn(t.url, cashier.code, cashier.pin, 'till-2');
  cookies.waiter = await signedIn(t.url, waiter.code, waiter.pin, 'phone-3');
  for (const [role, code] of [['manager', '41'], ['kitchen', '42']] as const) {
    await asOwner('staff.save', { id: STAFF_ID[role], name: `Persona ${role}`, code, roleId: role });
    const pin = await fetch(new URL(`/api/staff/${STAFF_ID[role]}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: '4242' }) });
    expect(pin.status).toBe(200);
    cookies[role] = await signedIn(t.url, code, '4242', `device-${role}`);
  }
  await raiseAlert('alert-1');
  await asOwner('settings.save', { ruc: '', idleLockMinutes: 5, hostNames: ['caja.lan'] });
  await asOwner('product.adjustStock', { productId: 'p-407', op: 'add', qty: 6, reason: 'compra del lunes' });
  // A dish saved: its times go only to those who manage goods (folded below for every role).
  await asOwner('product.save', { id: 'p-nuevo', code: '999', names: { es: 'Plato nuevo', en: 'New dish', zh: '新菜' }, categoryId: 'cat-bebidas', priceCents: 1500, sort: 99 });
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t?.close();
});

describe('presenters: each role receives what it may see (real sockets, GET /api/state)', () => {
  it('shapes the snapshot per role: alerts, roles, others\' flags, host names, jobs', async () => {
    const devices = Object.fromEntries(ROLES.map((r) => [r, device(r)])) as Record<Role, ReturnType<typeof device>>;
    await waitUntil(() => ROLES.every((r) => devices[r].got.length > 0), 5000, 'snapshots');
    const snap = Object.fromEntries(ROLES.map((r) => [r, fold(devices[r].got).snap.state])) as Record<Role, State>;
    const full = t.hub.engine.state;
    // What the hub holds: the matrix below is about what leaves it.
    expect(Object.keys(full.alerts)).toHaveLength(1);

    const row = (s: State) => ({
      alerts: Object.keys(s.alerts).length,
      roles: Object.keys(s.roles).sort(),
      hostNames: s.settings.hostNames,
      othersWithPin: Object.values(s.staff).filter((p) => p.hasPin).length,
      people: Object.keys(s.staff).length,
    });
    const allRoles = Object.keys(full.roles).sort();
    const people = Object.keys(full.staff).length;
    expect(Object.fromEntries(ROLES.map((r) => [r, row(snap[r])]))).toEqual({
      owner: { alerts: 1, roles: allRoles, hostNames: ['caja.lan'], othersWithPin: people, people },
      manager: { alerts: 1, roles: allRoles, hostNames: ['caja.lan'], othersWithPin: people, people },
      // Those who do not manage staff: their own role only, names and numbers of the others, their own flags.
      cashier: { alerts: 0, roles: ['cashier'], hostNames: [], othersWithPin: 1, people },
      waiter: { alerts: 0, roles: ['waiter'], hostNames: [], othersWithPin: 1, people },
      kitchen: { alerts: 0, roles: ['kitchen'], hostNames: [], othersWithPin: 1, people },
    });
    // The own role carries the aliases the device gates its menu with.
    expect(snap.waiter.roles.waiter?.aliases).toEqual([...ROLE_PRESETS.waiter]);
    expect(snap.waiter.staff[waiter.id]).toEqual(full.staff[waiter.id]);
    expect(snap.waiter.staff[owner.id]).toEqual({ id: owner.id, name: owner.name, code: owner.code, roleId: 'owner', disabled: false, hasPin: false, hasPassword: false });
    // The live working set is the same for everyone; when a dish was created and changed, only those who manage goods;
    // the kitchen gets it without amounts (amounts.test.ts).
    const goodsRoles: readonly Role[] = ['owner', 'manager'];
    for (const r of ROLES) {
      const working = {
        products: goodsRoles.includes(r) ? full.products : Object.fromEntries(Object.entries(full.products).map(([id, p]) => [id, { ...p, createdAt: '', modifiedAt: '' }])),
        tables: full.tables,
        orders: full.orders,
        menu: full.menuSettings,
      };
      expect({ products: snap[r].products, tables: snap[r].tables, orders: snap[r].orders, menu: snap[r].menuSettings }).toEqual(r === 'kitchen' ? withoutAmounts(working) : working);
      // GET /api/state answers the same shape as the socket.
      const viaHttp = await stateOf(r);
      expect(viaHttp.state).toEqual(snap[r]);
      expect(viaHttp.view).toBe(currentView(full, STAFF_ID[r]));
      // Serialized, a waiter's copy names no device of an alert and no host name.
      if (r !== 'owner' && r !== 'manager') expect(JSON.stringify(viaHttp)).not.toMatch(/phone-7|caja\.lan|compra del lunes/);
    }

    // Live: every role sees every seq; what it may not see arrives as a change without events.
    await raiseAlert('alert-2');
    await asOwner('product.adjustStock', { productId: 'p-407', op: 'remove', qty: 2, reason: 'merma' });
    const orderId = crypto.randomUUID();
    await asOwner('table.open', { tableId: 't-s1', orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
    await asOwner('staff.save', { id: `${STAFF_ID.kitchen}-2`, name: 'Pedro', code: '43', roleId: 'kitchen' });
    // (A new secret ends that person's sessions: it is given to someone not signed in here.)
    const pin = await fetch(new URL(`/api/staff/${STAFF_ID.kitchen}-2/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ password: 'una clave larga' }) });
    expect(pin.status).toBe(200);
    await asOwner('security.dismissAlert', { alertId: 'alert-1' });
    const seq = t.hub.engine.seq;
    await waitUntil(() => ROLES.every((r) => fold(devices[r].got).seq === seq), 5000, 'every change');

    const changeAt = (r: Role, s: number) =>
      devices[r].got.flatMap((m) => (m.event === 'change' ? [m.data] : m.event === 'changes' ? m.data : [])).find((c) => c.seq === s)!;
    const first = fold(devices.owner.got).snap.seq + 1;
    const types = (r: Role, s: number) => changeAt(r, s).events.map((e) => e.type);
    // seq first: alert-2; +1: stock (the count for all, who and why on demand); +2: table; +3: a new person; +4: their password noted; +5: alert-1 dismissed.
    expect(Object.fromEntries(ROLES.map((r) => [r, [0, 1, 2, 3, 4, 5].map((i) => types(r, first + i))]))).toEqual({
      owner: [['security.alertRaised'], ['product.stockChanged'], ['table.opened'], ['staff.saved'], ['staff.credentialsNoted'], ['security.alertDismissed']],
      manager: [['security.alertRaised'], ['product.stockChanged'], ['table.opened'], ['staff.saved'], ['staff.credentialsNoted'], ['security.alertDismissed']],
      cashier: [[], ['product.stockChanged'], ['table.opened'], ['staff.saved'], [], []],
      waiter: [[], ['product.stockChanged'], ['table.opened'], ['staff.saved'], [], []],
      kitchen: [[], ['product.stockChanged'], ['table.opened'], ['staff.saved'], [], []],
    });
    for (const r of ROLES) {
      const f = fold(devices[r].got);
      // Every seq arrived (gaps stay detectable), and the folded copy is what GET /api/state says now.
      expect(f.seqs).toEqual(Array.from({ length: seq - f.snap.seq }, (_, i) => f.snap.seq + 1 + i));
      expect(f.state).toEqual((await stateOf(r)).state);
      expect(f.state).toEqual(snapshotFor(t.hub.engine, STAFF_ID[r]).state);
    }
    expect(changeAt('waiter', first).commandId).toBe(changeAt('owner', first).commandId);
  });

  it('sends a fresh snapshot when a role changes: a waiter given the staff alias receives the alerts', async () => {
    const { got } = device('waiter');
    await waitUntil(() => got.length > 0, 5000, 'snapshot');
    expect(fold(got).snap.state.alerts).toEqual({});
    await asOwner('role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter, 'staff'] });
    await waitUntil(() => got.length > 1, 5000, 'the role change');
    const last = got.at(-1)!;
    expect(last.event).toBe('snapshot');
    if (last.event !== 'snapshot') return;
    expect(last.data.seq).toBe(t.hub.engine.seq);
    expect(Object.keys(last.data.state.alerts).length).toBeGreaterThan(0);
    expect(Object.keys(last.data.state.roles).length).toBeGreaterThan(1);
    expect(last.data.view).toBe(currentView(t.hub.engine.state, waiter.id));
    // And back: the alerts leave the waiter's copy with the next snapshot.
    await asOwner('role.save', { id: 'waiter', name: '', aliases: [...ROLE_PRESETS.waiter] });
    await waitUntil(() => got.length > 2, 5000, 'the role change back');
    const back = got.at(-1)!;
    expect(back.event === 'snapshot' && Object.keys(back.data.state.alerts)).toEqual([]);
  });

  it('a device whose copy was shaped for someone else (a user switch) gets a snapshot, not the missed changes', async () => {
    const engine = t.hub.engine;
    const ownersView = currentView(engine.state, owner.id);
    // The till was the owner's; now the waiter signed in on it and the socket shakes hands again.
    const switched = device('waiter', { storeId: engine.storeId, lastSeq: engine.seq - 2, auth: { deviceId: 'till-9', protocolVersion: PROTOCOL_VERSION, storeId: engine.storeId, lastSeq: engine.seq - 2, view: ownersView } });
    const same = device('waiter', { auth: { deviceId: 'phone-9', protocolVersion: PROTOCOL_VERSION, storeId: engine.storeId, lastSeq: engine.seq - 2, view: currentView(engine.state, waiter.id) } });
    await waitUntil(() => switched.got.length > 0 && same.got.length > 0, 5000, 'catch-ups');
    expect(switched.got.map((m) => m.event)).toEqual(['snapshot']);
    expect(switched.got[0]!.event === 'snapshot' && switched.got[0]!.data.state.alerts).toEqual({});
    expect(same.got.map((m) => m.event)).toEqual(['changes']);
    // A resume naming another view is answered with a snapshot too.
    switched.socket.emit('resume', { storeId: engine.storeId, lastSeq: engine.seq, view: ownersView });
    await waitUntil(() => switched.got.length > 1, 5000, 'resume');
    expect(switched.got[1]!.event).toBe('snapshot');
  });

  it('folding each presented change into the presented state gives the presented state after it, for every role', () => {
    const engine = t.hub.engine;
    const changes = engine.changesSince(0);
    if (!changes) throw new Error('the change buffer should reach back to the start of this hub');
    let state = emptyState();
    const states = [state];
    for (const c of changes) states.push((state = applyAll(state, c.events)));
    expect(state).toEqual(engine.state);
    for (const r of ROLES) {
      const viewer = viewerOf(engine.state, STAFF_ID[r]);
      changes.forEach((c, i) => {
        const folded = applyAll(presentState(states[i]!, viewer), presentChange(c, viewer).events);
        expect(folded, `${r} at seq ${c.seq}`).toEqual(presentState(states[i + 1]!, viewer));
      });
    }
  });
});

describe('jobs leave no document on a device (issue 20): a waiter gets the board\'s counts only', () => {
  it('a waiter\'s and a kitchen device\'s socket carry no job, no job event and no ticket or receipt paper; the owner\'s board lists the stuck job', async () => {
    const boards = {} as Record<Role, JobBoard[]>;
    const devices = Object.fromEntries(
      ROLES.map((r) => {
        const d = device(r);
        boards[r] = [];
        d.socket.on(SOCKET_EVENTS.jobBoard, (b) => boards[r].push(b));
        return [r, d];
      }),
    ) as Record<Role, ReturnType<typeof device>>;
    await waitUntil(() => ROLES.every((r) => devices[r].got.length > 0 && boards[r].length > 0), 5000, 'snapshots and boards at connect');
    // A kitchen ticket, a pre-bill (paper with amounts) and a stuck job, made while every device listens.
    const orderId = crypto.randomUUID();
    const { tableId, productId } = demoPick(t.hub.engine.state, 3);
    await asOwner('table.open', { tableId, orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
    await asOwner('order.addLines', { orderId, lines: [{ lineId: crypto.randomUUID(), productId, qty: 2, remark: '' }] });
    await asOwner('order.send', { orderId });
    await asOwner('order.prebill', { orderId });
    const stuckId = await makeFailedJob(t.hub.engine);
    const seq = t.hub.engine.seq;
    await waitUntil(() => ROLES.every((r) => fold(devices[r].got).seq === seq), 5000, 'every change');
    await waitUntil(() => boards.owner.at(-1)?.stuck.some((s) => s.id === stuckId) === true, 5000, 'the owner\'s board with the stuck job');
    await waitUntil(() => ROLES.every((r) => boards[r].at(-1)?.stuckTotal === boards.owner.at(-1)?.stuckTotal), 5000, 'every board caught up');

    for (const r of ROLES) {
      const all = JSON.stringify(devices[r].got);
      const f = fold(devices[r].got);
      // No jobs slice, no job event, no paper (a print document's blocks: the ticket, the pre-bill) in anything received.
      expect(Object.hasOwn(f.snap.state, 'jobs'), r).toBe(false);
      expect(all, r).not.toMatch(/"type":"job\.|"blocks"|"payload":\{"printerId"/);
      expect(JSON.stringify(boards[r]), r).not.toMatch(/"blocks"|"document"|Cents/);
      const last = boards[r].at(-1)!;
      if (r === 'owner' || r === 'manager') expect(last.stuck.map((s) => s.id), r).toContain(stuckId);
      else expect(last.stuck, r).toEqual([]);
      // The counts are the same for everyone.
      expect(last.totals, r).toEqual(boards.owner.at(-1)!.totals);
    }
    // GET /api/state: the same, for the waiter.
    const viaHttp = JSON.stringify((await stateOf('waiter')).state);
    expect(viaHttp).not.toMatch(/"jobs"|"blocks"/);
  });
});
