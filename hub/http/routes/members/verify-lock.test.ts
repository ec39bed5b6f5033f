import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType } from '#protocol';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { MAX_FAILURES } from '#hub/engine/verify-guard.ts';
import { command, connectDevice, NO_CUSTOMER, postCommand, sendCommand, signedIn, startTestHub, whenConnected, type DeviceSocket, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * A till guessing a member's verification (the last 4 digits of their phone) through the real
 * hub: after MAX_FAILURES wrong tries for that member, every attach of them is refused with
 * MEMBER_VERIFY_LOCKED, the right digits too and from another till, and nothing changes; a burst
 * of guesses sent at once over a real socket gets no more tries; another member attaches as usual.
 */
let t: TestHub;
const sockets: DeviceSocket[] = [];
let n = 0;

async function ok<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`${type} refused: ${r.body.code}`);
}

async function till(staff: (typeof DEMO_STAFF)[number]): Promise<DeviceSocket> {
  const deviceId = `till-lock-${staff.code}-${++n}`;
  const s = connectDevice(t.url, { deviceId, cookie: await signedIn(t.url, staff.code, staff.pin, deviceId) });
  sockets.push(s);
  await whenConnected(s);
  return s;
}

async function member(): Promise<{ memberId: string; right: string; wrong: string[] }> {
  const memberId = randomUUID();
  const phone = `9${String(70_000_000 + ++n)}`;
  await ok('member.register', { memberId, phone, lastName: 'Candado', name: 'Ana', gender: 2, regMethod: 1, docId: String(30_000_000 + n) });
  const right = phone.slice(-4);
  const wrong = Array.from({ length: 40 }, (_, i) => String((Number(right) + 1 + i) % 10_000).padStart(4, '0'));
  return { memberId, right, wrong };
}

async function openOrder(): Promise<string> {
  const tableId = `t-lock${++n}`;
  await ok('table.save', { id: tableId, areaId: 'area-salon', name: `K${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 700 + n });
  const orderId = randomUUID();
  await ok('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  return orderId;
}

const attach = (s: DeviceSocket, orderId: string, memberId: string, verify: string) => sendCommand(s, command('order.attachMember', { orderId, memberId, verify }));
const codeOf = (r: { ok: boolean; code?: string }) => (r.ok ? 'ok' : r.code);

beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe('guessing a member\'s verification', () => {
  it(`${MAX_FAILURES} wrong tries, then MEMBER_VERIFY_LOCKED for everyone, the right digits too; nothing changes`, async () => {
    const [a, b] = [await till(DEMO_STAFF[0]!), await till(DEMO_STAFF[1]!)];
    const m = await member();
    const orderId = await openOrder();
    const replies = [];
    for (const guess of m.wrong.slice(0, MAX_FAILURES + 2)) replies.push(codeOf(await attach(a, orderId, m.memberId, guess)));
    expect(replies).toEqual([...Array<string>(MAX_FAILURES).fill('MEMBER_VERIFY_FAILED'), 'MEMBER_VERIFY_LOCKED', 'MEMBER_VERIFY_LOCKED']);
    const seq = t.hub.engine.seq;
    // Another person on another till, with the right digits: still locked, and the order has no member.
    expect(codeOf(await attach(b, orderId, m.memberId, m.right))).toBe('MEMBER_VERIFY_LOCKED');
    expect(t.hub.engine.seq).toBe(seq);
    expect(t.hub.engine.state.orders[orderId]!.member ?? null).toBeNull();
    // Another member is not touched.
    const other = await member();
    expect(codeOf(await attach(b, orderId, other.memberId, other.right))).toBe('ok');
  });

  it('40 guesses sent at once over a socket: at most MAX_FAILURES reach the rules', async () => {
    const a = await till(DEMO_STAFF[0]!);
    const m = await member();
    const orderId = await openOrder();
    const replies = (await Promise.all(m.wrong.map((guess) => attach(a, orderId, m.memberId, guess)))).map(codeOf);
    expect(replies.filter((c) => c === 'MEMBER_VERIFY_FAILED')).toHaveLength(MAX_FAILURES);
    expect(replies.filter((c) => c === 'MEMBER_VERIFY_LOCKED')).toHaveLength(m.wrong.length - MAX_FAILURES);
  });

  it('right digits are never counted: a member attached and detached many times stays attachable', async () => {
    const a = await till(DEMO_STAFF[0]!);
    const m = await member();
    const orderId = await openOrder();
    for (let i = 0; i < MAX_FAILURES + 3; i++) {
      expect(codeOf(await attach(a, orderId, m.memberId, m.right))).toBe('ok');
      expect(codeOf(await sendCommand(a, command('order.detachMember', { orderId })))).toBe('ok');
    }
  });
});
