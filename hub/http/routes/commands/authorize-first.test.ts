import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAliases } from '#domain';
import type { CommandReply, CommandType } from '#protocol';
import { COMMAND_ALIAS, COMMAND_TYPES, INTERNAL } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { command, connectDevice, postCommand, sendCommand, signedIn, startTestHub, whenConnected, type DeviceSocket, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Issue 19 item 9: a command is authorized before its payload is read. For
 * EVERY command type, a role without its gate that sends an empty, missing or
 * garbage payload hears FORBIDDEN (with the gate), never REQUIRED_FIELD or
 * INCORRECT_INPUT naming a field it may not send; over POST /api/commands and
 * over a real socket. Nothing is recorded. A bogus approval token does not
 * open the payload either (APPROVAL_INVALID before any field is named).
 */

let t: TestHub;
let emptyCookie = '';
let waiterCookie = '';
const waiter = DEMO_STAFF[2]!;
const NOBODY = { id: 'staff-no-aliases', code: '77', pin: '7777' };

const GARBAGE: unknown[] = [undefined, {}, null, 'x', [], { orderId: '__proto__', lineId: '' }, { __proto__: { admin: true } }];

beforeAll(async () => {
  t = await startTestHub({ jobRunners: [] });
  const ok = async (type: CommandType, payload: unknown) => {
    const r = await postCommand(t.url, { ...command(type, payload as never) });
    if (!r.body.ok) throw new Error(`setup ${type}: ${r.body.code}`);
  };
  await ok('role.save', { id: 'role-nothing', name: 'Nada', aliases: [] });
  await ok('staff.save', { id: NOBODY.id, name: 'Sin Permisos', code: NOBODY.code, roleId: 'role-nothing' });
  const res = await fetch(new URL(`/api/staff/${NOBODY.id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ pin: NOBODY.pin }) });
  expect(res.status).toBe(200);
  emptyCookie = await signedIn(t.url, NOBODY.code, NOBODY.pin, 'nobody-phone');
  waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
});
afterAll(async () => {
  await t?.close();
});

/** What this role may not send: every type for the role without aliases; the waiter's missing gates. */
function forbiddenTypes(roleId: string): CommandType[] {
  const held = roleAliases(t.hub.engine.state, roleId);
  return COMMAND_TYPES.filter((type) => {
    const gate = COMMAND_ALIAS[type];
    return gate === INTERNAL || !held.has(gate);
  });
}

function expectForbidden(reply: CommandReply, type: CommandType, what: string): void {
  const gate = COMMAND_ALIAS[type];
  expect(reply, what).toEqual({ ok: false, code: 'FORBIDDEN', message: gate === INTERNAL ? type : gate });
}

describe('authorized before validated', () => {
  it('the role without aliases covers every command type', () => {
    expect(forbiddenTypes('role-nothing')).toEqual([...COMMAND_TYPES]);
    expect(forbiddenTypes('waiter').length).toBeGreaterThan(50);
  });

  it.each([
    ['a role without any alias', () => emptyCookie, 'role-nothing'],
    ['a waiter', () => waiterCookie, 'waiter'],
  ])('%s gets FORBIDDEN for every type it lacks, whatever the payload, over HTTP', async (_who, cookie, roleId) => {
    const before = t.hub.engine.seq;
    for (const type of forbiddenTypes(roleId)) {
      for (const payload of GARBAGE) {
        const envelope = { ...command(type, payload as never), payload };
        const r = await postCommand(t.url, envelope, {}, { cookie: cookie() });
        expect(r.status, `${type} ${JSON.stringify(payload)}`).toBe(403);
        expectForbidden(r.body, type, `${type} ${JSON.stringify(payload)}`);
      }
    }
    expect(t.hub.engine.seq).toBe(before);
  });

  it.each([
    ['a role without any alias', () => emptyCookie, 'role-nothing'],
    ['a waiter', () => waiterCookie, 'waiter'],
  ])('%s gets FORBIDDEN for every type it lacks over a real socket', async (_who, cookie, roleId) => {
    const socket: DeviceSocket = connectDevice(t.url, { cookie: cookie() });
    try {
      await whenConnected(socket);
      const before = t.hub.engine.seq;
      for (const type of forbiddenTypes(roleId)) {
        for (const payload of [undefined, {}, 'x']) expectForbidden(await sendCommand(socket, { ...command(type, payload as never), payload }), type, `${type} ${String(payload)}`);
      }
      expect(t.hub.engine.seq).toBe(before);
    } finally {
      socket.close();
    }
  });

  it('the four commands of the issue, by name', async () => {
    for (const type of ['job.retry', 'export.run', 'fiscal.saveSettings', 'einvoice.summarize'] as const) {
      const r = await postCommand(t.url, { ...command(type, {} as never), payload: {} }, {}, { cookie: waiterCookie });
      expect(r.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
  });

  it('a made-up approval token on an approvable command is refused before the payload is read', async () => {
    for (const type of ['order.giftLine', 'order.cancelLine', 'order.withdraw', 'order.setDiscount', 'order.setLineDiscount', 'account.writeOff'] as const) {
      for (const payload of [undefined, {}, 'x']) {
        const r = await postCommand(t.url, { ...command(type, payload as never), payload, approval: 'made-up' }, {}, { cookie: emptyCookie });
        expect(r.body, `${type} ${String(payload)}`).toEqual({ ok: false, code: 'APPROVAL_INVALID', message: 'unknown' });
      }
    }
  });

  it('the HTTP routes too: a waiter setting someone\'s PIN with a garbage body hears FORBIDDEN, not the body\'s rules', async () => {
    for (const body of ['{}', '{"pin":"x"}', '[]', '"x"']) {
      const res = await fetch(new URL(`/api/staff/${NOBODY.id}/credentials`, t.url), { method: 'PUT', headers: { 'content-type': 'application/json', cookie: waiterCookie }, body });
      expect([res.status, ((await res.json()) as { code: string }).code], body).toEqual([403, 'FORBIDDEN']);
    }
  });

  it('a role that holds the gate still hears which field is wrong', async () => {
    const r = await postCommand(t.url, { ...command('order.send', {} as never), payload: {} }, {}, { cookie: waiterCookie });
    expect(r.body).toEqual({ ok: false, code: 'REQUIRED_FIELD', message: 'orderId' });
  });

  it('a resend of an answered command id gets its first answer, whatever payload it carries now', async () => {
    const first = command('restaurant.rename', { name: 'Casa Resend' });
    const reply = await postCommand(t.url, first);
    expect(reply.body).toMatchObject({ ok: true });
    const again = await postCommand(t.url, { ...first, payload: {} }, {}, { cookie: waiterCookie });
    expect(again.body).toMatchObject({ ok: true, seq: (reply.body as { seq: number }).seq });
  });
});
