import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInKeys } from '#hub/auth/attempt-keys.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { ApprovalGrant, ApproversPage, Command, CommandPayload, CommandType } from '#protocol';
import { APPROVAL_TTL_MS, ROLE_PRESETS } from '#protocol';
import {
  command,
  connectDevice,
  getJson,
  NO_CUSTOMER,
  postCommand,
  sendCommand,
  waitUntil,
  whenConnected,
  startTestHub,
  type TestHub,
} from '#hub/testing/test-hub.ts';
import { byCode, postFrom, type Answer } from '../auth/from-address.ts';

/**
 * Manager approval on the same device, through the real hub: the waiter's
 * phone asks POST /api/approval with the manager's PIN for a new command id,
 * then sends that command with the token. Every attack of the issue is a
 * case here: reuse, another command, expiry, self-approval, a waiter's
 * approval, forged approvers, brute force (parallel too), a role changed in between.
 */

let t: TestHub;
/** The hub's clock runs this far ahead of the real one (to expire tokens). */
let skew = 0;
const [, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const MANAGER = { id: 'staff-approval-manager', code: '40', pin: '4040', name: 'Marco Gerente' };
const MANAGER2 = { id: 'staff-approval-manager2', code: '41', pin: '4141', name: 'Mara Gerente' };
const WAITER2 = { id: 'staff-approval-waiter2', code: '42', pin: '4242', name: 'Walter Mozo' };
/** Cookies of the waiter's phone (the demo waiter signed in there) and of a second waiter's phone. */
let phone = '';
let phone2 = '';
let n = 0;

async function asOwner<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`setup ${type} refused: ${r.body.code} ${r.body.message ?? ''}`);
}

async function person(p: typeof MANAGER, roleId: string): Promise<void> {
  await asOwner('staff.save', { id: p.id, name: p.name, code: p.code, roleId });
  const res = await fetch(new URL(`/api/staff/${p.id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: p.pin }) });
  expect(res.status).toBe(200);
}

/** A table with a sent line of two portions: what a gift needs. */
async function sentLine(): Promise<{ orderId: string; lineId: string }> {
  const tableId = `t-ap${++n}`;
  const orderId = randomUUID();
  const lineId = randomUUID();
  await asOwner('table.save', { id: tableId, areaId: 'area-salon', name: `AP${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 300 + n });
  await asOwner('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await asOwner('order.addLines', { orderId, lines: [{ lineId, productId: 'p-101', qty: 2, remark: '' }] });
  await asOwner('order.send', { orderId });
  return { orderId, lineId };
}

const gift = async (over: Partial<Command> = {}): Promise<Command> => {
  const { orderId, lineId } = await sentLine();
  return { ...command('order.giftLine', { orderId, lineId, qty: 1, reason: 'Cumpleaños' }, { deviceId: 'ignored' }), ...over } as Command;
};

/** A well-formed gift payload, for asks that never reach a command. */
const GIFT = { orderId: randomUUID(), lineId: randomUUID(), qty: 1, reason: 'Cumpleaños' };
const ask = (cookie: string, body: Record<string, unknown>, localAddress?: string): Promise<Answer> => postFrom(t.url, '/api/approval', body, { cookie, ...(localAddress ? { localAddress } : {}) });
/** Asks the manager's approval for exactly this command (its id, type and payload: what the dialog shows). */
async function grant(cookie: string, cmd: Pick<Command, 'id' | 'type' | 'payload'>, who = MANAGER): Promise<ApprovalGrant> {
  const asked = JSON.stringify({ staffId: who.id, pin: who.pin, commandId: cmd.id, type: cmd.type, payload: cmd.payload });
  const res = await fetch(new URL('/api/approval', t.url), { method: 'POST', headers: { "content-type": "application/json", cookie }, body: asked });
  const body = (await res.json()) as ApprovalGrant;
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}
const send = (cmd: Command, approval?: string, cookie = phone) => postCommand(t.url, approval === undefined ? cmd : { ...cmd, approval }, {}, { cookie });

beforeAll(async () => {
  // No job runners: the kitchen tickets the setup causes stay pending, so the log stands still while a test counts it.
  t = await startTestHub({ clock: () => new Date(Date.now() + skew), jobRunners: [] });
  await person(MANAGER, 'manager');
  await person(MANAGER2, 'manager');
  await person(WAITER2, 'waiter');
  phone = (await postFrom(t.url, '/api/auth/signin', { identifier: waiter.code, secret: waiter.pin, deviceId: 'waiter-phone' })).cookie;
  phone2 = (await postFrom(t.url, '/api/auth/signin', { identifier: WAITER2.code, secret: WAITER2.pin, deviceId: 'waiter2-phone' })).cookie;
});
afterAll(async () => {
  await t?.close();
});

describe('the way it is meant', () => {
  it('a waiter gifts a dish: refused FORBIDDEN gift, the manager types the PIN on the waiter\'s phone, the new command goes through; the log and activity name both', async () => {
    const first = await gift();
    expect((await send(first)).body).toEqual({ ok: false, code: 'FORBIDDEN', message: 'gift' });
    const list = await getJson<ApproversPage>(t.url, '/api/approval/approvers?type=order.giftLine', { cookie: phone });
    expect(list.body.approvers.map((a) => a.id)).toEqual(expect.arrayContaining([MANAGER.id, cashier.id]));
    expect(list.body.approvers.map((a) => a.id)).not.toContain(waiter.id);

    const retry = { ...first, id: randomUUID() } as Command;
    const g = await grant(phone, retry);
    expect(g).toMatchObject({ ok: true, approver: { id: MANAGER.id, name: MANAGER.name } });
    expect(Date.parse(g.expiresAt) - (Date.now() + skew)).toBeLessThanOrEqual(APPROVAL_TTL_MS);
    const reply = await send(retry, g.token);
    expect(reply.body).toMatchObject({ ok: true });
    const entry = t.hub.engine.recentActivity().find((e) => e.type === 'order.giftLine' && e.staffId === waiter.id);
    expect(entry).toMatchObject({ staffId: waiter.id, approvedBy: MANAGER.id, deviceId: 'waiter-phone' });
    // The token was not recorded anywhere the log keeps.
    expect(JSON.stringify(t.hub.engine.recentActivity())).not.toContain(g.token);

    // A resend of that same command id (its ack was lost) gets its first answer, not APPROVAL_INVALID.
    expect((await send(retry, g.token)).body).toMatchObject({ ok: true, seq: (reply.body as { seq: number }).seq, duplicate: true });
  });

  it('works over the socket as well', async () => {
    const cmd = await gift();
    const g = await grant(phone, cmd);
    const socket = connectDevice(t.url, { cookie: phone });
    try {
      await whenConnected(socket);
      expect(await sendCommand(socket, { ...cmd, approval: g.token })).toMatchObject({ ok: true });
    } finally {
      socket.close();
    }
  });

  it('an approval is not needed by a role that holds the gate (the cashier gifts alone)', async () => {
    const cashierTill = (await postFrom(t.url, '/api/auth/signin', { identifier: cashier.code, secret: cashier.pin, deviceId: 'cashier-till' })).cookie;
    expect((await send(await gift(), undefined, cashierTill)).body).toMatchObject({ ok: true });
  });
});

describe('attacks', () => {
  it('a token reused for a second command is refused, and changes nothing', async () => {
    const a = await gift();
    const g = await grant(phone, a);
    expect((await send(a, g.token)).body).toMatchObject({ ok: true });
    const b = await gift();
    const before = t.hub.engine.seq;
    expect((await send(b, g.token)).body).toMatchObject({ ok: false, code: 'APPROVAL_INVALID' });
    expect(t.hub.engine.seq).toBe(before);
  });

  it('a token for command A shown on command B is refused (and A\'s is spent)', async () => {
    const a = await gift();
    const b = await gift();
    const g = await grant(phone, a);
    expect((await send(b, g.token)).body).toEqual({ ok: false, code: 'APPROVAL_INVALID', message: 'otherCommand' });
    expect((await send(a, g.token)).body).toMatchObject({ ok: false, code: 'APPROVAL_INVALID' });
  });

  it('a token for one type is refused on another type with the same id', async () => {
    const a = await gift();
    const g = await grant(phone, { id: a.id, type: 'order.withdraw', payload: { orderId: (a.payload as { orderId: string }).orderId, reason: 'Se fue' } });
    expect((await send(a, g.token)).body).toMatchObject({ ok: false, code: 'APPROVAL_INVALID' });
  });

  it('an expired token is refused', async () => {
    const a = await gift();
    const g = await grant(phone, a);
    skew += APPROVAL_TTL_MS + 1_000;
    try {
      expect((await send(a, g.token)).body).toEqual({ ok: false, code: 'APPROVAL_INVALID', message: 'expired' });
    } finally {
      skew = 0;
    }
  });

  it('an approved 15 % discount cannot carry 99 % under the same token (APPROVAL_MISMATCH, nothing changes, the token is spent)', async () => {
    const till = (await postFrom(t.url, '/api/auth/signin', { identifier: cashier.code, secret: cashier.pin, deviceId: 'discount-till' })).cookie;
    const { orderId } = await sentLine();
    const fifteen = command('order.setDiscount', { orderId, discount: { kind: 'percent', percent: 15 } });
    // The cashier's own limit is 10 %: 15 % needs a manager.
    expect((await send(fifteen, undefined, till)).body).toMatchObject({ ok: false, code: 'APPROVAL_REQUIRED' });
    const approved = { ...fifteen, id: randomUUID() } as Command;
    const g = await grant(till, approved);
    const ninetyNine = { ...approved, payload: { orderId, discount: { kind: 'percent', percent: 99 } } } as Command;
    const before = t.hub.engine.seq;
    expect((await send(ninetyNine, g.token, till)).body).toEqual({ ok: false, code: 'APPROVAL_MISMATCH', message: 'otherPayload' });
    expect(t.hub.engine.seq).toBe(before);
    expect(t.hub.engine.state.orders[orderId]?.orderDiscount).toBeNull();
    // Spent: not even the approved 15 % goes through on it now.
    expect((await send(approved, g.token, till)).body).toMatchObject({ ok: false, code: 'APPROVAL_INVALID', message: 'unknown' });
    // Asked again for the 15 %, it goes through as approved.
    const again = { ...fifteen, id: randomUUID() } as Command;
    expect((await send(again, (await grant(till, again)).token, till)).body).toMatchObject({ ok: true });
  });

  it('an amount off approved on one line cannot be moved to another line, nor grow', async () => {
    const till = (await postFrom(t.url, '/api/auth/signin', { identifier: cashier.code, secret: cashier.pin, deviceId: 'discount-till' })).cookie;
    const { orderId, lineId } = await sentLine();
    const approved = command('order.setLineDiscount', { orderId, lineId, discountCents: 500 });
    for (const payload of [{ orderId, lineId, discountCents: 3000 }, { orderId, lineId: randomUUID(), discountCents: 500 }]) {
      const g = await grant(till, approved);
      expect((await send({ ...approved, payload } as Command, g.token, till)).body).toMatchObject({ ok: false, code: 'APPROVAL_MISMATCH' });
    }
  });

  it('a gift approved for one line cannot gift another line, nor more portions', async () => {
    const a = await gift();
    const other = await sentLine();
    const before = t.hub.engine.seq;
    const onOther = { ...a, payload: { ...(a.payload as object), orderId: other.orderId, lineId: other.lineId } } as Command;
    expect((await send(onOther, (await grant(phone, a)).token)).body).toEqual({ ok: false, code: 'APPROVAL_MISMATCH', message: 'otherPayload' });
    const more = { ...a, payload: { ...(a.payload as object), qty: 2 } } as Command;
    expect((await send(more, (await grant(phone, a)).token)).body).toEqual({ ok: false, code: 'APPROVAL_MISMATCH', message: 'otherPayload' });
    expect(t.hub.engine.seq).toBe(before);
    // The same payload with its keys in another order and surrounding spaces the schema trims is the same approval.
    const p = a.payload as { orderId: string; lineId: string; qty: number; reason: string };
    const reordered = { ...a, payload: { reason: ` ${p.reason} `, qty: p.qty, lineId: p.lineId, orderId: p.orderId } } as Command;
    expect((await send(reordered, (await grant(phone, a)).token)).body).toMatchObject({ ok: true });
  });

  it('an approval asked without a payload, or with one the command refuses, is refused before the PIN', async () => {
    const a = await gift();
    const base = { staffId: MANAGER.id, pin: '0000', commandId: a.id, type: a.type };
    expect(await ask(phone, base)).toMatchObject({ status: 400, code: 'INCORRECT_INPUT' });
    expect(await ask(phone, { ...base, payload: { orderId: '__proto__' } })).toMatchObject({ status: 400, code: 'INCORRECT_INPUT' });
  });

  it('a token used from another device, or by another person, is refused', async () => {
    const a = await gift();
    const g = await grant(phone, a);
    expect((await send(a, g.token, phone2)).body).toEqual({ ok: false, code: 'APPROVAL_INVALID', message: 'otherSender' });
  });

  it('a waiter approving themself is refused before any PIN is looked at', async () => {
    const a = await gift();
    const r = await ask(phone, { staffId: waiter.id, pin: waiter.pin, commandId: a.id, type: a.type });
    expect(r).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it.each<[string, string, string]>([
    ['another waiter (no gift alias)', WAITER2.id, WAITER2.pin],
    ['the cashier for a void (no cancelOrder alias)', cashier.id, cashier.pin],
    ['nobody by that id', 'ghost', '1234'],
    ['a prototype name', '__proto__', '1234'],
    ['constructor', 'constructor', '1234'],
  ])('%s does not count as an approver', async (_what, staffId, pin) => {
    const type = staffId === cashier.id ? 'order.withdraw' : 'order.giftLine';
    const r = await ask(phone, { staffId, pin, commandId: randomUUID(), type });
    expect(r).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it.each<[string, Record<string, unknown>, number, string]>([
    ['an internal command type', { staffId: MANAGER.id, pin: MANAGER.pin, commandId: randomUUID(), type: 'staff.noteSignIn' }, 400, 'INCORRECT_INPUT'],
    ['an unknown command type', { staffId: MANAGER.id, pin: MANAGER.pin, commandId: randomUUID(), type: '__proto__' }, 400, 'INCORRECT_INPUT'],
    ['a command id that is no UUID', { staffId: MANAGER.id, pin: MANAGER.pin, commandId: 'x', type: 'order.giftLine', payload: GIFT }, 400, 'INCORRECT_INPUT'],
    ['a password instead of a PIN', { staffId: MANAGER.id, pin: 'secreto1', commandId: randomUUID(), type: 'order.giftLine', payload: GIFT }, 400, 'PIN_FORMAT'],
  ])('%s is refused', async (_what, body, status, code) => {
    expect(await ask(phone, body)).toMatchObject({ status, code });
  });

  it('without a session there is no approval', async () => {
    expect(await ask('', { staffId: MANAGER.id, pin: MANAGER.pin, commandId: randomUUID(), type: 'order.giftLine', payload: GIFT })).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('a forged approver in the payload or the envelope, or a made-up token, has no effect', async () => {
    const a = await gift();
    const forged = { ...a, approver: MANAGER.id, approvedBy: MANAGER.id, payload: { ...(a.payload as object), approver: MANAGER.id } } as unknown as Command;
    const before = t.hub.engine.seq;
    expect((await send(forged)).body).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'gift' });
    expect((await send(a, 'made-up-token')).body).toMatchObject({ ok: false, code: 'APPROVAL_INVALID' });
    expect((await send(a, '__proto__')).body).toMatchObject({ ok: false, code: 'APPROVAL_INVALID' });
    expect(t.hub.engine.seq).toBe(before);
  });

  it('the approver\'s role must hold the gate when the command arrives: a manager whose role lost `gift` meanwhile does not count', async () => {
    const a = await gift();
    const g = await grant(phone, a);
    await asOwner('role.save', { id: 'manager', name: '', aliases: ROLE_PRESETS.manager.filter((x) => x !== 'gift') });
    try {
      expect((await send(a, g.token)).body).toMatchObject({ ok: false, code: 'FORBIDDEN', message: 'gift' });
    } finally {
      await asOwner('role.save', { id: 'manager', name: '', aliases: [...ROLE_PRESETS.manager] });
    }
  });

  it('200 parallel wrong approval PINs meet the throttle exactly as 200 sign-ins do; the right PIN last gets no token', async () => {
    // Two fresh phones, two managers not known on either: the same keys as a full sign-in naming them there.
    const approvalPhone = (await postFrom(t.url, '/api/auth/signin', { identifier: waiter.code, secret: waiter.pin, deviceId: 'brute-phone-a' })).cookie;
    const signInPhone = (await postFrom(t.url, '/api/auth/signin', { identifier: WAITER2.code, secret: WAITER2.pin, deviceId: 'brute-phone-b' })).cookie;
    const deviceOf = (cookieDevice: string) => t.hub.auth.devices.byId(cookieDevice)?.id ?? cookieDevice;
    const pins = Array.from({ length: 199 }, (_, i) => String(5000 + i));

    const approvalKeys = signInKeys({ kind: 'device', id: deviceOf('brute-phone-a') }, MANAGER.id, false);
    const approvals = pins.map((pin) => ask(approvalPhone, { staffId: MANAGER.id, pin, commandId: randomUUID(), type: 'order.giftLine', payload: GIFT }));
    await waitUntil(() => t.hub.auth.throttle.retryAfter(approvalKeys.check) > 0, 10_000, 'the approval lock');
    const lastApproval = await ask(approvalPhone, { staffId: MANAGER.id, pin: MANAGER.pin, commandId: randomUUID(), type: 'order.giftLine', payload: GIFT });
    const approvalTally = byCode([...(await Promise.all(approvals)), lastApproval]);

    const signInKeysB = signInKeys({ kind: 'device', id: deviceOf('brute-phone-b') }, MANAGER2.id, false);
    const signIns = pins.map((pin) => postFrom(t.url, '/api/auth/signin', { identifier: MANAGER2.code, secret: pin, deviceId: 'brute-phone-b' }, { cookie: signInPhone }));
    await waitUntil(() => t.hub.auth.throttle.retryAfter(signInKeysB.check) > 0, 10_000, 'the sign-in lock');
    const lastSignIn = await postFrom(t.url, '/api/auth/signin', { identifier: MANAGER2.code, secret: MANAGER2.pin, deviceId: 'brute-phone-b' }, { cookie: signInPhone });
    const signInTally = byCode([...(await Promise.all(signIns)), lastSignIn]);

    expect(approvalTally).toEqual({ WRONG_CREDENTIALS: 6, TOO_MANY_ATTEMPTS: 194 });
    expect(approvalTally).toEqual(signInTally);
    expect(lastApproval).toMatchObject({ status: 429, code: 'TOO_MANY_ATTEMPTS' });
    expect(lastApproval.retryAfter).toBeDefined();
    // The owner hears of it like any other lock-out.
    expect(Object.values(t.hub.engine.state.alerts).some((a) => a.staffId === MANAGER.id && a.scope === 'staff')).toBe(true);
    // A guesser slows down only themself: on the brute phone the manager waits, on another phone they approve at once.
    expect((await ask(approvalPhone, { staffId: MANAGER.id, pin: MANAGER.pin, commandId: randomUUID(), type: 'order.giftLine', payload: GIFT })).code).toBe('TOO_MANY_ATTEMPTS');
    expect((await ask(phone, { staffId: MANAGER.id, pin: MANAGER.pin, commandId: randomUUID(), type: 'order.giftLine', payload: GIFT })).code).toBe('OK');
  });
});
