import { describe, expect, it } from 'vitest';
import type { CommandPayload, State } from '#protocol';
import { parseCommand } from '#protocol';
import { decide } from '../decide.ts';
import { command, ctxAt, deepFreeze, exec, menuState, NOW, T, uid } from '../test-fixtures.ts';
import { booked, booking, R1, TONIGHT } from './test-reservations.ts';

type Payload = CommandPayload<'reservation.create'>;

describe('reservation.create', () => {
  it('books the table with every SPEC.md field, a number from the hub, and the day in Lima', () => {
    const { state, events } = exec(menuState(), 'reservation.create', booking());
    expect(events).toHaveLength(1);
    expect(state.upcomingReservations[R1]).toEqual({
      id: R1,
      no: 1,
      tableId: T.s1,
      tableName: state.tables[T.s1]!.name,
      people: 4,
      at: '2025-03-15T01:00:00.000Z',
      // 20:00 in Lima is the next day in UTC: the reservation's day is Lima's.
      day: '2025-03-14',
      customerName: 'Ana Torres',
      phone: '987654321',
      depositCents: 5000,
      depositPaid: false,
      remarks: 'cumpleaños',
      reason: 'family',
      status: 0,
      operator: 'staff-1',
      createdAt: NOW,
      cancelReason: '',
      noShow: false,
      orderId: null,
      closedAt: '',
    });
    expect(state.reservationNo).toBe(1);
  });

  it('without a deposit it is a till reservation (6); numbers count up', () => {
    const s = exec(booked(), 'reservation.create', booking({ reservationId: uid(502), tableId: T.s2, depositCents: 0 })).state;
    expect(s.upcomingReservations[uid(502)]).toMatchObject({ status: 6, no: 2 });
  });

  // Each refusal: the code, and nothing changes (decide on a frozen state returns no events).
  const refusals: { name: string; state: () => State; payload: Partial<Payload>; code: string; now?: string }[] = [
    { name: 'an unknown table', state: menuState, payload: { tableId: 't-none' }, code: 'NOT_FOUND' },
    { name: 'an id used before', state: booked, payload: { tableId: T.s2 }, code: 'DUPLICATE_ID' },
    { name: 'yesterday (Lima)', state: menuState, payload: { at: '2025-03-13T23:59:00-05:00' }, code: 'RESERVATION_OUT_OF_WINDOW' },
    { name: '61 days ahead', state: menuState, payload: { at: '2025-05-14T20:00:00-05:00' }, code: 'RESERVATION_OUT_OF_WINDOW' },
    { name: 'the same table 1 h 59 m later', state: booked, payload: { reservationId: uid(503), at: '2025-03-14T21:59:00-05:00' }, code: 'RESERVATION_CLASH' },
    { name: 'the same table 1 h 30 m earlier', state: booked, payload: { reservationId: uid(503), at: '2025-03-14T18:30:00-05:00' }, code: 'RESERVATION_CLASH' },
  ];
  it.each(refusals)('refuses $name with $code and changes nothing', ({ state, payload, code, now }) => {
    const s = deepFreeze(state());
    const d = decide(s, command('reservation.create', booking(payload)), ctxAt(now));
    expect(d).toMatchObject({ ok: false, code });
  });

  const allowed: { name: string; payload: Partial<Payload> }[] = [
    { name: 'earlier today (a walk-in noted late)', payload: { reservationId: uid(504), tableId: T.s2, at: '2025-03-14T08:00:00-05:00' } },
    { name: '60 days ahead', payload: { reservationId: uid(504), at: '2025-05-13T20:00:00-05:00' } },
    { name: 'the same table two hours later', payload: { reservationId: uid(504), at: '2025-03-14T22:00:00-05:00' } },
    { name: 'another table at the same time', payload: { reservationId: uid(504), tableId: T.s2, at: TONIGHT } },
  ];
  it.each(allowed)('allows $name', ({ payload }) => {
    expect(decide(booked(), command('reservation.create', booking(payload)), ctxAt()).ok).toBe(true);
  });

  it('a cancelled reservation no longer holds its slot', () => {
    const s = exec(booked(), 'reservation.cancel', { reservationId: R1, reason: 'no vienen' }).state;
    expect(decide(s, command('reservation.create', booking({ reservationId: uid(505) })), ctxAt()).ok).toBe(true);
  });

  const atTheDoor: { bad: Record<string, unknown>; code: string }[] = [
    { bad: { reservationId: '__proto__' }, code: 'INCORRECT_INPUT' },
    { bad: { tableId: '__proto__' }, code: 'INCORRECT_INPUT' },
    { bad: { people: 0 }, code: 'INCORRECT_INPUT' },
    { bad: { customerName: ' ' }, code: 'REQUIRED_FIELD' },
    { bad: { phone: 'abc' }, code: 'INCORRECT_INPUT' },
    { bad: { depositCents: -1 }, code: 'INCORRECT_INPUT' },
    { bad: { at: 'mañana' }, code: 'INCORRECT_INPUT' },
  ];
  it.each(atTheDoor)('refuses $bad at the door with $code', ({ bad, code }) => {
    const envelope = { ...command('reservation.create', booking()), at: NOW, deviceId: 'dev-1' };
    expect(parseCommand({ ...envelope, payload: { ...envelope.payload, ...bad } })).toMatchObject({ ok: false, code });
  });
});
