import { describe, expect, it } from 'vitest';
import type { Reservation, State } from '#protocol';
import { RESERVATION_STATUS } from '#protocol';
import { applyAll } from '../apply.ts';
import { ctxAt, decideOn, exec, menuState, NOW, T, uid } from '../test-fixtures.ts';
import { reservationDays } from './day-index.ts';
import { reservedSoon } from './reserved-soon.ts';
import { booking } from './test-reservations.ts';

/**
 * Issue 20: a reservation rule reads the days it needs through the day index
 * (day-index.ts) instead of walking today's and the next 60 days' bookings.
 * The index is a cache beside the state: it must always say what the
 * reservations say, and the appliers carry it from one state to the next.
 */

const DAY = 86_400_000;
/** A booking `d` days after tonight, at 20:00 Lima unless `hour` says otherwise, on a table of the test floor. */
function bookingOn(n: number, d: number, tableId: string = [T.s1, T.s2, T.vip][n % 3]!, hour = 20) {
  const at = new Date(Date.parse(`2025-03-14T${String(hour).padStart(2, '0')}:00:00-05:00`) + d * DAY).toISOString();
  return booking({ reservationId: uid(10_000 + n), tableId, at, depositCents: 0 });
}

/** The state with `count` bookings spread over the next 60 days, each through the rules. */
function manyBooked(count: number): State {
  let s = menuState();
  for (let n = 0; n < count; n++) s = exec(s, 'reservation.create', bookingOn(n, Math.floor(n / 3) % 60)).state;
  return s;
}

/** The index as a fresh build would make it (a copy of the record nobody indexed), as plain data. */
const rebuilt = (s: State) => plain(reservationDays(structuredClone(s.upcomingReservations)));
const plain = (index: ReadonlyMap<string, ReadonlySet<string>>) => Object.fromEntries([...index].map(([day, ids]) => [day, [...ids].sort()]));

/**
 * The record behind a proxy that fails any walk of it (Object.values/keys/entries, spread),
 * indexed before the walls go up, as the appliers leave a record.
 */
function unwalkable(s: State): State {
  let walls = false;
  const upcoming = new Proxy(s.upcomingReservations, {
    ownKeys: (target) => {
      if (walls) throw new Error('the upcoming reservations were walked');
      return Reflect.ownKeys(target);
    },
  });
  reservationDays(upcoming);
  walls = true;
  return { ...s, upcomingReservations: upcoming };
}

describe('the rules read days, not the whole window', () => {
  const s = manyBooked(180);

  it.each<[string, () => unknown, unknown]>([
    ['a booking with no clash', () => decideOn(unwalkable(s), 'reservation.create', bookingOn(999, 10, T.s1, 13)), { ok: true }],
    ['a booking on a table taken an hour later', () => decideOn(unwalkable(s), 'reservation.create', { ...bookingOn(998, 0, T.s1), at: '2025-03-14T19:00:00-05:00' }), { ok: false, code: 'RESERVATION_CLASH', message: uid(10_000) }],
    ['a booking clashing across midnight', () => decideOn(unwalkable(exec(s, 'reservation.create', { ...bookingOn(997, 0, T.s2), at: '2025-03-14T23:30:00-05:00', reservationId: uid(997) }).state), 'reservation.create', { ...bookingOn(996, 0, T.s2), at: '2025-03-15T00:30:00-05:00' }), { ok: false, code: 'RESERVATION_CLASH' }],
    ['a status change a day later files the day before', () => decideOn(unwalkable(s), 'reservation.cancel', { reservationId: uid(10_003), reason: 'llamó' }, ctxAt(new Date(Date.parse(NOW) + DAY).toISOString())), { ok: true }],
  ])('%s', (_label, run, expected) => {
    expect(run()).toMatchObject(expected as object);
  });

  it('the filing a day later names exactly the day before\'s bookings', () => {
    const d = decideOn(unwalkable(s), 'reservation.cancel', { reservationId: uid(10_003), reason: 'llamó' }, ctxAt(new Date(Date.parse(NOW) + DAY).toISOString()));
    const filed = d.ok ? d.events.find((e) => e.type === 'reservation.filed') : undefined;
    expect(filed && filed.type === 'reservation.filed' ? filed.reservations.map((r) => r.id).sort() : []).toEqual([uid(10_000), uid(10_001), uid(10_002)]);
  });

  it('the table map asks about a table without walking every booking', () => {
    expect(reservedSoon(unwalkable(s), T.s1, '2025-03-15T00:30:00.000Z')?.id).toBe(uid(10_000));
    expect(reservedSoon(unwalkable(s), T.s1, '2025-03-15T04:00:00.000Z')).toBeNull();
  });
});

describe('the index is carried from state to state, and always says what the record says', () => {
  it('a status change keeps the very same index; a booking changes only its own day', () => {
    const s = manyBooked(30);
    const before = reservationDays(s.upcomingReservations);
    const cancelled = applyAll(s, [{ type: 'reservation.statusSet', reservationId: uid(10_001), status: RESERVATION_STATUS.cancelled, at: NOW }]);
    expect(reservationDays(cancelled.upcomingReservations)).toBe(before);
    const more = exec(s, 'reservation.create', bookingOn(500, 4, T.vip, 13)).state;
    const after = reservationDays(more.upcomingReservations);
    expect(after).not.toBe(before);
    expect(after.get('2025-03-15')).toBe(before.get('2025-03-15'));
    expect([...(after.get('2025-03-18') ?? [])]).toContain(uid(10_500));
  });

  it('after bookings, changes and a filing, the carried index equals a fresh build', () => {
    let s = manyBooked(90);
    s = exec(s, 'reservation.cancel', { reservationId: uid(10_004), reason: 'x' }).state;
    // Two days later: the first two days' bookings are filed with the next decision.
    s = exec(s, 'reservation.create', bookingOn(700, 20, T.s1, 13), ctxAt(new Date(Date.parse(NOW) + 2 * DAY).toISOString())).state;
    expect(Object.values(s.upcomingReservations).some((r: Reservation) => r.day === '2025-03-14')).toBe(false);
    expect(plain(reservationDays(s.upcomingReservations))).toEqual(rebuilt(s));
    expect(reservationDays(s.upcomingReservations).has('2025-03-14')).toBe(false);
  });
});
