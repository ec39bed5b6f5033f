import { z } from 'zod';
import { bucketEntries, bucketGet, type Buckets } from '../buckets.ts';
import { calendarDaySchema } from '../calendar-day.ts';
import { centsSchema, MAX_CENTS, uuidSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';

/**
 * Members (M004, issue 22) and their prepaid balance. The balance is a LEDGER: every move
 * (recharge, spend, refund, adjustment) is one `member.ledgerEntered` event whose entry is
 * filed into `members-ledger/YYYY-MM-DD.jsonl` (history on demand); the member record keeps
 * the balance, the entry count and the last few entries. Every members slice is the hub's
 * alone: devices get them left out and read members through M004 routes (directory room).
 * Decisions (verification, SUNAT, erasure, numbers): hub/domain/members/README.md.
 */

/** SPEC.md sex: 0 secret, 1 male, 2 female. */
export const GENDERS = [0, 1, 2] as const;
export type Gender = (typeof GENDERS)[number];
/** SPEC.md registration method: 1 DNI, 2 passport, 3 other. */
export const REG_METHODS = { dni: 1, passport: 2, other: 3 } as const;
export type RegMethod = (typeof REG_METHODS)[keyof typeof REG_METHODS];
/** SPEC.md recharge options: 2 cash, 3 scan code (Yape/Plin), 4 offline remittance (bank transfer). */
export const RECHARGE_METHODS = { cash: 2, scan: 3, remittance: 4 } as const;
export type RechargeMethod = (typeof RECHARGE_METHODS)[keyof typeof RECHARGE_METHODS];
export const LEDGER_KINDS = ['recharge', 'spend', 'refund', 'adjust'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * How many entries a member record keeps: enough to answer a retried recharge and reprint the
 * latest slips; the history is read from the day files (hub/engine/ledger-read.ts). Few, because
 * 20,000 members × 20 entries of ~400 bytes would be ~160 MB of live state and snapshot.
 */
export const RECENT_ENTRIES = 5;
/** Membership numbers: "000001", never reused (an erased member keeps theirs). */
export const MEMBER_NO_DIGITS = 6;
/** The largest single recharge (S/ 100,000): a typo guard, far above any real one. */
export const MAX_RECHARGE_CENTS = 10_000_000;

/** A recharge order (SPEC.md section 3): what the guest paid in and how. */
export type RechargeOrder = {
  /** Hub-numbered, never reused. */
  no: number;
  method: RechargeMethod;
  /** What the guest paid (counted in the open shift under `method`). */
  amountCents: number;
  /** A promotion's extra (0 by default): credited to the balance, not money received. */
  bonusCents: number;
  /** Method 3: the Yape/Plin operation number. */
  operationNo: string;
  /** Method 4: the bank, then the card's last digits (never a whole card number). */
  bank: string;
  cardNo: string;
  /** Method 4: the transfer certificate number. */
  certificate: string;
  accountName: string;
  /** Method 4: when the money arrived, ISO 8601. */
  arrivedAt: string | null;
  /** The shift the money was counted in. */
  shiftId: string | null;
};

/** One balance move. `cents` is signed; the member's balance is the sum of their entries' cents. */
export type LedgerEntry = {
  id: string;
  memberId: string;
  memberNo: string;
  /** 0, 1, 2... per member, gap-free (the member's `entries` before it). */
  seq: number;
  kind: LedgerKind;
  /** + recharge (amount + bonus), refund, positive adjust; - spend, negative adjust. */
  cents: number;
  balanceAfterCents: number;
  /** The Lima business day (its day file). */
  day: string;
  at: string;
  by: string | null;
  /** Adjustments: the manager who approved (null when the actor holds the gate themself). */
  approver: string | null;
  /** Adjustments (required) and refunds; '' otherwise. */
  reason: string;
  /** Spend / refund: the bill and its archive day. */
  billId: string | null;
  billDay: string | null;
  /** Recharge only. */
  recharge: RechargeOrder | null;
};

export type Member = {
  /** uuid minted by the device that registers. */
  id: string;
  /** "000001": from memberCounters, never reused. */
  no: string;
  /** Peruvian mobile normalised to "9xxxxxxxx" ('' once erased). */
  phone: string;
  lastName: string;
  name: string;
  email: string;
  gender: Gender;
  city: string;
  address: string;
  /** 'YYYY-MM-DD' or ''. */
  birthday: string;
  regMethod: RegMethod;
  /** DNI 8 digits / passport / other, upper-case without spaces ('' when none). */
  docId: string;
  /** The sum of the member's ledger entries, never negative. */
  balanceCents: number;
  /** How many ledger entries (the next entry's seq). */
  entries: number;
  /** The last RECENT_ENTRIES entries, newest first. */
  recent: LedgerEntry[];
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  /** Personal data erased on request: the ledger stays, anonymised. */
  erasedAt: string | null;
};

/**
 * A Peruvian mobile as people type it: "987 654 321", "+51 987654321", "51-987-654-321".
 * Returns the 9 digits starting with 9, or null (PHONE_INVALID).
 */
export function normalisePhone(text: string): string | null {
  const digits = text.replace(/[\s\-().]/g, '');
  const m = /^(?:\+?51)?(9\d{8})$/.exec(digits);
  return m ? m[1]! : null;
}

/** A document number as stored and indexed: upper-case, without spaces or dashes. */
export function normaliseDocId(text: string): string {
  return text.toUpperCase().replace(/[\s-]/g, '');
}

/** The key of `memberByDoc`: the method and the number ("1:12345678"), so a DNI and a passport never clash. */
export function docKeyOf(regMethod: RegMethod, docId: string): string {
  return `${regMethod}:${docId}`;
}

/** The membership number for counter value n: "000001". */
export function memberNoOf(n: number): string {
  return String(n).padStart(MEMBER_NO_DIGITS, '0');
}

/** "Ana P.": what an order, a bill and a till show of a member (never more). */
export function memberShortName(m: Pick<Member, 'name' | 'lastName'>): string {
  const initial = m.lastName.trim().charAt(0).toUpperCase();
  return initial ? `${m.name.trim()} ${initial}.` : m.name.trim();
}

// Texts the handler checks (its own translated codes rather than a schema error).
const phoneText = z.string().trim().max(20);
const personText = z.string().trim().max(40);
const genderSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
const regMethodSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
const rechargeMethodSchema = z.union([z.literal(2), z.literal(3), z.literal(4)]);

/** The personal fields of register and update (checked by the handler: PHONE_INVALID, EMAIL_INVALID...). */
export const memberFieldsSchema = z.object({
  phone: phoneText,
  lastName: personText,
  name: personText,
  email: z.string().trim().max(80).optional(),
  gender: genderSchema,
  city: z.string().trim().max(60).optional(),
  address: z.string().trim().max(200).optional(),
  /** 'YYYY-MM-DD' or '' (BIRTHDAY_INVALID past ±150 years). */
  birthday: z.union([z.literal(''), calendarDaySchema]).optional(),
  regMethod: regMethodSchema,
  docId: z.string().trim().max(20).optional(),
});
export type MemberFields = z.infer<typeof memberFieldsSchema>;

/** Payload schemas of the member commands. */
const memberCommandPayloads = {
  'member.register': memberFieldsSchema.extend({ memberId: uuidSchema }),
  'member.update': memberFieldsSchema.extend({ memberId: idSchema }),
  /** Personal data erased on request (owner): the ledger and balance stay, anonymised. */
  'member.erase': z.object({ memberId: idSchema, reason: z.string().trim().max(140) }),
  /** Money in: needs an open shift (its cash is drawer cash). A slip prints when `print`. */
  'member.recharge': z.object({
    memberId: idSchema,
    rechargeId: uuidSchema,
    amountCents: z.int().min(1).max(MAX_RECHARGE_CENTS),
    bonusCents: centsSchema.max(MAX_RECHARGE_CENTS).optional(),
    method: rechargeMethodSchema,
    operationNo: z.string().trim().max(40).optional(),
    bank: z.string().trim().max(60).optional(),
    cardNo: z.string().trim().max(30).optional(),
    certificate: z.string().trim().max(40).optional(),
    accountName: z.string().trim().max(80).optional(),
    arrivedAt: z.iso.datetime({ offset: true }).optional(),
    print: z.boolean(),
  }),
  /** A correction by hand (approvable: a cashier with a manager's PIN); never below 0. */
  'member.adjust': z.object({
    memberId: idSchema,
    entryId: uuidSchema,
    cents: z
      .int()
      .min(-MAX_CENTS)
      .max(MAX_CENTS)
      .refine((c) => c !== 0),
    reason: z.string().trim().max(140),
  }),
  /** Prints a recharge's slip again (from the member's recent entries). */
  'member.reprintRecharge': z.object({ memberId: idSchema, entryId: idSchema }),
} as const;

/** Events of members (hub-only: no device receives them; hub/presenters/events.ts). */
export type MembersEvent =
  | { type: 'member.registered'; member: Member }
  | { type: 'member.updated'; member: Member }
  /** Personal fields blanked and the indexes freed; `reason` and `by` for the audit. */
  | { type: 'member.erased'; memberId: string; at: string; by: string | null; reason: string }
  /** THE balance move: every recharge, spend, refund and adjustment (one applier; filed to members-ledger/). */
  | { type: 'member.ledgerEntered'; entry: LedgerEntry; print?: boolean }
  /** A recharge slip asked for again (a print job's cause only). */
  | { type: 'member.rechargeReprinted'; memberId: string; entryId: string; at: string; by: string | null };

/** Counters of the hub: the last membership number and the last recharge order number given. */
export type MemberCounters = { memberNo: number; rechargeNo: number };

/**
 * The members slices: the hub's alone (left out for every device). Large (20,000 members), so
 * each is BUCKETED (protocol/buckets.ts: one write copies ~80 entries, not 20,000): read them
 * through `memberById`, `memberIdByPhone`, `memberIdByNo`, `memberIdByDoc` and `everyMember`,
 * never by indexing the slice.
 */
export type MembersState = {
  /** id → member. */
  members: Buckets<Member>;
  /** Normalised phone → member id (live members only). */
  memberByPhone: Buckets<string>;
  /** Membership number → member id (erased members too: a number is never reused). */
  memberByNo: Buckets<string>;
  /** `docKeyOf(regMethod, docId)` → member id (live members with a document). */
  memberByDoc: Buckets<string>;
  memberCounters: MemberCounters;
};

type MembersSeen = Partial<MembersState>;

/** The member under `id`; undefined where there is none, or no members slice (a device). */
export function memberById(state: MembersSeen, id: string): Member | undefined {
  return bucketGet(state.members, id);
}

/** The live member with this phone (any typing: normalised here). */
export function memberIdByPhone(state: MembersSeen, phone: string): string | undefined {
  const p = normalisePhone(phone);
  return p === null ? undefined : bucketGet(state.memberByPhone, p);
}

/** The member with this membership number ("000042"; "42" is read as "000042"). */
export function memberIdByNo(state: MembersSeen, no: string): string | undefined {
  const t = no.trim();
  if (!/^\d{1,9}$/.test(t)) return undefined;
  return bucketGet(state.memberByNo, t.length < MEMBER_NO_DIGITS ? t.padStart(MEMBER_NO_DIGITS, '0') : t);
}

/** The live member with this document. */
export function memberIdByDoc(state: MembersSeen, regMethod: RegMethod, docId: string): string | undefined {
  return bucketGet(state.memberByDoc, docKeyOf(regMethod, normaliseDocId(docId)));
}

/** Every member (erased ones too): for a search index built at start, never on the command path. */
export function* everyMember(state: MembersSeen): Generator<Member> {
  for (const [, m] of bucketEntries(state.members)) yield m;
}

/** One line of a ledger day file (members-ledger/YYYY-MM-DD.jsonl): the entry as recorded. */
export type LedgerDayLine = LedgerEntry;

export const membersProtocol = defineProtocol<MembersEvent, MembersState>()({
  name: 'members',
  commands: memberCommandPayloads,
  aliases: {
    'member.register': 'M004',
    'member.update': 'M004',
    'member.erase': 'settings',
    'member.recharge': 'payment',
    'member.adjust': 'refund',
    'member.reprintRecharge': 'payment',
  },
  errors: {
    MEMBER_NOT_FOUND: 404,
    // Erased on request: no longer pays, is found or attached.
    MEMBER_ERASED: 409,
    // Another live member has this phone / document.
    MEMBER_PHONE_TAKEN: 409,
    MEMBER_DOC_TAKEN: 409,
    EMAIL_INVALID: 400,
    // A DNI is 8 digits; a passport or other document 4-20 letters and digits.
    DOC_ID_INVALID: 400,
    // Not a real day within 150 years before or after today (SPEC).
    BIRTHDAY_INVALID: 400,
    // A scan-code recharge without its operation number is payment's OPERATION_NO_REQUIRED.
    // SPEC: "bank must be entered first", then "bank card number must be entered first" (remittance).
    MEMBER_BANK_REQUIRED: 400,
    MEMBER_CARD_REQUIRED: 400,
    // A reprint of an entry that is not a recharge in the member's recent entries.
    RECHARGE_NOT_FOUND: 404,
  },
});
