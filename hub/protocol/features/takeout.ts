import { z } from 'zod';
import { calendarDaySchema } from '../calendar-day.ts';
import { centsSchema, shortText, uuidSchema } from '../entities.ts';
import { defineProtocol, INTERNAL } from '../feature.ts';
import { idSchema, optionalIdSchema } from '../ids.ts';
import { orderLineInputSchema, type Order } from './dine-in.ts';
import { DOC_KINDS, lunchBoxSchema } from './payment.ts';

/**
 * Take-away at the counter (M002) and delivery (M005), issue 21. A takeout is
 * a dine-in `Order` without a table (`tableId: ''`, `takeoutId` set) plus the
 * live `Takeout` record below: lines, kitchen tickets, stock, adjustments and
 * `order.settle` work on its order unchanged. The status machine is a table in
 * hub/domain/takeout/README.md; a closed, cancelled or refused takeout leaves
 * the live state into day files (`takeout.filed`), read by `GET /api/takeouts`.
 */

/** SPEC.md section 4: the take-away / delivery order status, by name. */
export const TAKEOUT_STATUS = {
  submitted: 0,
  paid: 1,
  received: 2,
  riderReceived: 3,
  pickedUp: 4,
  cancelled: 6,
  delivered: 7,
  refused: 8,
  done: 10,
  closed: 11,
  toBePaid: 12,
} as const;
export type TakeoutStatus = (typeof TAKEOUT_STATUS)[keyof typeof TAKEOUT_STATUS];
export const TAKEOUT_STATUS_LIST: readonly TakeoutStatus[] = [0, 1, 2, 3, 4, 6, 7, 8, 10, 11, 12];
/** The statuses a takeout leaves the live state with (into its day file). */
export const FILED_TAKEOUT_STATUSES: readonly TakeoutStatus[] = [6, 8, 11];

/** SPEC.md order type: take away now, "send immediately" (delivery now), or a reservation for a time. */
export const TAKEOUT_TYPES = ['takeaway', 'immediate', 'reservation'] as const;
export type TakeoutType = (typeof TAKEOUT_TYPES)[number];

/** SPEC.md delivery method: 0 delivered by a rider, 1 picked up at the store. */
export const DELIVERY_METHOD = { delivery: 0, pickup: 1 } as const;
export type DeliveryMethod = (typeof DELIVERY_METHOD)[keyof typeof DELIVERY_METHOD];
const methodSchema = z.union([z.literal(0), z.literal(1)]);

/** Where the order came in: the counter, a phone call taken at the till, or an intake channel (`web:<channel id>`). */
export type TakeoutChannel = 'counter' | 'phone' | `web:${string}`;

/** A Peruvian mobile: 9 digits starting with 9, optionally after +51 (PHONE_INVALID otherwise). */
export const TAKEOUT_PHONE = /^(\+51)?9\d{8}$/;

/** The pickup code's width: "042" (per business day, read aloud at the counter). */
export const PICKUP_CODE_DIGITS = 3;

/**
 * Phone numbers travel as free text up to 20 characters; the handler checks them
 * (PHONE_INVALID), so a wrong number gets its own translated code rather than a schema error.
 */
const phoneText = z.string().trim().max(20);

export const takeoutCustomerSchema = z.object({ name: z.string().trim().max(80), phone: phoneText });
export type TakeoutCustomer = z.infer<typeof takeoutCustomerSchema>;

/** Where and to whom a delivery goes (SPEC.md take-away order fields). */
export const deliveryDetailsSchema = z.object({
  address: z.string().trim().max(200),
  reference: z.string().trim().max(200),
  receiverName: z.string().trim().max(80),
  receiverPhone: phoneText,
  contactPhone: phoneText,
  /** Distance from the restaurant in metres (SPEC.md distance). */
  distanceM: z.int().min(0).max(200_000),
  /** The delivery fee: an order line the hub adds (station '', never printed in the kitchen). */
  feeCents: centsSchema.max(100_000),
  /** The bill the guest pays with, so the rider brings change; 0 when none. */
  changeForCents: centsSchema,
});
export type DeliveryDetails = z.infer<typeof deliveryDetailsSchema>;

/** One menu line of a takeout, as `order.addLines` takes it. */
export const takeoutLineSchema = orderLineInputSchema;

/** A dish not on the menu, as `order.addCustomDish` takes it. */
export const takeoutCustomLineSchema = z.object({
  lineId: uuidSchema,
  name: z.string().trim().min(1).max(60),
  priceCents: centsSchema,
  qty: z.int().min(1).max(999),
  unit: z.string().trim().max(20),
  remark: shortText,
  station: optionalIdSchema.optional(),
});

/** The live record of a take-away or delivery order (SPEC.md section 3 take-away order). */
export type Takeout = {
  id: string;
  /** The open Order while not settled; null once its bill is archived (or it was withdrawn). */
  orderId: string | null;
  billId: string | null;
  /** The business day of the bill's archive file. */
  billDay: string | null;
  /** The hub's order code, "T-0042" (never reused). */
  code: string;
  /** Read aloud at the counter, "042": numbered per business day. */
  pickupCode: string;
  businessDay: string;
  channel: TakeoutChannel;
  /** The channel's own order id (intake); null for the counter and phone. */
  externalId: string | null;
  type: TakeoutType;
  method: DeliveryMethod;
  status: TakeoutStatus;
  paid: boolean;
  customer: TakeoutCustomer;
  memberNo: string | null;
  delivery: DeliveryDetails | null;
  /** When the guest picks up or the delivery is expected, ISO 8601. */
  expectedAt: string | null;
  invoiceType: (typeof DOC_KINDS)[number];
  riderId: string | null;
  /** The kitchen has it ready (KDS bumped the last line, or the cashier said so). */
  ready: boolean;
  /** The guest's note (intake) or the till's ('' when none). */
  note: string;
  createdAt: string;
  createdBy: string | null;
  paidAt: string | null;
  merchantReceivedAt: string | null;
  riderReceivedAt: string | null;
  pickedUpAt: string | null;
  deliveredAt: string | null;
  /** SPEC service time: handed to the guest at the counter, or delivered. */
  serviceAt: string | null;
  closedAt: string | null;
  cancelReason: string;
  /** What the rider collects at the door (the order's total while unpaid), 0 once paid. */
  collectCents: number;
};

/** What a bill keeps of its takeout (reports read the channel from the stored bill, never today's state). */
export type BillTakeout = { id: string; code: string; pickupCode: string; channel: TakeoutChannel; method: DeliveryMethod; riderId: string | null };

const takeoutRef = z.object({ takeoutId: idSchema });

/** Payload schemas of the takeout commands. */
const takeoutCommandPayloads = {
  /** A take-away at the counter or a phone order taken at the till (delivery, method 0, needs M005 too). */
  'takeout.create': z.object({
    takeoutId: uuidSchema,
    orderId: uuidSchema,
    channel: z.enum(['counter', 'phone']),
    type: z.enum(TAKEOUT_TYPES),
    method: methodSchema,
    customer: takeoutCustomerSchema,
    memberNo: z.string().trim().max(30).nullable().optional(),
    expectedAt: z.iso.datetime({ offset: true }).optional(),
    delivery: deliveryDetailsSchema.optional(),
    invoiceType: z.enum(DOC_KINDS),
    lines: z.array(takeoutLineSchema).max(100),
    customLines: z.array(takeoutCustomLineSchema).max(20).optional(),
    lunchBox: lunchBoxSchema.optional(),
    tipCents: centsSchema.max(1_000_000).optional(),
    /** Pay when picking up or at the door: born `toBePaid` (12) rather than `received` (2). */
    payLater: z.boolean().optional(),
    note: shortText.optional(),
    /** Send the dishes to the kitchen in the same record. */
    send: z.boolean(),
  }),
  /** An order from an intake channel (recorded by the hub's intake route only): submitted, not yet in the kitchen. */
  'takeout.intake': z.object({
    takeoutId: uuidSchema,
    orderId: uuidSchema,
    channelId: idSchema,
    externalId: z.string().trim().min(1).max(64),
    customer: takeoutCustomerSchema,
    delivery: deliveryDetailsSchema.nullable(),
    method: methodSchema,
    type: z.enum(TAKEOUT_TYPES),
    expectedAt: z.iso.datetime({ offset: true }).optional(),
    invoiceType: z.enum(DOC_KINDS).optional(),
    lines: z.array(takeoutLineSchema).min(1).max(100),
    note: z.string().trim().max(500),
    /** The channel took the money (status 1 paid); the bill is still settled at the till (method transfer). */
    paidByChannel: z.boolean().optional(),
  }),
  /**
   * More dishes on a takeout not yet paid and not yet on its way (the guest at the counter wants a
   * drink too; the caller rings back): dine-in's line rules on its order, sent with `send`. The
   * counter's way to `order.addLines`, whose gate is the tables' (M001).
   */
  'takeout.addLines': z.object({
    takeoutId: idSchema,
    lines: z.array(takeoutLineSchema).max(100),
    customLines: z.array(takeoutCustomLineSchema).max(20).optional(),
    send: z.boolean(),
  }),
  /** The restaurant takes a submitted order (0/1 → 2): the dishes go to the kitchen. */
  'takeout.accept': takeoutRef,
  /** The restaurant refuses a submitted order (0/1 → 8) with the merchant's reason. */
  'takeout.refuse': z.object({ takeoutId: idSchema, reason: z.string().trim().min(1).max(140) }),
  /** Cancelled with a reason (→ 6): the open order is withdrawn. A paid one needs a refund (TAKEOUT_PAID). */
  'takeout.cancel': z.object({ takeoutId: idSchema, reason: z.string().trim().min(1).max(140) }),
  /** The food is ready to hand over or to go (a flag, not a status). */
  'takeout.markReady': takeoutRef,
  /** A rider takes the delivery (2/12 → 3; 3 → 3 hands it to another rider). */
  'takeout.assignRider': z.object({ takeoutId: idSchema, riderId: idSchema }),
  /** The rider left with the food (3 → 4). */
  'takeout.pickedUp': takeoutRef,
  /** The rider gave it to the guest (4 → 7); an unpaid order is settled here in cash the rider holds. */
  'takeout.delivered': z.object({ takeoutId: idSchema, collectedCents: centsSchema.optional() }),
  /** Picked up at the counter by the guest (paid, not a delivery: 2/12 → 11). */
  'takeout.handOver': takeoutRef,
  /** The delivery is done and checked at the till (7/10 → 11). */
  'takeout.close': takeoutRef,
} as const;

/**
 * Events of takeouts. Each carries the takeout as it is after the event, so a replica that
 * never saw it (a rider's phone, which only holds the ones it may see) gets the whole record.
 */
export type TakeoutEvent =
  /** A new takeout and its (still empty) order; the lines, lunch box and sending follow as dine-in events. */
  | { type: 'takeout.created'; takeout: Takeout; order: Order }
  /** 0/1 → 2; the dishes go to the kitchen in the same record (dine-in's `order.sent`). */
  | { type: 'takeout.accepted'; takeout: Takeout }
  | { type: 'takeout.readySet'; takeout: Takeout }
  | { type: 'takeout.riderAssigned'; takeout: Takeout }
  | { type: 'takeout.pickedUp'; takeout: Takeout }
  /** Follows the `order.settled` of the same record when the rider collected the money. */
  | { type: 'takeout.delivered'; takeout: Takeout; collectedCents: number }
  /** Follows `order.settled` of the takeout's order (payment/settle.ts). */
  | { type: 'takeout.paid'; takeout: Takeout; billId: string; day: string; at: string }
  /** The takeout reached 6, 8 or 11 and leaves the live state into its day file, as it ended. */
  | { type: 'takeout.filed'; takeout: Takeout };

/** The takeout slice of the live state: live takeouts only (history is on demand). */
export type TakeoutState = {
  takeouts: Record<string, Takeout>;
  /** Pickup codes restart each business day; order codes never do. */
  takeoutCounters: { day: string; pickupNo: number; codeNo: number };
  /** `<channelId>:<externalId>` → takeout id, for live intake orders: a channel's replay is answered with the first one. */
  takeoutIntakeKeys: Record<string, string>;
};

/** GET /api/takeouts query: the live ones (no day), or one business day's filed ones, a page of them. */
export const takeoutQuerySchema = z.object({
  day: calendarDaySchema.optional(),
  offset: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** GET /api/takeouts answer. */
export type TakeoutPage = { ok: true; day: string | null; takeouts: Takeout[]; more: boolean };

/** Take-away (M002) and delivery (M005); cancelling is cancelOrder's; intake is the hub's. */
export const takeoutProtocol = defineProtocol<TakeoutEvent, TakeoutState>()({
  name: 'takeout',
  commands: takeoutCommandPayloads,
  aliases: {
    'takeout.create': 'M002',
    'takeout.intake': INTERNAL,
    'takeout.addLines': 'M002',
    'takeout.accept': 'M005',
    'takeout.refuse': 'M005',
    'takeout.cancel': 'cancelOrder',
    'takeout.markReady': 'M002',
    'takeout.assignRider': 'M005',
    'takeout.pickedUp': 'M005',
    'takeout.delivered': 'M005',
    'takeout.handOver': 'M002',
    'takeout.close': 'M005',
  },
  errors: {
    TAKEOUT_NOT_FOUND: 404,
    // The transition is not in the status table (hub/domain/takeout/README.md); message: the status.
    TAKEOUT_BAD_STATUS: 409,
    // Paid: cancelling it is a refund.
    TAKEOUT_PAID: 409,
    // Not paid yet: hand over or close after settling.
    TAKEOUT_NOT_PAID: 409,
    // An order with no dishes.
    TAKEOUT_EMPTY: 400,
    // A reservation type needs the pickup or delivery time.
    TAKEOUT_TIME_REQUIRED: 400,
    RIDER_NOT_FOUND: 404,
    // Not a Peruvian mobile (9 digits starting with 9, optional +51); message: the field.
    PHONE_INVALID: 400,
    DELIVERY_ADDRESS_REQUIRED: 400,
    // The channel sent this order already (message: the first takeout's id).
    INTAKE_DUPLICATE: 409,
    // A table's command (withdraw, hang up) on a takeout's order: the takeout's own commands do that.
    TAKEOUT_ORDER: 409,
  },
});
