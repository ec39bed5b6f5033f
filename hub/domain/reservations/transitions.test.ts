import { describe, expect, it } from 'vitest';
import type { CommandPayload, ReservationStatus } from '#protocol';
import { RESERVATION_STATUS_LIST } from '#protocol';
import { decide } from '../decide.ts';
import { command, deepFreeze, uid } from '../test-fixtures.ts';
import { AFTER_TONIGHT, inStatus, R1 } from './test-reservations.ts';
import { TRANSITIONS, type TransitionCommand } from './transitions.ts';

/** One payload per transition command, for R1. */
const PAYLOADS: { [K in TransitionCommand]: CommandPayload<K> } = {
  'reservation.payDeposit': { reservationId: R1, payment: { method: 'cash', amountCents: 5000 }, print: false },
  'reservation.depositFailed': { reservationId: R1 },
  'reservation.ready': { reservationId: R1 },
  'reservation.arrive': { reservationId: R1, orderId: uid(601) },
  'reservation.finish': { reservationId: R1 },
  'reservation.cancel': { reservationId: R1, reason: 'cambio de planes' },
  'reservation.noShow': { reservationId: R1 },
};

/** The machine as the README writes it: command → statuses it starts from → status it leads to. */
const EXPECTED: Record<TransitionCommand, [readonly ReservationStatus[], ReservationStatus]> = {
  'reservation.payDeposit': [[0, 2], 1],
  'reservation.depositFailed': [[0], 2],
  'reservation.ready': [[1, 6], 7],
  'reservation.arrive': [[0, 1, 2, 6, 7], 4],
  'reservation.finish': [[4], 5],
  'reservation.cancel': [[0, 1, 2, 6, 7], 3],
  'reservation.noShow': [[0, 1, 2, 6, 7], 3],
};

const cases = (Object.keys(PAYLOADS) as TransitionCommand[]).flatMap((type) =>
  RESERVATION_STATUS_LIST.map((from) => ({ type, from, allowed: EXPECTED[type][0].includes(from), to: EXPECTED[type][1] })),
);

describe('the reservation status machine (README.md), every command from every status', () => {
  it('is the table the README writes', () => {
    for (const [type, [from, to]] of Object.entries(EXPECTED)) expect(TRANSITIONS[type as TransitionCommand]).toEqual({ from, to });
  });

  it.each(cases)('$type from $from: allowed $allowed', ({ type, from, allowed, to }) => {
    const state = deepFreeze(inStatus(from));
    // A no-show is judged after the reservation's hour; the rest at noon.
    const d = decide(state, command(type, PAYLOADS[type] as never), AFTER_TONIGHT);
    if (!allowed) {
      expect(d).toEqual({ ok: false, code: 'RESERVATION_STATUS', message: String(from) });
      return;
    }
    expect(d.ok).toBe(true);
    if (!d.ok) return;
    const moved = d.events.find((e) => e.type === 'reservation.statusSet' || e.type === 'reservation.arrived');
    expect(moved).toBeDefined();
    if (moved?.type === 'reservation.statusSet') expect(moved.status).toBe(to);
  });
});
