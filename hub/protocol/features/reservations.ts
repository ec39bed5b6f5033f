import { z } from 'zod';
import { calendarDaySchema } from '../calendar-day.ts';
import { centsSchema, shortText, uuidSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { DINING_REASONS } from './dine-in.ts';
import type { PayMethod } from './payment.ts';

/**
 * Table reservations (SPEC.md route /pages/dining_table/book, section 3
 * Reservation, section 4 reservation status 0–7). The live state holds the
 * reservations of today and the coming days only (`upcomingReservations`);
 * past days leave it into day files and are read over HTTP with paging.
 * The transitions are a table in hub/domain/reservations/README.md.
 */

/** SPEC.md section 4: the reservation order status, by name. */
export const RESERVATION_STATUS = {
  toBePaid: 0,
  prepaid: 1,
  prepaymentFailed: 2,
  cancelled: 3,
  arrived: 4,
  completed: 5,
  booked: 6,
  ready: 7,
} as const;
export type ReservationStatus = (typeof RESERVATION_STATUS)[keyof typeof RESERVATION_STATUS];
export const RESERVATION_STATUS_LIST: readonly ReservationStatus[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** How many days ahead a reservation may be made: the live window's far edge (today + this). */
export const RESERVATION_DAYS_AHEAD = 60;

/** A reservation as the live state and the day files hold it (SPEC.md section 3). */
export type Reservation = {
  id: string;
  /** The reservation's number, from the hub's counter (SPEC.md "order number"). */
  no: number;
  tableId: string;
  /** The table's name when it was booked, so a filed reservation still reads. */
  tableName: string;
  people: number;
  /** When the guests come, ISO 8601. */
  at: string;
  /** The restaurant's calendar day of `at` (Lima), YYYY-MM-DD: what lists and day files go by. */
  day: string;
  customerName: string;
  phone: string;
  /** Advance deposit asked, in céntimos (0: none). */
  depositCents: number;
  /** Whether the deposit was paid (credited to the order on arrival). */
  depositPaid: boolean;
  remarks: string;
  /** SPEC.md section 9 dining reason; '' when none. */
  reason: (typeof DINING_REASONS)[number] | '';
  status: ReservationStatus;
  /** Who booked it (staff id). */
  operator: string | null;
  createdAt: string;
  /** Why it was cancelled ('' unless cancelled); a no-show is a cancellation with `noShow`. */
  cancelReason: string;
  noShow: boolean;
  /** The order opened when the guests arrived. */
  orderId: string | null;
  /** When it reached its last status (cancelled, arrived, completed); '' before. */
  closedAt: string;
  /** The deposit taken (absent before issue 18, or while none is). */
  deposit?: DepositRecord;
  /** A paid deposit given back or kept at a cancellation or no-show. */
  depositOutcome?: DepositOutcome;
};

/**
 * How a deposit may be taken (issue 18 item 6): soles cash, cards, wallets and transfers. Not
 * dollars (a rate is a settlement's), on account or balance (a deposit owed is no deposit).
 */
export const DEPOSIT_METHODS = ['cash', 'visa', 'mastercard', 'otherCard', 'yape', 'plin', 'transfer'] as const satisfies readonly PayMethod[];
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/** A deposit as the cashier takes it: the method, the amount, and the operation number for Yape, Plin and transfers (optional for cards). */
export const depositPaymentSchema = z.object({
  method: z.enum(DEPOSIT_METHODS),
  amountCents: centsSchema.min(1),
  operationNo: z.string().trim().max(30).optional(),
});

/**
 * A deposit taken, as the reservation keeps it: a payment with its method, in the shift that
 * took it (`shiftId`) and the day's book (the tally entry `entryId`, category `deposit`).
 */
export type DepositRecord = { method: DepositMethod; amountCents: number; operationNo: string; at: string; by: string | null; shiftId: string; entryId: string; print: boolean };

/**
 * What became of a paid deposit when the reservation was cancelled or the guests did not come:
 * given back (by `method`, out of the shift then open) or kept by the restaurant (income, no
 * money moves: it was counted when taken).
 */
export type DepositOutcome = { action: 'refunded' | 'kept'; method: DepositMethod; amountCents: number; at: string; by: string | null };

/** A deposit larger than the bill, as the bill keeps it: the excess given back by `method` (out of the open shift) or kept. */
export type DepositExcess = { action: 'returned' | 'kept'; method: DepositMethod; cents: number };

/** At the settlement of a bill its deposit exceeds: give the excess back (by `method`, default cash) or keep it. */
export const depositExcessSchema = z.object({ action: z.enum(['return', 'keep']), method: z.enum(DEPOSIT_METHODS).optional() });

/** A paid deposit at a cancellation or no-show: give it back (by `method`, default the deposit's) or keep it. */
export const depositActionSchema = z.object({ action: z.enum(['refund', 'keep']), method: z.enum(DEPOSIT_METHODS).optional() });

const reservationRef = z.object({ reservationId: idSchema });

/** Payload schemas of the reservation commands. */
const reservationCommandPayloads = {
  'reservation.create': z.object({
    /** Minted on the device, like an order's id. */
    reservationId: uuidSchema,
    tableId: idSchema,
    people: z.int().min(1).max(99),
    at: z.iso.datetime({ offset: true }),
    customerName: z.string().trim().min(1).max(80),
    phone: z.string().trim().regex(/^(\+?\d{6,15})?$/),
    depositCents: centsSchema,
    remarks: shortText,
    reason: z.enum([...DINING_REASONS, '']),
  }),
  /** The deposit was received (status 0 or 2 → 1): a payment with its method, in the open shift; `print` its receipt. */
  'reservation.payDeposit': z.object({ reservationId: idSchema, payment: depositPaymentSchema, print: z.boolean() }),
  /** The deposit could not be taken (0 → 2, SPEC.md "Prepayment failed"). */
  'reservation.depositFailed': reservationRef,
  /** The table is set for the guests (1 or 6 → 7). */
  'reservation.ready': reservationRef,
  /** The guests came: their table opens (on another free table when `tableId` is given). */
  'reservation.arrive': z.object({ reservationId: idSchema, orderId: uuidSchema, tableId: idSchema.optional() }),
  /** The visit is over (4 → 5). */
  'reservation.finish': reservationRef,
  /** Cancelled with a reason (SPEC.md section 5: a reason is required). */
  'reservation.cancel': z.object({ reservationId: idSchema, reason: z.string().trim().max(140), deposit: depositActionSchema.optional() }),
  /** The guests did not come (only once their time has passed); a paid deposit is given back or kept. */
  'reservation.noShow': z.object({ reservationId: idSchema, deposit: depositActionSchema.optional() }),
} as const;

/** Events of reservations. */
export type ReservationEvent =
  | { type: 'reservation.created'; reservation: Reservation }
  | { type: 'reservation.statusSet'; reservationId: string; status: ReservationStatus; at: string; cancelReason?: string; noShow?: boolean; depositPaid?: boolean }
  /** Follows dine-in's `table.opened` of the same decision, which opened the order. */
  | { type: 'reservation.arrived'; reservationId: string; orderId: string; at: string }
  /** Reservations of past days leaving the live state into their day files. */
  | { type: 'reservation.filed'; reservations: Reservation[] }
  /** A deposit taken (its applier folds it into the open shift; the same decision books it in the tally). */
  | { type: 'reservation.depositTaken'; reservationId: string; deposit: DepositRecord }
  /** A paid deposit given back or kept at a cancellation or no-show (its applier folds a refund into the open shift). */
  | { type: 'reservation.depositSettled'; reservationId: string; outcome: DepositOutcome };

/** The reservations slice of the live state: today's and the coming days' (past days are on demand). */
export type ReservationsState = {
  upcomingReservations: Record<string, Reservation>;
  reservationNo: number;
};

/** GET /api/reservations query: a restaurant day (YYYY-MM-DD) and a page of it. */
export const reservationDayQuerySchema = z.object({
  day: calendarDaySchema,
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** GET /api/reservations answer: one day's reservations by time, a page of them. */
export type ReservationDayPage = { ok: true; day: string; reservations: Reservation[]; more: boolean };

/** Reservations: booking and its status (M001, the tables section); the deposit is money (payment). */
export const reservationsProtocol = defineProtocol<ReservationEvent, ReservationsState>()({
  name: 'reservations',
  commands: reservationCommandPayloads,
  aliases: {
    'reservation.create': 'M001',
    'reservation.payDeposit': 'payment',
    'reservation.depositFailed': 'payment',
    'reservation.ready': 'M001',
    'reservation.arrive': 'M001',
    'reservation.finish': 'M001',
    'reservation.cancel': 'M001',
    'reservation.noShow': 'M001',
  },
  errors: {
    RESERVATION_STATUS: 409,
    RESERVATION_OUT_OF_WINDOW: 400,
    RESERVATION_CLASH: 409,
    RESERVATION_TOO_EARLY: 409,
    // A paid deposit at a cancellation or no-show: say whether it is given back or kept.
    DEPOSIT_ACTION_REQUIRED: 400,
    // A deposit larger than the bill: say whether the excess is given back or kept (order.settle's depositExcess).
    DEPOSIT_EXCESS_CHOICE_REQUIRED: 400,
  },
});
