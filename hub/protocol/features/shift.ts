import { z } from 'zod';
import { calendarDaySchema } from '../calendar-day.ts';
import { centsSchema } from '../entities.ts';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { PAY_METHODS, type PayMethod } from './payment.ts';

/**
 * Shift handover (M006, issue 12): a cashier opens a shift with an opening
 * float, records cash put in or taken out with a reason, and closes it by
 * counting each payment method against what the shift expects. The hub is
 * ONE register (one cash drawer, the box's): at most one shift is open at a
 * time, whoever opened it; the next cashier opens the next shift after the
 * close (the handover). The open shift keeps running totals, folded in as
 * bills settle and refunds happen, so the expected figures never need an
 * archive scan. A closed shift leaves the live state into `shifts/` day files.
 */

export const CASH_DIRECTIONS = ['in', 'out'] as const;
export type CashDirection = (typeof CASH_DIRECTIONS)[number];

/** Cash movements a shift keeps; past this the cashier closes and opens the next (the live state stays small). */
export const SHIFT_MAX_MOVES = 200;

/**
 * Methods the cashier counts at the close. On account is owed, not received;
 * a member's balance was paid earlier: neither has anything to count.
 */
export const COUNTED_METHODS = PAY_METHODS.filter((m) => m !== 'onAccount' && m !== 'balance');
export type CountedMethod = Exclude<PayMethod, 'onAccount' | 'balance'>;

/** One cash movement of a shift (change brought in, a market purchase paid from the drawer...). */
export type CashMove = { id: string; direction: CashDirection; amountCents: number; reason: string; at: string; by: string | null };

/**
 * What the shift's bills and refunds added up to so far. Amounts in céntimos
 * (soles), but dollar cash (`usd`) also in US cents (`usdCents`), as it is counted.
 */
export type ShiftTotals = {
  salesCount: number;
  /** Sum of the bills' totals (what was charged). */
  salesCents: number;
  /** Received per payment method (soles; for usd the soles equivalent). */
  receivedByMethod: Partial<Record<PayMethod, number>>;
  /** Dollars received in cash, in US cents. */
  usdCents: number;
  /** Change given back (always soles cash). */
  changeCents: number;
  /** Line and order discounts, gifts and tips of the shift's bills. */
  discountCents: number;
  giftCents: number;
  tipCents: number;
  refundCount: number;
  /** Given back per method by voids and refunds during the shift. */
  refundsByMethod: Partial<Record<PayMethod, number>>;
  /**
   * Reservation deposits taken during the shift, per method (issue 18 item 6; absent in shifts
   * opened before it): money in the drawer or terminal, not a sale (the bill that credits it later
   * is the sale). Shown as "Reservas (adelantos)".
   */
  depositsByMethod?: Partial<Record<PayMethod, number>>;
  /** Deposits (or what a deposit exceeded the bill by) given back during the shift, per method. */
  depositReturnsByMethod?: Partial<Record<PayMethod, number>>;
  /** Deposits (or their excess over the bill) the restaurant kept: income already counted when taken. */
  depositKeptCents?: number;
  /**
   * Cash riders collected at the door and handed in at the till during the shift, per rider
   * (issue 21; absent in shifts opened before it). The collected cash is in `receivedByMethod`
   * like any cash payment, but it reaches the drawer only when handed in: the expected cash
   * counts the hand-ins, never the collections (hub/domain/riders/README.md).
   */
  riderCash?: Record<string, RiderCashTotals>;
  /**
   * Member recharges taken during the shift (issue 22; absent in shifts opened before it), per
   * method as the drawer or terminal counts them (cash, yape for a scan, transfer for a remittance:
   * `rechargePayMethod`), the paid amount only (a bonus is credit, not money). Money in the
   * drawer or terminal, NOT a sale: the meal the balance later pays for is the sale.
   */
  rechargesByMethod?: Partial<Record<PayMethod, number>>;
  rechargeCount?: number;
};

/** One rider's cash in a shift: collected at doors (net of the change they gave), handed in, and what they held after. */
export type RiderCashTotals = { collectedCents: number; handedInCents: number; handIns: number; heldCents: number };

/** A shift as the live state holds it while open. */
export type Shift = {
  id: string;
  openedAt: string;
  openedBy: string | null;
  floatCents: number;
  totals: ShiftTotals;
  moves: CashMove[];
};

/** One method's line at the close: what the shift expects, what was counted, and the difference (counted − expected). */
export type ShiftCount = { method: CountedMethod; expectedCents: number; countedCents: number; differenceCents: number };

/** A closed shift as its day file keeps it (GET /api/shifts). */
export type ClosedShift = Shift & { closedAt: string; closedBy: string | null; counts: ShiftCount[]; note: string };

/** GET /api/shifts?day=YYYY-MM-DD: the shifts closed that day (restaurant's calendar day), newest first. */
export const shiftDayQuerySchema = z.object({ day: calendarDaySchema });
export type ShiftDayPage = { ok: true; day: string; shifts: ClosedShift[] };

export type ShiftEvent =
  | { type: 'shift.opened'; shift: Shift }
  | { type: 'shift.cashMoved'; move: CashMove }
  | { type: 'shift.closed'; shift: ClosedShift }
  /** A closed shift's Z report printed again (the shift page): changes no state, causes the print jobs. */
  | { type: 'shift.reportReprinted'; shift: ClosedShift; printerId: string };

export type ShiftState = { openShift: Shift | null };

/** A closed shift as the hub read it from its day file (never from a device: the command is internal). */
const closedShiftData = z.custom<ClosedShift>((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

const countedSchema = z.partialRecord(z.enum(COUNTED_METHODS as unknown as [CountedMethod, ...CountedMethod[]]), centsSchema);

export const shiftProtocol = defineProtocol<ShiftEvent, ShiftState>()({
  name: 'shift',
  commands: {
    'shift.open': z.object({ id: idSchema, floatCents: centsSchema }),
    'shift.cashMove': z.object({ id: idSchema, direction: z.enum(CASH_DIRECTIONS), amountCents: centsSchema.min(1), reason: z.string().trim().min(1).max(80) }),
    'shift.close': z.object({ counted: countedSchema, note: z.string().trim().max(200) }),
    /**
     * Internal: POST /api/shifts/:shiftId/print read the closed shift from its day file (M006
     * checked there) and hands it in, as `bill.reprint` does a bill: the log says who printed it again.
     */
    'shift.printReport': z.object({ shift: closedShiftData, printerId: idSchema.optional() }),
  },
  aliases: { 'shift.open': 'M006', 'shift.cashMove': 'M006', 'shift.close': 'M006', 'shift.printReport': INTERNAL },
  errors: {
    SHIFT_ALREADY_OPEN: 409,
    NO_OPEN_SHIFT: 409,
    // More cash out than the drawer is expected to hold.
    CASH_OUT_TOO_LARGE: 409,
    SHIFT_MOVE_EXISTS: 409,
    SHIFT_TOO_MANY_MOVES: 409,
    // A method the shift expects was not counted (message: the method).
    SHIFT_COUNT_MISSING: 400,
  },
});
