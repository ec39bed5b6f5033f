import { z } from 'zod';
import { calendarDaySchema } from '../calendar-day.ts';
import { centsSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import type { PayMethod } from './payment.ts';

/**
 * On-account bills (issue 12; SPEC.md Bill/order "on-credit flag (isAccount)",
 * section 3 "On-account flag: 0 no, 1 yes, 2 written off"). A bill settled
 * with the `onAccount` method is closed and archived like any other, but its
 * on-account part is owed by a person: it stays live here as a debt until it
 * is paid later (any real method, in one go or in parts) or written off with
 * a manager's approval. A closed debt leaves the live state for its day file
 * (`accounts/YYYY-MM-DD.jsonl`, by the Lima day it closed); GET /api/accounts
 * reads both. Settling and writing off are hub-only rules
 * (hub/domain/hub-rules.ts): a device waits for the hub's answer.
 */

/**
 * How a debt may be paid later: real money only. Not `onAccount` (a debt
 * paying a debt), nor `balance` (a member's balance is not built yet), nor
 * `usd` (no day's rate needed to collect a debt in soles).
 */
export const DEBT_METHODS = ['cash', 'visa', 'mastercard', 'otherCard', 'yape', 'plin', 'transfer'] as const satisfies readonly PayMethod[];
export type DebtMethod = (typeof DEBT_METHODS)[number];

export const debtPaymentInputSchema = z.object({
  method: z.enum(DEBT_METHODS),
  amountCents: centsSchema.min(1),
  /** Yape/Plin/transfer operation number (required for those), a card voucher's number (optional). */
  operationNo: z.string().trim().max(30).optional(),
});
export type DebtPaymentInput = z.infer<typeof debtPaymentInputSchema>;

/** One payment towards a debt as recorded: how much went to the debt (change already taken off), by whom and when. */
export type DebtPayment = { method: DebtMethod; amountCents: number; operationNo: string; at: string; by: string | null };

/** An open debt: a bill's on-account part, who owes it, and what was paid so far. */
export type Debt = {
  billId: string;
  billNo: number;
  /** The Lima calendar day the bill was closed: its archive day file (GET /api/bills/:billId?day=). */
  day: string;
  person: string;
  contact: string;
  /** The bill's on-account part, in céntimos. */
  owedCents: number;
  /** Paid towards it so far (always less than owed while the debt is open). */
  paidCents: number;
  payments: DebtPayment[];
  /** When the bill was settled on account. */
  openedAt: string;
};

/** SPEC.md on-account flag of a closed debt: 1 paid in full (the bill stays "on account"), 2 written off. */
export type ClosedDebt = Debt & {
  state: 'settled' | 'writtenOff';
  accountFlag: 1 | 2;
  closedAt: string;
  closedBy: string | null;
  /** Write-off only: the manager who approved it (the actor when they hold the gate themself) and why. */
  approvedBy?: string | null;
  reason?: string;
};

/** A closed debt in a day file, with the log seq that filed it. */
export type FiledDebt = { seq: number; debt: ClosedDebt };

export type AccountEvent =
  /**
   * A payment towards a debt (one or several methods at once). `changeCents`: cash handed
   * back when the guest gave more than was owed. `closed`: the debt as filed when this paid it off.
   */
  | { type: 'account.paid'; billId: string; payments: DebtPayment[]; changeCents: number; closed: ClosedDebt | null }
  | { type: 'account.writtenOff'; debt: ClosedDebt };

/** Open debts only, by bill id. */
export type AccountState = { accounts: Record<string, Debt> };

export const accountSettleSchema = z.object({
  billId: idSchema,
  payments: z.array(debtPaymentInputSchema).min(1).max(4),
});
export const accountWriteOffSchema = z.object({ billId: idSchema, reason: z.string().trim().min(1).max(140) });

/** GET /api/accounts: open debts (live) or closed ones (day files between two Lima days, at most a year). */
export const ACCOUNT_LIST_STATES = ['open', 'settled', 'writtenOff'] as const;
export const accountQuerySchema = z.object({
  state: z.enum(ACCOUNT_LIST_STATES).default('open'),
  person: z.string().trim().max(140).optional(),
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
});
export type AccountQuery = z.infer<typeof accountQuerySchema>;
export type AccountListResponse = { ok: true; state: AccountQuery['state']; from: string | null; to: string | null; debts: (Debt | ClosedDebt)[] };

export const accountProtocol = defineProtocol<AccountEvent, AccountState>()({
  name: 'account',
  commands: {
    /** Pays part or all of what a debt still owes; cash may exceed it (the change is handed back). */
    'account.settle': accountSettleSchema,
    /** Gives up on a debt (on-account flag 2): `refund`, which a manager holds and approves for a cashier. */
    'account.writeOff': accountWriteOffSchema,
  },
  aliases: { 'account.settle': 'payment', 'account.writeOff': 'refund' },
  errors: {
    // No open debt for that bill: never on account, already paid off or written off.
    DEBT_NOT_FOUND: 404,
    // More than the debt still owes, beyond what cash could hand back as change.
    DEBT_OVERPAID: 409,
  },
});
