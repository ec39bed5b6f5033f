import { randomUUID } from 'node:crypto';
import type { Command, CommandType } from '#protocol';
import { startHub, type RunningHub } from '#hub/server.ts';
import { ownerOn } from './owner-session.ts';
import { fmtInt, fmtMs, isMain, passText, printResult, removeDir, row, scratchDir, summarize, type BenchResult } from './common.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { DEMO_SPECIAL_IDS } from '#hub/demo/goods-data.ts';
import { DEMO_DISHES } from '#hub/demo/menu-data.ts';
import { getOwn, orderTotals } from '#domain';

/**
 * The M004 member directory with 20,000 members and 50,000 coupons in the hub (issue 22): members
 * registered through the real commands, then GET /api/members timed from the request to the whole
 * answer for what a cashier types (a whole phone, a member number, a name's start, a DNI, a
 * part of a phone, a word matching nobody: the worst case, every member read), and the till's
 * exact lookup. Then the flat-cost check of issue 20: a recharge's acknowledgement (a balance
 * move, the same ledger path a balance payment takes) with those sizes against a hub with one member.
 */
export type MemberSearchOptions = { members: number; coupons: number; rounds: number };
export const DEFAULT_MEMBER_SEARCH: MemberSearchOptions = { members: 20_000, coupons: 50_000, rounds: 60 };
const GOAL_P99_MS = 50;
const FLAT_RATIO = 1.2;
const NAMES = ['Ana', 'Luis', 'Rosa', 'Jorge', 'María', 'Pedro', 'Lucía', 'Carlos'];
const LAST = ['Quispe', 'Mamani', 'Flores', 'Huamán', 'Rojas', 'Pérez', 'Torres', 'Chávez'];

async function timedGet(url: string, cookie: string, path: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(new URL(path, url), { headers: { cookie } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return performance.now() - t0;
}

async function submit<K extends CommandType>(hub: RunningHub, type: K, payload: Command<K>['payload']): Promise<number> {
  const t0 = performance.now();
  const r = await hub.engine.submit({ id: randomUUID(), type, payload, deviceId: 'bench', at: new Date().toISOString() } as Command, { staffId: DEMO_STAFF[0]!.id, deviceId: 'bench' });
  if (!r.ok) throw new Error(`${type}: ${r.code}`);
  return performance.now() - t0;
}

const phoneOf = (i: number): string => `9${String(10_000_000 + i).padStart(8, '0')}`;
const dniOf = (i: number): string => String(40_000_000 + i);

/** A hub with `members` members (and coupons), an open shift; answers the ids registered. */
async function filledHub(dir: string, members: number, coupons: number, log: (m: string) => void): Promise<{ hub: RunningHub; ids: string[] }> {
  const hub = await startHub({ dataDir: dir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined });
  if (!hub.engine.state.openShift) await submit(hub, 'shift.open', { id: randomUUID(), floatCents: 0 });
  const ids: string[] = [];
  for (let i = 0; i < members; i++) {
    const memberId = randomUUID();
    await submit(hub, 'member.register', { memberId, phone: phoneOf(i), name: NAMES[i % NAMES.length]!, lastName: `${LAST[(i >> 3) % LAST.length]} ${i}`, gender: 0, regMethod: 1, docId: dniOf(i) });
    ids.push(memberId);
  }
  if (coupons > 0) {
    const cookie = await ownerOn(hub.url, 'bench-issue');
    for (let b = 0; b * 10_000 < coupons; b++) {
      const res = await fetch(new URL('/api/coupons/batches', hub.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ batchId: randomUUID(), prefix: `M${b}`, name: `Lote ${b}`, deductionCents: 500, category: 1, expiresOn: '2099-12-31', quantity: Math.min(10_000, coupons - b * 10_000) }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`issue: ${res.status}`);
    }
  }
  log(`${fmtInt(members)} members, ${fmtInt(coupons)} coupons`);
  return { hub, ids };
}

/** Acks of `rounds` cash recharges of the given members, one at a time. */
async function rechargeAcks(hub: RunningHub, ids: readonly string[], rounds: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < rounds + 5; i++) {
    const t = await submit(hub, 'member.recharge', { memberId: ids[(i * 7919) % ids.length]!, rechargeId: randomUUID(), amountCents: 1_000, method: 2, print: false });
    if (i >= 5) ms.push(t);
  }
  return ms;
}

/**
 * Acks of `rounds` dinners paid S/ 5 from the balance and the rest in cash (issue 22: "a balance
 * payment's ack unchanged"), each of a member the recharges above credited. The table opened, its
 * dish added and sent, the member attached (the last 4 digits of their phone) are set-up, untimed; the
 * order.settle that spends the ledger, bills and files the entry is timed.
 */
async function balanceSettleAcks(hub: RunningHub, ids: readonly string[], rounds: number): Promise<number[]> {
  const ms: number[] = [];
  const dish = DEMO_DISHES.find(([code]) => !DEMO_SPECIAL_IDS.has(`p-${code}`))!;
  const productId = `p-${dish[0]}`;
  for (let i = 0; i < rounds + 5; i++) {
    const at = (i * 7919) % ids.length;
    const orderId = randomUUID();
    await submit(hub, 'table.open', { tableId: 't-s1', orderId, people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } });
    await submit(hub, 'order.addLines', { orderId, lines: [{ lineId: randomUUID(), productId, qty: 1, remark: '' }] });
    await submit(hub, 'order.send', { orderId });
    await submit(hub, 'order.attachMember', { orderId, memberId: ids[at]!, verify: phoneOf(at).slice(-4) });
    const order = getOwn(hub.engine.state.orders, orderId)!;
    const due = orderTotals(order, 0).dueCents;
    const t = await submit(hub, 'order.settle', { orderId, payments: [{ method: 'balance', amountCents: 500 }, { method: 'cash', amountCents: due - 500 }], document: { kind: 'note', docId: '', name: '' }, print: false });
    if (i >= 5) ms.push(t);
    // A settled table may wait to be cleaned: cleared for the next round (a refusal, already free, is fine).
    await hub.engine.submit({ id: randomUUID(), type: 'table.clear', payload: { tableId: 't-s1' }, deviceId: 'bench', at: new Date().toISOString() } as Command, { staffId: DEMO_STAFF[0]!.id, deviceId: 'bench' });
  }
  return ms;
}

export async function run(partial: Partial<MemberSearchOptions> = {}, log: (m: string) => void = () => undefined): Promise<BenchResult> {
  const o = { ...DEFAULT_MEMBER_SEARCH, ...partial };
  const rows = [];
  const figures: Record<string, number> = { members: o.members, coupons: o.coupons };
  const bigDir = await scratchDir('member-search');
  const { hub, ids } = await filledHub(bigDir, o.members, o.coupons, log);
  let bigAcks: number[];
  let bigSettles: number[];
  try {
    const mid = Math.floor(o.members / 2);
    const kinds: Record<string, (i: number) => string> = {
      'whole phone': (i) => `/api/members?q=${phoneOf((i * 131) % o.members)}`,
      'member number': (i) => `/api/members?q=${(i * 131) % o.members || 1}`,
      "a name's start": (i) => `/api/members?q=${encodeURIComponent(LAST[i % LAST.length]!.slice(0, 4).toLowerCase())}`,
      DNI: (i) => `/api/members?q=${dniOf((i * 131) % o.members)}`,
      'part of a phone': () => `/api/members?q=${phoneOf(mid).slice(-5)}`,
      'a word matching nobody': () => '/api/members?q=zzzzzz',
      "a till's exact lookup": (i) => `/api/members/lookup?q=${phoneOf((i * 131) % o.members)}`,
    };
    for (const [k, [name, path]] of Object.entries(kinds).entries()) {
      const reader = await ownerOn(hub.url, `bench-members-${k}`);
      for (let i = 0; i < 5; i++) await timedGet(hub.url, reader, path(i));
      const ms: number[] = [];
      for (let i = 0; i < o.rounds; i++) ms.push(await timedGet(hub.url, reader, path(i)));
      const s = summarize(ms);
      figures[`${name} p99`] = s.p99;
      const pass = s.p99 < GOAL_P99_MS;
      rows.push(row(`member search: ${name} p50/p99`, `${fmtMs(s.p50)} / ${fmtMs(s.p99)} ms`, `p99 < ${GOAL_P99_MS} ms`, '-', passText(pass, `${fmtInt(o.members)} members, ${fmtInt(o.coupons)} coupons`), pass));
    }
    bigAcks = await rechargeAcks(hub, ids, o.rounds);
    bigSettles = await balanceSettleAcks(hub, ids, o.rounds);
  } finally {
    await hub.close();
    await removeDir(bigDir);
  }
  const smallDir = await scratchDir('member-search-one');
  const small = await filledHub(smallDir, 1, 0, log);
  let smallAcks: number[];
  let smallSettles: number[];
  try {
    smallAcks = await rechargeAcks(small.hub, small.ids, o.rounds);
    smallSettles = await balanceSettleAcks(small.hub, small.ids, o.rounds);
  } finally {
    await small.hub.close();
    await removeDir(smallDir);
  }
  const big = summarize(bigAcks);
  const one = summarize(smallAcks);
  const ratio = big.p50 / one.p50;
  figures.rechargeAckP50Ms = big.p50;
  figures.rechargeAckRatio = ratio;
  const flat = ratio <= FLAT_RATIO;
  rows.push(row('balance move ack (recharge) p50/p99', `${fmtMs(big.p50)} / ${fmtMs(big.p99)} ms`, `<= ${FLAT_RATIO}x one member`, `${fmtMs(one.p50)} / ${fmtMs(one.p99)} ms (1 member)`, passText(flat, `${ratio.toFixed(2)}x; ${fmtInt(o.members)} members, ${fmtInt(o.coupons)} coupons`), flat));
  const bigPay = summarize(bigSettles);
  const onePay = summarize(smallSettles);
  const payRatio = bigPay.p50 / onePay.p50;
  figures.balanceSettleAckP50Ms = bigPay.p50;
  figures.balanceSettleAckRatio = payRatio;
  const payFlat = payRatio <= FLAT_RATIO;
  rows.push(row('balance payment ack (order.settle) p50/p99', `${fmtMs(bigPay.p50)} / ${fmtMs(bigPay.p99)} ms`, `<= ${FLAT_RATIO}x one member`, `${fmtMs(onePay.p50)} / ${fmtMs(onePay.p99)} ms (1 member)`, passText(payFlat, `${payRatio.toFixed(2)}x; ${fmtInt(o.members)} members, ${fmtInt(o.coupons)} coupons`), payFlat));
  return { name: 'members', rows, figures, notes: [`${o.rounds} requests per kind after 5 warm-ups, one at a time, over HTTP on 127.0.0.1; acks through engine.submit (fdatasync included)`] };
}

if (isMain(import.meta.url)) printResult(await run({}, (m) => console.log(`  ${m}`)));
