import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, LedgerEntry, Member } from '#protocol';
import { businessDayOf } from '#hub/domain/business-day.ts';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { asOwner, personWith, send } from '../coupons/test-coupon-hub.ts';

/**
 * The member routes through the real app: the directory search (phone, number, names without
 * accents, document), one member and their ledger, the day's recharges, the summary, a till's
 * exact lookup that shows nothing personal, and the attacks: a waiter or a till calling M004
 * routes, prototype ids, hostile queries, an erased member found by number only.
 */
let t: TestHub;
let waiter = '';
let till = '';
const ana = randomUUID();
const luis = randomUUID();
const gone = randomUUID();

function fields(phone: string, name: string, lastName: string, docId: string): Omit<CommandPayload<'member.register'>, 'memberId'> {
  return { phone, lastName, name, gender: 0, regMethod: 1, docId, email: `${name.toLowerCase()}@correo.pe` };
}

beforeAll(async () => {
  t = await startTestHub();
  waiter = await personWith(t, 'r-waiter', ['M001'], '61');
  till = await personWith(t, 'r-till', ['M001', 'payment'], '62');
  if (!t.hub.engine.state.openShift) await asOwner(t, 'shift.open', { id: 'sh-dir', floatCents: 0 });
  await asOwner(t, 'member.register', { memberId: ana, ...fields('987 654 321', 'Ana', 'Pérez Quispe', '41234567') });
  await asOwner(t, 'member.register', { memberId: luis, ...fields('912345678', 'Luis', 'Ñahui', '07654321') });
  await asOwner(t, 'member.register', { memberId: gone, ...fields('955555555', 'Rosa', 'Borrada', '11112222') });
  await asOwner(t, 'member.recharge', { memberId: ana, rechargeId: randomUUID(), amountCents: 5_000, method: 3, operationNo: 'YP-12345', print: false });
  await asOwner(t, 'member.recharge', { memberId: luis, rechargeId: randomUUID(), amountCents: 2_000, method: 2, print: false });
  await asOwner(t, 'member.adjust', { memberId: ana, entryId: randomUUID(), cents: -500, reason: 'Corrección' });
  await asOwner(t, 'member.erase', { memberId: gone, reason: 'Lo pidió' });
});
afterAll(async () => {
  await t?.close();
});

const ids = (r: { body: Record<string, unknown> }) => (r.body.members as Member[]).map((m) => m.id);

describe('GET /api/members (M004)', () => {
  it.each([
    ['', [gone, luis, ana]],
    ['987654321', [ana]],
    ['654', [luis, ana]], // inside Ana's phone and Luis's DNI
    ['perez', [ana]],
    ['ANA pér', [ana]],
    ['nahui', [luis]],
    ['41234567', [ana]],
    ['2', [luis]],
    ['000001', [ana]],
    ['borrada', []],
    ['955555555', []],
    ['nadie', []],
  ])('q=%j finds %j', async (q, expected) => {
    const r = await send(t, 'GET', `/api/members?q=${encodeURIComponent(q)}`);
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual(expected);
  });

  it('pages newest first', async () => {
    const first = await send(t, 'GET', '/api/members?limit=2');
    expect(first.body).toMatchObject({ more: true });
    expect(ids(first)).toEqual([gone, luis]);
    const second = await send(t, 'GET', '/api/members?limit=2&offset=2');
    expect(second.body).toMatchObject({ more: false });
    expect(ids(second)).toEqual([ana]);
  });

  it('an erased member keeps a number and a balance, nothing personal', async () => {
    const r = await send(t, 'GET', `/api/members/${gone}`);
    expect(r.status).toBe(200);
    const m = r.body.member as Member;
    expect(m.erasedAt).not.toBeNull();
    expect([m.phone, m.name, m.lastName, m.email, m.docId]).toEqual(['', '', '', '', '']);
  });

  it('refuses hostile queries and pages with INCORRECT_INPUT', async () => {
    for (const q of ['limit=0', 'limit=51', 'offset=-1', `q=${'x'.repeat(81)}`, 'limit=abc']) {
      const r = await send(t, 'GET', `/api/members?${q}`);
      expect([r.status, r.body.code]).toEqual([400, 'INCORRECT_INPUT']);
    }
  });
});

describe('one member and the ledger (M004)', () => {
  it('answers the member, and MEMBER_NOT_FOUND for unknown and prototype ids', async () => {
    const r = await send(t, 'GET', `/api/members/${ana}`);
    expect(r.body.member).toMatchObject({ id: ana, no: '000001', phone: '987654321', balanceCents: 4_500 });
    for (const id of ['__proto__', 'constructor', 'toString', randomUUID()]) {
      const bad = await send(t, 'GET', `/api/members/${id}`);
      expect([bad.status, bad.body.code]).toEqual([404, 'MEMBER_NOT_FOUND']);
      const ledger = await send(t, 'GET', `/api/members/${id}/ledger`);
      expect(ledger.status).toBe(404);
    }
  });

  it("a member's ledger, newest first, sums to the balance", async () => {
    const r = await send(t, 'GET', `/api/members/${ana}/ledger`);
    const entries = r.body.entries as LedgerEntry[];
    expect(entries.map((e) => e.kind)).toEqual(['adjust', 'recharge']);
    expect(entries.reduce((n, e) => n + e.cents, 0)).toBe(4_500);
    const paged = await send(t, 'GET', `/api/members/${ana}/ledger?limit=1&offset=1`);
    expect(paged.body).toMatchObject({ more: false });
    expect((paged.body.entries as LedgerEntry[]).map((e) => e.kind)).toEqual(['recharge']);
  });

  it("the day's recharges and moves, and the summary", async () => {
    const day = businessDayOf(new Date().toISOString(), t.hub.engine.state.settings.closingHour ?? 4);
    const recharges = await send(t, 'GET', `/api/members/recharges?day=${day}`);
    expect((recharges.body.entries as LedgerEntry[]).map((e) => [e.memberId, e.recharge?.method])).toEqual([
      [luis, 2],
      [ana, 3],
    ]);
    const moves = await send(t, 'GET', `/api/members/ledger?day=${day}`);
    expect((moves.body.entries as LedgerEntry[]).length).toBe(3);
    for (const bad of ['2026-02-30', 'ayer', '']) expect((await send(t, 'GET', `/api/members/ledger?day=${bad}`)).status).toBe(400);
    const summary = await send(t, 'GET', '/api/members/summary');
    expect(summary.body).toMatchObject({ members: 2, outstandingCents: 6_500, rechargedTodayCents: 7_000, spentTodayCents: 0 });
  });
});

describe('GET /api/members/lookup (a till attaching a member)', () => {
  it('finds by phone however typed or by number, and shows nothing personal', async () => {
    // The phone's last 3 digits only to whoever typed the phone: by number they would give away 3 of the 4 digits the guest says to be attached.
    for (const [q, phoneHint] of [['987654321', '*** *** 321'], ['+51 987-654-321', '*** *** 321'], ['1', '*** *** ***'], ['000001', '*** *** ***']]) {
      const r = await send(t, 'GET', `/api/members/lookup?q=${encodeURIComponent(q!)}`, undefined, till);
      expect(r.status).toBe(200);
      expect(r.body.members).toEqual([{ id: ana, no: '000001', name: 'Ana P.', balanceCents: 4_500, phoneHint }]);
    }
    const text = JSON.stringify((await send(t, 'GET', '/api/members/lookup?q=987654321', undefined, till)).body);
    for (const personal of ['987654321', '41234567', 'correo', 'Quispe']) expect(text).not.toContain(personal);
  });

  it('a name or part of a phone finds nobody (exact only), nor an erased member', async () => {
    for (const q of ['Ana', '98765', '955555555', '3']) {
      const r = await send(t, 'GET', `/api/members/lookup?q=${encodeURIComponent(q)}`, undefined, till);
      expect(r.body.members).toEqual([]);
    }
  });
});

describe('who may read members', () => {
  it('a waiter is refused every member route; a till every M004 one', async () => {
    const day = '2026-01-01';
    const m004 = ['/api/members', `/api/members/${ana}`, `/api/members/${ana}/ledger`, '/api/members/summary', `/api/members/recharges?day=${day}`, `/api/members/ledger?day=${day}`];
    for (const path of [...m004, '/api/members/lookup?q=987654321']) {
      const r = await send(t, 'GET', path, undefined, waiter);
      expect([path, r.status, r.body.code]).toEqual([path, 403, 'FORBIDDEN']);
    }
    for (const path of m004) expect((await send(t, 'GET', path, undefined, till)).status).toBe(403);
  });

  it('without a session: 401', async () => {
    const r = await fetch(new URL('/api/members', t.url));
    expect(r.status).toBe(401);
  });
});
