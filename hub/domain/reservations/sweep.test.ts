import { describe, expect, it } from 'vitest';
import { decide } from '../decide.ts';
import { applyAll } from '../apply.ts';
import { command, ctxAt, exec, T, uid } from '../test-fixtures.ts';
import { booked, booking, R1 } from './test-reservations.ts';
import { reservedSoon } from './reserved-soon.ts';

const TOMORROW_NOON = ctxAt('2025-03-15T17:00:00.000Z');
const NEXT = uid(510);

describe('past days leave the live state', () => {
  it('yesterday\'s reservations are filed by the next reservation command, whatever their status', () => {
    let s = booked();
    s = exec(s, 'reservation.create', booking({ reservationId: uid(511), tableId: T.s2, depositCents: 0 })).state;
    s = exec(s, 'reservation.cancel', { reservationId: uid(511), reason: 'no vienen' }).state;
    const d = decide(s, command('reservation.create', booking({ reservationId: NEXT, at: '2025-03-15T20:00:00-05:00' })), TOMORROW_NOON);
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const filed = d.events.find((e) => e.type === 'reservation.filed');
    expect(filed?.type === 'reservation.filed' && filed.reservations.map((r) => r.id).sort()).toEqual([R1, uid(511)].sort());
    const after = applyAll(s, d.events);
    expect(Object.keys(after.upcomingReservations)).toEqual([NEXT]);
  });

  it('keeps an arrival whose order is still open (a dinner past midnight)', () => {
    const s = exec(booked(), 'reservation.arrive', { reservationId: R1, orderId: uid(601) }).state;
    const d = decide(s, command('reservation.create', booking({ reservationId: NEXT, tableId: T.s2, at: '2025-03-15T20:00:00-05:00' })), TOMORROW_NOON);
    expect(d.ok && d.events.some((e) => e.type === 'reservation.filed')).toBe(false);
  });

  it('never files the reservation the command works on', () => {
    const d = decide(booked(), command('reservation.cancel', { reservationId: R1, reason: 'tarde' }), TOMORROW_NOON);
    expect(d.ok && d.events.map((e) => e.type)).toEqual(['reservation.statusSet']);
  });
});

describe('reservedSoon (the table map)', () => {
  const at = (iso: string) => reservedSoon(booked(), T.s1, iso);
  it.each([
    ['61 min before', '2025-03-14T23:59:00.000Z', false],
    ['60 min before', '2025-03-15T00:00:00.000Z', true],
    ['on time', '2025-03-15T01:00:00.000Z', true],
    ['59 min late', '2025-03-15T01:59:00.000Z', true],
    ['61 min late', '2025-03-15T02:01:00.000Z', false],
  ])('%s: %s', (_name, now, soon) => {
    expect(at(now)?.id ?? null).toBe(soon ? R1 : null);
  });

  it('not for another table, nor once the guests came or it was cancelled', () => {
    const now = '2025-03-15T00:30:00.000Z';
    expect(reservedSoon(booked(), T.s2, now)).toBeNull();
    expect(reservedSoon(exec(booked(), 'reservation.cancel', { reservationId: R1, reason: 'x' }).state, T.s1, now)).toBeNull();
    expect(reservedSoon(exec(booked(), 'reservation.arrive', { reservationId: R1, orderId: uid(601) }).state, T.s1, now)).toBeNull();
    expect(reservedSoon(booked(), T.s1, now, 15)).toBeNull();
  });
});
