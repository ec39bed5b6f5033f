import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandReply, CommandType, PaymentInput } from '#protocol';
import { couponByCode, memberById } from '#protocol';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { command, connectDevice, NO_CUSTOMER, postCommand, sendCommand, signedIn, startTestHub, whenConnected, type DeviceSocket, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Two tills at the same moment over REAL sockets to a real hub on 127.0.0.1 (issue 22): the hub
 * decides one command at a time on the state the previous one left, so
 *  - two bills spending a member's last soles: exactly one bill, the other INSUFFICIENT_BALANCE,
 *    and the balance never below zero (the ledger's sum agrees);
 *  - two orders applying one coupon: exactly one holds it; then both settling: exactly one bill
 *    uses it.
 * Each race is run several times over, the tills signed in as two people on two devices.
 */
let t: TestHub;
const sockets: DeviceSocket[] = [];
let n = 0;

async function till(staff: (typeof DEMO_STAFF)[number]): Promise<DeviceSocket> {
  const deviceId = `till-${staff.code}-${randomUUID().slice(0, 6)}`;
  const cookie = await signedIn(t.url, staff.code, staff.pin, deviceId);
  const s = connectDevice(t.url, { deviceId, cookie });
  sockets.push(s);
  await whenConnected(s);
  return s;
}

async function ok<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`${type} refused: ${r.body.code}`);
}

/** A fresh table with two portions of dish 101 sent to the kitchen; its order id and amount due. */
async function servedOrder(): Promise<{ orderId: string; due: number }> {
  const tableId = `t-mr${++n}`;
  await ok('table.save', { id: tableId, areaId: 'area-salon', name: `MR${n}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: 800 + n });
  const orderId = randomUUID();
  await ok('table.open', { tableId, orderId, people: 2, customer: NO_CUSTOMER });
  await ok('order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }], send: true });
  return { orderId, due: dueOf(orderId) };
}

/** What the order comes to now (its lines at the prices they carry: a member's VIP prices once attached). */
function dueOf(orderId: string): number {
  return t.hub.engine.state.orders[orderId]!.lines.reduce((s, l) => s + l.unitPriceCents * l.qty, 0);
}

/** A member with `balanceCents` recharged in cash; their id and the last 4 digits of the phone. */
async function memberWith(balanceCents: number): Promise<{ memberId: string; verify: string }> {
  const memberId = randomUUID();
  const phone = `9${String(10_000_000 + ++n).slice(-8)}`;
  await ok('member.register', { memberId, phone, lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: String(40_000_000 + n) });
  if (balanceCents > 0) await ok('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: balanceCents, method: 2, print: false });
  return { memberId, verify: phone.slice(-4) };
}

const memberNow = (memberId: string) => memberById(t.hub.engine.state, memberId)!;
const wins = (replies: CommandReply[]) => replies.filter((r) => r.ok).length;
const codes = (replies: CommandReply[]) => replies.flatMap((r) => (r.ok ? [] : [r.code]));
const NOTE = { kind: 'note', docId: '', name: '' } as const;

beforeAll(async () => {
  t = await startTestHub();
  if (!t.hub.engine.state.openShift) await ok('shift.open', { id: `sh-${randomUUID().slice(0, 8)}`, floatCents: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

describe("two tills spend a member's last soles at once", () => {
  it('exactly one bill; the other hears INSUFFICIENT_BALANCE; the balance never goes below zero (five times over)', async () => {
    const [tillA, tillB] = [await till(DEMO_STAFF[0]!), await till(DEMO_STAFF[1]!)];
    for (let i = 0; i < 5; i++) {
      const [served1, served2] = [await servedOrder(), await servedOrder()];
      const { memberId, verify } = await memberWith(0);
      for (const o of [served1, served2]) await ok('order.attachMember', { orderId: o.orderId, memberId, verify });
      const [a, b] = [served1, served2].map((o) => ({ orderId: o.orderId, due: dueOf(o.orderId) }));
      if (!a || !b) throw new Error('no orders');
      // Each order's whole bill (at the VIP prices) from the balance; the member holds one and a half of them: one can pay, never both.
      const spend = a.due;
      await ok('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: spend + Math.floor(spend / 2), method: 2, print: false });
      const pay = (due: number): PaymentInput[] => [{ method: 'balance', amountCents: Math.min(spend, due) }, ...(due > spend ? [{ method: 'cash' as const, amountCents: due - spend }] : [])];
      const bills = t.hub.engine.state.counters.billNo;
      const replies = await Promise.all([
        sendCommand(tillA, command('order.settle', { orderId: a.orderId, payments: pay(a.due), document: NOTE, print: false })),
        sendCommand(tillB, command('order.settle', { orderId: b.orderId, payments: pay(b.due), document: NOTE, print: false })),
      ]);
      expect(codes(replies)).toEqual(['INSUFFICIENT_BALANCE']);
      expect(wins(replies)).toBe(1);
      expect(t.hub.engine.state.counters.billNo).toBe(bills + 1);
      expect(memberNow(memberId).balanceCents).toBe(Math.floor(spend / 2));
      // The loser's order is still open, untouched, and can be paid otherwise.
      const loser = replies[0]!.ok ? b : a;
      expect(t.hub.engine.state.orders[loser.orderId]).toBeDefined();
      const member = memberNow(memberId);
      expect(member.recent.reduce((s, e) => s + e.cents, 0)).toBe(member.balanceCents);
      expect(member.recent.every((e) => e.balanceAfterCents >= 0)).toBe(true);
    }
  });
});

describe('two tills apply one coupon at once', () => {
  /** A fresh dine-in coupon of S/ 5, recorded as POST /api/coupons/batches records it (the hub's own command). */
  async function issueCoupon(): Promise<string> {
    const code = `RACE${++n}X2345678`;
    const batch = { batchId: randomUUID(), prefix: 'RACE', name: 'Carrera', deductionCents: 500, category: 1 as const, expiresOn: '2099-12-31', quantity: 1 };
    const r = await t.hub.engine.submit(hubCommand('coupon.issueBatch', { batch, codes: [code] }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
    if (!r.ok) throw new Error(`coupon.issueBatch refused: ${r.code}`);
    return code;
  }

  it('exactly one order holds it, the other hears COUPON_IN_USE; exactly one bill uses it (five times over)', async () => {
    const [tillA, tillB] = [await till(DEMO_STAFF[0]!), await till(DEMO_STAFF[1]!)];
    for (let i = 0; i < 5; i++) {
      const code = await issueCoupon();
      const a = await servedOrder();
      const b = await servedOrder();
      const applied = await Promise.all([
        sendCommand(tillA, command('order.applyCoupon', { orderId: a.orderId, code })),
        sendCommand(tillB, command('order.applyCoupon', { orderId: b.orderId, code })),
      ]);
      expect(wins(applied)).toBe(1);
      expect(codes(applied)).toEqual(['COUPON_IN_USE']);
      const holder = applied[0]!.ok ? a : b;
      expect(couponByCode(t.hub.engine.state, code)!.heldBy).toBe(holder.orderId);
      // Both settle at once: only the holder's bill carries the coupon; the coupon is used once.
      const settled = await Promise.all([a, b].map((o, k) => sendCommand(k === 0 ? tillA : tillB, command('order.settle', { orderId: o.orderId, payments: [{ method: 'cash', amountCents: o.due }], document: NOTE, print: false }))));
      expect(wins(settled)).toBe(2);
      // Only the holder's bill is S/ 5 less.
      expect(settled.map((r, k) => (r.ok ? r.result.totalCents : -1) === [a, b][k]!.due - ([a, b][k] === holder ? 500 : 0))).toEqual([true, true]);
      const coupon = couponByCode(t.hub.engine.state, code)!;
      expect(coupon.usedBillId).toBe(holder.orderId);
      expect(coupon.heldBy).toBeNull();
    }
  });
});

describe('one till settles from the balance while another takes the member off', () => {
  it('either the bill is paid from the balance (the detach finds no order) or the member is gone first (refused); never a balance bill without its member (five times over)', async () => {
    const [tillA, tillB] = [await till(DEMO_STAFF[0]!), await till(DEMO_STAFF[1]!)];
    for (let i = 0; i < 5; i++) {
      const served = await servedOrder();
      const { memberId, verify } = await memberWith(0);
      await ok('order.attachMember', { orderId: served.orderId, memberId, verify });
      const due = dueOf(served.orderId);
      await ok('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: due, method: 2, print: false });
      const [settled, detached] = await Promise.all([
        sendCommand(tillA, command('order.settle', { orderId: served.orderId, payments: [{ method: 'balance', amountCents: due }], document: NOTE, print: false })),
        sendCommand(tillB, command('order.detachMember', { orderId: served.orderId })),
      ]);
      expect(wins([settled, detached])).toBe(1);
      if (settled.ok) {
        expect(codes([detached])).toEqual(['ORDER_NOT_OPEN']);
        expect(memberNow(memberId).balanceCents).toBe(0);
      } else {
        // Detached first: the list prices are back (more to pay than the payment brings) and no member may pay.
        expect(['MEMBER_REQUIRED', 'AMOUNT_TOO_LOW']).toContain(codes([settled])[0]);
        expect(memberNow(memberId).balanceCents).toBe(due);
        expect(t.hub.engine.state.orders[served.orderId]?.member).toBeNull();
      }
    }
  });
});
