import { z } from 'zod';
import { centsSchema, shortText } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import { couponKeySchema } from './coupons.ts';
import { depositExcessSchema } from './reservations.ts';
import type { BillFiscal } from './einvoice.ts';

/**
 * Payment (issue 9; SPEC.md section 2 "Payment tabs", section 3 Bill/order,
 * Dollar settlement and Invoice header, section 9 payment types and account
 * codes): the adjustments a cashier makes to a table's bill (tip, order
 * discount, single-item discount, lunch box), the day's dollar rate, and
 * settling with several payments and the sales document chosen.
 *
 * Settling is ONE command carrying the whole list of payments: the bill is
 * paid in full or not at all, so two tills can never each take half of it and
 * an offline till never leaves a half-paid table behind. The "partial payment"
 * label of SPEC.md is therefore never a stored state here (see
 * hub/domain/payment/README.md).
 */

/**
 * How a guest pays. `usd` is cash in dollars (SPEC.md Dollar settlement):
 * converted at the day's rate, change is given in soles.
 */
export const PAY_METHODS = ['cash', 'usd', 'visa', 'mastercard', 'otherCard', 'yape', 'plin', 'transfer', 'balance', 'onAccount'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/**
 * SPEC.md section 9 payment account codes, stored in each bill payment. The
 * spec gives 1 cash, 2 balance, 105 PayPal, 201 Visa, 202 Mastercard; the
 * others are ours: the 1xx block is the spec's "transfer and wallets" block
 * (take-away pay types: 100 direct transfer, 101/102 wallets), so Yape and
 * Plin follow PayPal; other cards follow the card block; dollars are cash (1)
 * told apart by their currency; on account is 3 (SPEC.md on-credit flag).
 */
export const ACCOUNT_CODES: Record<PayMethod, number> = {
  cash: 1,
  usd: 1,
  balance: 2,
  onAccount: 3,
  transfer: 100,
  yape: 106,
  plin: 107,
  visa: 201,
  mastercard: 202,
  otherCard: 203,
};

/** Methods whose money is in the drawer: the only ones change may come from. */
export const CASH_METHODS: readonly PayMethod[] = ['cash', 'usd'];
/** Methods that need the operation number the wallet or bank shows (it is how a payment is found later). */
export const OPERATION_METHODS: readonly PayMethod[] = ['yape', 'plin', 'transfer'];

const operationNo = z.string().trim().max(30);
/** Which share of a split bill a payment pays (0-based; absent: the first, or the whole bill when it is not split). */
const shareIndex = z.int().min(0).max(19);

/** One payment as the till sends it: soles, or dollars (converted by the hub at the day's rate). */
export const paymentInputSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('usd'), usdCents: centsSchema.min(1), share: shareIndex.optional() }),
  z.object({
    method: z.enum(PAY_METHODS.filter((m): m is Exclude<PayMethod, 'usd'> => m !== 'usd') as [Exclude<PayMethod, 'usd'>, ...Exclude<PayMethod, 'usd'>[]]),
    amountCents: centsSchema.min(1),
    /** Yape/Plin/transfer operation number, a card voucher's number (optional for cards). */
    operationNo: operationNo.optional(),
    /** On account: who owes it and how to reach them (SPEC.md on-account person, contact). */
    person: shortText.optional(),
    contact: z.string().trim().max(40).optional(),
    share: shareIndex.optional(),
    /** Soles cash only: the rider (staff id) who collects it at the door and hands it in later (BillPayment.heldBy). */
    heldBy: idSchema.optional(),
  }),
]);
export type PaymentInput = z.infer<typeof paymentInputSchema>;

/** A payment as the bill keeps it: always in soles; dollars also as given and at which rate. */
export type BillPayment = {
  method: PayMethod;
  accountCode: number;
  amountCents: number;
  operationNo: string;
  /** Dollar cash only: the dollars received and the rate (soles per dollar, in thousandths). */
  usdCents: number;
  rateMilli: number;
  person: string;
  contact: string;
  /** Split bills only: the share (0-based) this payment pays; absent when the bill was not split. */
  share?: number;
  /**
   * Cash a rider collected at the door (issue 21): the rider's staff id. It is a cash sale like any
   * other, but the money is in the rider's pocket until `rider.handIn` brings it to the drawer
   * (hub/domain/riders/README.md). Absent: the money went straight to the till.
   */
  heldBy?: string;
};

/**
 * One guest's share of a split bill: what it came to, what that guest paid and the change handed back;
 * when the parts were settled each with its own document (issue 18 item 12), that document and, for a
 * boleta or factura, its number (hub/domain/payment/split-parts.ts reads the part as a bill of its own).
 */
export type BillShare = { amountCents: number; paidCents: number; changeCents: number; document?: SaleDocument; fiscal?: BillFiscal };

/** One payment in soles cash, as the bill keeps it. */
export function cashPayment(amountCents: number): BillPayment {
  return { method: 'cash', accountCode: ACCOUNT_CODES.cash, amountCents, operationNo: '', usdCents: 0, rateMilli: 0, person: '', contact: '' };
}

/** SPEC.md / SUNAT sales documents: sale note (internal), boleta (consumer), factura (company, RUC). */
export const DOC_KINDS = ['note', 'boleta', 'factura'] as const;
export type DocKind = (typeof DOC_KINDS)[number];
/** SUNAT: a boleta of S/ 700 or more must name the buyer (DNI and name). */
export const BOLETA_ID_THRESHOLD_CENTS = 70_000;

/**
 * SUNAT catalogue 06: the identity documents a boleta's buyer may show: DNI (1), carné de
 * extranjería (4), pasaporte (7), cédula diplomática (A). A factura's buyer is always a RUC (6).
 */
export const BUYER_ID_TYPES = ['1', '4', '7', 'A'] as const;
export type BuyerIdType = (typeof BUYER_ID_TYPES)[number];
/** SUNAT's rule 2022: a named buyer's name has 3 to 1500 characters. */
export const MIN_BUYER_NAME = 3;

/**
 * The document the guest asked for, and the buyer on it (an ID for a boleta: DNI unless
 * `idType` says otherwise; RUC for a factura). Up to 15 characters: a passport's number.
 */
export const saleDocumentSchema = z.object({
  kind: z.enum(DOC_KINDS),
  docId: z.string().trim().max(15),
  name: shortText,
  idType: z.enum(BUYER_ID_TYPES).optional(),
});
export type SaleDocument = z.infer<typeof saleDocumentSchema>;
/** A sale note: the document when the guest asks for none. */
export const SALE_NOTE: SaleDocument = { kind: 'note', docId: '', name: '' };

/**
 * An order discount: a percentage 0–99 or an amount (SPEC.md section 5). The
 * negative range SPEC.md mentions (-0 to -99) is the same discount written as
 * the receipt shows it ("-10 %"): the client reads a leading minus as a
 * discount, and no surcharge can be expressed (a surcharge is a tip or a fee).
 */
export const orderDiscountSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), percent: z.int().min(0).max(99) }),
  z.object({ kind: z.literal('amount'), cents: centsSchema }),
]);
export type OrderDiscount = z.infer<typeof orderDiscountSchema>;

/** Packing boxes for food taken home: a price per portion, or one price for the order. */
export const lunchBoxSchema = z.object({ mode: z.enum(['perItem', 'perOrder']), priceCents: centsSchema.max(100_000) });
export type LunchBox = z.infer<typeof lunchBoxSchema>;

/** The payment fields of an order nobody has adjusted yet: spread into every new order. */
export const UNADJUSTED_ORDER = { orderDiscount: null, tipCents: 0, lunchBox: null } as const;

/**
 * The member an order or bill is for (issue 22), as every device may see it: the id, the membership
 * number and "Ana P." (name and the last name's initial). Never a phone, e-mail or document
 * (hub/protocol/features/members.ts holds those, for M004 only).
 */
export type OrderMember = { id: string; no: string; name: string };

/** SPEC.md coupon categories: 1 dine-in (an order at a table), 2 every order without a table (take-away and delivery). */
export type CouponCategory = 1 | 2;
/** The coupon an order holds and its bill used (issue 22): what the receipt, the document and the reports read. */
export type BillCoupon = { code: string; batchId: string; name: string; deductionCents: number; category: CouponCategory };

/** What a guest says aloud to prove a membership at the till: the last 4 digits of the member's phone (README "Verifying a member"). */
export const memberVerifySchema = z.string().trim().regex(/^\d{4}$/);

/** The day's dollar rate the cashier set: soles per dollar in thousandths (3.745 → 3745), for one Lima day. */
export type ExchangeRate = { day: string; rateMilli: number; setBy: string | null };

const paymentCommandPayloads = {
  /** Sets today's rate (the hub's Lima day: a rate is never set for another day). */
  'payment.setExchangeRate': z.object({ rateMilli: z.int().min(1000).max(20_000) }),
  /** Sets (or, with 0, clears) the order discount. */
  'order.setDiscount': z.object({ orderId: idSchema, discount: orderDiscountSchema }),
  /** Sets a line's single-item discount (céntimos off the whole line; 0 clears it). */
  'order.setLineDiscount': z.object({ orderId: idSchema, lineId: idSchema, discountCents: centsSchema }),
  'order.setTip': z.object({ orderId: idSchema, tipCents: centsSchema.max(1_000_000) }),
  /** null takes the lunch boxes off. */
  'order.setLunchBox': z.object({ orderId: idSchema, lunchBox: lunchBoxSchema.nullable() }),
  /** Settles the bill in full: every payment at once, the document, and whether to print it. */
  'order.settle': z.object({
    orderId: idSchema,
    /** At most two payments for each of twenty shares. */
    payments: z.array(paymentInputSchema).max(40),
    /**
     * A split bill: the amount of each share in céntimos (even shares by
     * people, or amounts the cashier typed), adding up to the amount due.
     * Absent: one bill paid together.
     */
    split: z.array(centsSchema).min(2).max(20).optional(),
    /**
     * A split bill whose parts each get their own document (three diners, three facturas): one per
     * share, in the shares' order. `document` is then ignored (the bill keeps a sale note's).
     */
    shareDocuments: z.array(saleDocumentSchema).min(2).max(20).optional(),
    document: saleDocumentSchema,
    print: z.boolean(),
    /** A reservation deposit larger than the bill: the excess given back or kept (required then: DEPOSIT_EXCESS_CHOICE_REQUIRED). */
    depositExcess: depositExcessSchema.optional(),
  }),
  /** A member at the till (issue 22): the order is theirs, its lines take their VIP prices, the balance may pay it. */
  'order.attachMember': z.object({ orderId: idSchema, memberId: idSchema, verify: memberVerifySchema }),
  /** The member taken off: list prices again (a balance cannot pay it any more). */
  'order.detachMember': z.object({ orderId: idSchema }),
  /** A coupon held for this order: its deduction is the order discount until the bill is settled (it is used then). */
  'order.applyCoupon': z.object({ orderId: idSchema, code: couponKeySchema }),
  /** The coupon let go: another order may use it; the order discount goes. */
  'order.removeCoupon': z.object({ orderId: idSchema }),
} as const;

/** Events of payment (settling itself records dine-in's `order.settled` with the full bill). */
export type PaymentEvent =
  | { type: 'exchangeRate.set'; rate: ExchangeRate }
  | { type: 'order.discountSet'; orderId: string; discount: OrderDiscount | null }
  | { type: 'order.lineDiscountSet'; orderId: string; lineId: string; discountCents: number }
  | { type: 'order.tipSet'; orderId: string; tipCents: number }
  | { type: 'order.lunchBoxSet'; orderId: string; lunchBox: LunchBox | null }
  /** Each line with a VIP price re-priced to it; `listUnitPriceCents` is what it cost before (shown struck beside). */
  | { type: 'order.memberAttached'; orderId: string; member: OrderMember; prices: MemberPrice[] }
  /** Every VIP-priced line back at its list price. */
  | { type: 'order.memberDetached'; orderId: string }
  /** The coupon is held by this order and is its discount (an amount: min(deduction, the order's subtotal)). */
  | { type: 'order.couponApplied'; orderId: string; coupon: BillCoupon; discount: OrderDiscount }
  /** The coupon let go (removed, or its order withdrawn): unused again, the order discount gone. */
  | { type: 'order.couponReleased'; orderId: string; code: string };

/** One line re-priced for a member: its VIP unit price and the list price it had. */
export type MemberPrice = { lineId: string; unitPriceCents: number; listUnitPriceCents: number };

/** The payment slice of the live state: the day's dollar rate (null until a cashier sets one). */
export type PaymentState = { exchangeRate: ExchangeRate | null };

/** Payment: adjustments (payment, discount), the dollar rate and settling (payment). */
export const paymentProtocol = defineProtocol<PaymentEvent, PaymentState>()({
  name: 'payment',
  commands: paymentCommandPayloads,
  aliases: {
    'payment.setExchangeRate': 'payment',
    'order.setDiscount': 'discount',
    'order.setLineDiscount': 'discount',
    'order.setTip': 'payment',
    'order.setLunchBox': 'payment',
    'order.settle': 'payment',
    'order.attachMember': 'payment',
    'order.detachMember': 'payment',
    'order.applyCoupon': 'payment',
    'order.removeCoupon': 'payment',
  },
  errors: {
    // The digits the guest said are not the end of the member's phone.
    MEMBER_VERIFY_FAILED: 403,
    // Too many wrong verifications of one member lately (hub/engine/verify-guard.ts): wait, or ask the guest.
    MEMBER_VERIFY_LOCKED: 429,
    // A balance payment on an order with no member attached.
    MEMBER_REQUIRED: 400,
    // A manual discount and a coupon on one bill: the coupon IS the order discount.
    COUPON_WITH_DISCOUNT: 409,
    OPERATION_NO_REQUIRED: 400,
    ON_ACCOUNT_DETAILS_REQUIRED: 400,
    CHANGE_ONLY_FROM_CASH: 400,
    NO_EXCHANGE_RATE: 409,
    INVALID_DNI: 400,
    INVALID_BUYER_ID: 400,
    BUYER_NAME_TOO_SHORT: 400,
    BOLETA_BUYER_REQUIRED: 400,
    BUYER_NAME_REQUIRED: 400,
    DISCOUNT_TOO_LARGE: 400,
    SPLIT_SUM_MISMATCH: 400,
    SPLIT_SHARE_UNKNOWN: 400,
    SPLIT_DOCUMENTS_MISMATCH: 400,
    SPLIT_SHARE_EMPTY: 400,
    SPLIT_PARTS_NOT_CORRECTABLE: 409,
  },
});
