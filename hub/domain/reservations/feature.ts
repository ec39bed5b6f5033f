import type { DomainFeature } from '../feature.ts';
import { reservationAppliers } from './appliers.ts';
import { createReservation } from './create.ts';
import { statusHandlers } from './status-handlers.ts';

/**
 * Table reservations: booking, the status machine (README.md), arrival that
 * opens the table with the deposit, and past days leaving the live state.
 * A state that predates the slice gets its empty value from migration 5
 * (it fills every missing top-level slice from `emptyState()`).
 */
export const reservationsFeature = {
  name: 'reservations',
  handlers: { 'reservation.create': createReservation, ...statusHandlers },
  appliers: reservationAppliers,
  initialState: () => ({ upcomingReservations: {}, reservationNo: 0 }),
  migrations: [],
} satisfies DomainFeature;
