import { z } from 'zod';
import { calendarDaySchema } from '../calendar-day.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { PAY_METHODS, type PayMethod } from './payment.ts';

/**
 * The daily bookkeeping (SPEC.md `/pages/tally/index`, menu M007): money that
 * came in or went out besides sales (the market, gas, wages, tips paid
 * out...), each entry with who and when, filed under the business day
 * (hub/domain/business-day.ts). Entries of past business days leave the live
 * state into day files (`tally/YYYY-MM-DD.jsonl`); GET /api/tally reads a day.
 */

export const TALLY_KINDS = ['income', 'expense'] as const;
export type TallyKind = (typeof TALLY_KINDS)[number];

/**
 * The categories and the kind each belongs to: a category is income or
 * expense, never both (a tip handed to the staff is an expense of the
 * drawer). `otherIncome`/`otherExpense` take a free text in the note.
 */
export const TALLY_CATEGORIES = {
  market: 'expense',
  gas: 'expense',
  wages: 'expense',
  tips: 'expense',
  otherExpense: 'expense',
  otherIncome: 'income',
  // Recorded by the reservation flow only (hub/domain/reservations/deposit.ts), never by hand:
  // a deposit taken, and a deposit (or its excess over the bill) given back.
  deposit: 'income',
  depositReturn: 'expense',
} as const satisfies Record<string, TallyKind>;
export type TallyCategory = keyof typeof TALLY_CATEGORIES;
export const TALLY_CATEGORY_NAMES = Object.keys(TALLY_CATEGORIES) as [TallyCategory, ...TallyCategory[]];
/** Categories only the hub books (a reservation's deposit and its return): refused in `tally.add`, never removed by hand. */
export const DEPOSIT_TALLY_CATEGORIES: readonly TallyCategory[] = ['deposit', 'depositReturn'];

/**
 * The largest entry: S/ 100,000. A restaurant's daily purchase or wage is far
 * below; a bigger number is a typo (an extra zero or two) that would hide the
 * day's real cash.
 */
export const TALLY_MAX_CENTS = 10_000_000;

export const tallyAddSchema = z.object({
  /** Minted on the device, so a resent add is recognised. */
  id: idSchema,
  kind: z.enum(TALLY_KINDS),
  category: z.enum(TALLY_CATEGORY_NAMES),
  amountCents: z.int().min(1).max(TALLY_MAX_CENTS),
  /** What it was (required for the "other" categories: the free text). */
  note: z.string().trim().max(140),
  /** How the money moved; absent: cash from or into the drawer (what the drawer's count needs). */
  method: z.enum(PAY_METHODS).optional(),
});
export type TallyAdd = z.infer<typeof tallyAddSchema>;

/** One bookkeeping entry as recorded. */
export type TallyEntry = {
  id: string;
  kind: TallyKind;
  category: TallyCategory;
  amountCents: number;
  note: string;
  method: PayMethod;
  /** The business day it counts for (Lima, closing hour), fixed when recorded. */
  day: string;
  /** Hub time of the entry, and who made it. */
  at: string;
  by: string | null;
  /** Kept, marked, when someone takes it back: the book shows what was removed, by whom and why. */
  removed?: { at: string; by: string | null; reason: string };
};

/** An entry in a day file, with the log seq that filed it (the seq makes filing it again harmless). */
export type FiledTallyEntry = { seq: number; entry: TallyEntry };

export type TallyEvent =
  | { type: 'tally.added'; entry: TallyEntry }
  | { type: 'tally.removed'; id: string; at: string; by: string | null; reason: string }
  /** Entries of business days before today leave the live state for their day files. */
  | { type: 'tally.filed'; entries: TallyEntry[] };

/** The entries of the business days not yet filed (today's, and yesterday's until the next entry). */
export type TallyState = { tallyEntries: Record<string, TallyEntry> };

/** The day's figures GET /api/tally answers with (hub/domain/tally/summary.ts computes them). */
export type TallySummary = {
  /** Closed bills of the day (withdrawn orders left out) and what they came to. */
  billCount: number;
  salesCents: number;
  /** What each drawer or terminal kept, per payment method: soles cash is net of the change (hub/domain/kept-by-method.ts). */
  salesByMethod: Partial<Record<PayMethod, number>>;
  /** Change handed back (always soles cash). */
  changeCents: number;
  /** Cash given back by voids and refunds recorded that day. */
  cashRefundsCents: number;
  incomeCents: number;
  expenseCents: number;
  byCategory: Partial<Record<TallyCategory, number>>;
  cashIncomeCents: number;
  cashExpenseCents: number;
  /** Payments towards on-account debts collected that day, per method (net of change: hub/domain/account), and the soles cash among them. */
  debtsByMethod: Partial<Record<PayMethod, number>>;
  cashDebtsCents: number;
  /** cash kept (net of change) + debts collected in cash − cash refunds + cash income − cash expenses. */
  expectedCashCents: number;
};

/** GET /api/tally?day=YYYY-MM-DD. */
export const tallyQuerySchema = z.object({ day: calendarDaySchema.optional() });
export type TallyDayResponse = {
  ok: true;
  day: string;
  /** Today's business day: only its entries may still be removed. */
  today: string;
  closingHour: number;
  /** Oldest first, removed ones included (marked). */
  entries: TallyEntry[];
  summary: TallySummary;
};

export const tallyProtocol = defineProtocol<TallyEvent, TallyState>()({
  name: 'tally',
  commands: {
    'tally.add': tallyAddSchema,
    'tally.remove': z.object({ id: idSchema, reason: z.string().trim().min(1).max(140) }),
  },
  aliases: { 'tally.add': 'M007', 'tally.remove': 'M007' },
  errors: {
    TALLY_ENTRY_EXISTS: 409,
    // A category of the other kind (market as income...).
    TALLY_WRONG_CATEGORY: 400,
    // "Other income/expense" says what in the note.
    TALLY_NOTE_REQUIRED: 400,
    // Entries of a past business day stay as they were: a correction is a new entry today.
    TALLY_DAY_CLOSED: 409,
    TALLY_ALREADY_REMOVED: 409,
    // A deposit's entry is the reservation's payment: it changes only through the reservation (refund or keep).
    TALLY_ENTRY_LOCKED: 409,
  },
});
