import { describe, expect, it } from 'vitest';
import { TABLE_STATUS } from '#protocol';
import { decide } from '../decide.ts';
import { command, ctxAt, deepFreeze, exec, openTable, T, uid } from '../test-fixtures.ts';
import { AFTER_TONIGHT, booked, inStatus, R1 } from './test-reservations.ts';

const ORDER = uid(601);

describe('reservation.arrive: the table opens with the deposit', () => {
  it('opens the booked table as an order carrying the reservation and its paid deposit', () => {
    let s = booked();
    s = exec(s, 'reservation.payDeposit', { reservationId: R1, payment: { method: 'cash', amountCents: 5000 }, print: false }).state;
    const { state, result } = exec(s, 'reservation.arrive', { reservationId: R1, orderId: ORDER }, ctxAt('2025-03-15T01:05:00.000Z'));
    expect(state.orders[ORDER]).toMatchObject({ tableId: T.s1, people: 4, depositCents: 5000, reservationId: R1, customer: { name: 'Ana Torres', phone: '987654321', reason: 'family' } });
    expect(state.tables[T.s1]).toMatchObject({ status: TABLE_STATUS.pending, orderId: ORDER });
    expect(state.upcomingReservations[R1]).toMatchObject({ status: 4, orderId: ORDER, closedAt: '2025-03-15T01:05:00.000Z' });
    expect(result).toMatchObject({ orderId: ORDER, orderNo: 1 });
  });

  const deposits = [
    { name: 'paid (1)', status: 1 as const, paid: true, credited: 5000 },
    { name: 'asked, never paid (0)', status: 0 as const, paid: false, credited: 0 },
    { name: 'payment failed (2)', status: 2 as const, paid: false, credited: 0 },
  ];
  it.each(deposits)('credits the deposit only when it was paid: $name', ({ status, paid, credited }) => {
    let s = inStatus(status);
    if (paid) s = exec(inStatus(0), 'reservation.payDeposit', { reservationId: R1, payment: { method: 'cash', amountCents: 5000 }, print: false }).state;
    expect(exec(s, 'reservation.arrive', { reservationId: R1, orderId: ORDER }).state.orders[ORDER]!.depositCents).toBe(credited);
  });

  it('seats them at another free table when asked', () => {
    const s = exec(booked(), 'reservation.arrive', { reservationId: R1, orderId: ORDER, tableId: T.s2 }).state;
    expect(s.orders[ORDER]!.tableId).toBe(T.s2);
    expect(s.tables[T.s1]!.status).toBe(TABLE_STATUS.free);
  });

  it('refuses a table that is taken, and changes nothing', () => {
    const s = deepFreeze(openTable(booked(), T.s1, uid(700)));
    expect(decide(s, command('reservation.arrive', { reservationId: R1, orderId: ORDER }), ctxAt())).toMatchObject({ ok: false, code: 'TABLE_NOT_FREE' });
  });

  it('a second arrival (sent twice with new ids, or from two devices) is refused: one table, one order', () => {
    const s = deepFreeze(exec(booked(), 'reservation.arrive', { reservationId: R1, orderId: ORDER }).state);
    expect(decide(s, command('reservation.arrive', { reservationId: R1, orderId: uid(602), tableId: T.s2 }), ctxAt())).toMatchObject({ ok: false, code: 'RESERVATION_STATUS' });
  });
});

describe('cancel, no-show, finish', () => {
  it('cancel needs a reason, and keeps it', () => {
    expect(decide(deepFreeze(booked()), command('reservation.cancel', { reservationId: R1, reason: '  ' }), ctxAt())).toMatchObject({ ok: false, code: 'REASON_REQUIRED' });
    const s = exec(booked(), 'reservation.cancel', { reservationId: R1, reason: 'llovió' }).state;
    expect(s.upcomingReservations[R1]).toMatchObject({ status: 3, cancelReason: 'llovió', noShow: false, closedAt: expect.any(String) });
  });

  it('no-show only once the hour has passed; then cancelled and marked', () => {
    expect(decide(deepFreeze(booked()), command('reservation.noShow', { reservationId: R1 }), ctxAt())).toMatchObject({ ok: false, code: 'RESERVATION_TOO_EARLY' });
    const s = exec(booked(), 'reservation.noShow', { reservationId: R1 }, AFTER_TONIGHT).state;
    expect(s.upcomingReservations[R1]).toMatchObject({ status: 3, noShow: true });
  });

  it('finish closes an arrival', () => {
    let s = exec(booked(), 'reservation.arrive', { reservationId: R1, orderId: ORDER }).state;
    s = exec(s, 'reservation.finish', { reservationId: R1 }).state;
    expect(s.upcomingReservations[R1]!.status).toBe(5);
  });

  it.each(['reservation.finish', 'reservation.ready', 'reservation.payDeposit'] as const)('%s of an unknown or prototype id is NOT_FOUND', (type) => {
    for (const reservationId of ['r-none', 'constructor']) {
      expect(decide(deepFreeze(booked()), command(type, { reservationId }), ctxAt())).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }
  });
});
