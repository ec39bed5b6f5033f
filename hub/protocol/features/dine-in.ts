import { z } from 'zod';
import { centsSchema, shortText, uuidSchema, type Names } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema, optionalIdSchema } from '../ids.ts';
import { remarkIdsSchema, type LinePreset } from '../remarks.ts';
import type { BillCoupon, BillPayment, BillShare, LunchBox, OrderDiscount, OrderMember, PayMethod, SaleDocument } from './payment.ts';
import type { BillFiscal } from './einvoice.ts';
import type { DepositExcess } from './reservations.ts';
import type { BillTakeout } from './takeout.ts';

/**
 * Dine-in (SPEC.md sections 3, 4 and 9): the dining room's areas and tables,
 * seating guests, their order's lines (from the menu or typed in), the
 * kitchen, the pre-bill, cash payment and clearing the table.
 */

const text = (max: number) => z.string().trim().max(max);

export const areaSchema = z.object({ id: idSchema, name: text(60), sort: z.int() });
export type Area = z.infer<typeof areaSchema>;

/** SPEC.md section 3 table types; `hall` is the ordinary table in the dining room. */
export const TABLE_TYPES = ['hall', 'private_free', 'entertainment', 'recreation', 'private_paid'] as const;
export const tableTypeSchema = z.enum(TABLE_TYPES);

/** SPEC.md section 4: 0 reserved, 1 free, 2 pending order, 3 dining, 4 pre-paid, 5 to be cleared. */
export const TABLE_STATUS = { reserved: 0, free: 1, pending: 2, dining: 3, prebilled: 4, toClear: 5 } as const;
export type TableStatus = (typeof TABLE_STATUS)[keyof typeof TABLE_STATUS];
export const TABLE_STATUS_LIST: readonly TableStatus[] = [0, 1, 2, 3, 4, 5];

export const tableDefSchema = z.object({
  id: idSchema,
  areaId: idSchema,
  name: text(30).min(1),
  type: tableTypeSchema,
  minConsumptionCents: centsSchema,
  seats: z.int().min(1).max(99),
  sort: z.int(),
});
export type TableDef = z.infer<typeof tableDefSchema>;

/**
 * How big a floor may grow: the floor rules check a name against every area
 * or table (waiters call them by name), so both collections stay bounded.
 */
export const MAX_AREAS = 40;
export const MAX_TABLES = 400;
/** Tables created in one "add N tables" gesture (one command, one log record). */
export const MAX_TABLES_PER_ADD = 50;
export type Table = TableDef & { status: TableStatus; orderId: string | null };

/** SPEC.md section 9 dining reasons; '' when the guest gave none. */
export const DINING_REASONS = ['business', 'date', 'family', 'friends', 'other'] as const;
export const customerSchema = z.object({
  name: shortText,
  /** SPEC.md: 0 confidential, 1 male, 2 female. */
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  phone: z.string().trim().regex(/^(\+?\d{6,15})?$/),
  reason: z.enum([...DINING_REASONS, '']),
  remarks: shortText,
});
export type Customer = z.infer<typeof customerSchema>;

export type OrderLine = {
  id: string;
  /** null for a custom dish (one not on the menu). */
  productId: string | null;
  code: string;
  names: Names;
  /** The size ordered, with its name as it was then; null when the dish has none. */
  specId: string | null;
  specNames: Names | null;
  unitPriceCents: number;
  /** The VIP price at the time of ordering, for when members pay; null when none. */
  vipUnitPriceCents: number | null;
  /**
   * Only while a member's VIP price is charged (issue 22): the list price `unitPriceCents` had, shown
   * struck beside it. Absent: `unitPriceCents` is the list price. Totals read `unitPriceCents` only.
   */
  listUnitPriceCents?: number;
  qty: number;
  /** Unit of a custom dish ("porción"); '' for menu dishes. */
  unit: string;
  /** The free-text remark typed by the waiter ('' when none). */
  remark: string;
  /** The remark presets picked (hub/protocol/remarks.ts); absent when none (lines before issue 18 never have it). */
  presets?: LinePreset[];
  /** Kitchen station id at the time of ordering ('' = none). */
  station: string;
  /** Kitchen batch this line went out in; null while not yet sent. */
  sentBatch: number | null;
  returnedQty: number;
  returnReason: string;
  /** SPEC.md order line: whether returned portions went back to inventory. */
  returnToStock: boolean;
  /** How many of the returned portions went back to inventory. */
  restockedQty: number;
  /** Whether ordering it took portions from stock (only those can go back). */
  stockTaken: boolean;
  /** Portions given free (still listed, at S/ 0), and why (SPEC.md section 9 gift reasons). */
  giftedQty: number;
  giftReason: string;
  /** Portions withdrawn or cancelled after sending, and why (a reason is required). */
  cancelledQty: number;
  cancelReason: string;
  /** "Hold on dish": sent, but the kitchen must not cook it until the order is fired. */
  held: boolean;
  /** Times the kitchen was asked to hurry this line (expedite). */
  rushCount: number;
  /** Single-item discount on the whole line, in céntimos. */
  discountCents: number;
  /** The table this line was ordered at when its order was merged into another table's (null: the order's own table). */
  originTableId: string | null;
};

/** One menu line as a device orders it: `order.addLines`, and a takeout's lines (features/takeout.ts). */
export const orderLineInputSchema = z.object({
  lineId: uuidSchema,
  productId: idSchema,
  /** The size ordered; required when the dish has sizes. */
  specId: idSchema.nullable().optional(),
  qty: z.int().min(1).max(999),
  remark: shortText,
  /** Remark presets picked (their ids); the kitchen prints them in its own language. */
  remarkIds: remarkIdsSchema.optional(),
});

/** The adjustment fields of a line nobody has touched yet: spread into every new line. */
export const UNTOUCHED_LINE = {
  giftedQty: 0,
  giftReason: '',
  cancelledQty: 0,
  cancelReason: '',
  held: false,
  rushCount: 0,
  discountCents: 0,
  originTableId: null,
} as const satisfies Partial<OrderLine>;

export type OrderStatus = 'open' | 'prebilled';
export type Order = {
  id: string;
  no: number;
  tableId: string;
  people: number;
  customer: Customer;
  openedAt: string;
  openedBy: string | null;
  lines: OrderLine[];
  status: OrderStatus;
  prebilledAt: string | null;
  batches: number;
  /** Advance deposit paid with a reservation, credited when paying. */
  depositCents: number;
  /** The reservation this order came from, if any. */
  reservationId: string | null;
  /** Payment tabs (hub/protocol/features/payment.ts): order discount, tip, lunch boxes. */
  orderDiscount: OrderDiscount | null;
  tipCents: number;
  lunchBox: LunchBox | null;
  /**
   * Tables merged into this order for one joint bill (M0093), besides `tableId`:
   * they point to this order and show its status; settling frees them all.
   */
  mergedTableIds: string[];
  /** The take-away or delivery this order belongs to (issue 21; its `tableId` is then ''). Absent for a table's order. */
  takeoutId?: string;
  /** The member attached at the till (issue 22; hub/domain/payment/members.ts): VIP prices, and the balance may pay. Absent or null: none. */
  member?: OrderMember | null;
  /** The coupon this order holds (issue 22): its deduction is `orderDiscount`; used when the bill is settled. */
  coupon?: BillCoupon;
};

/**
 * A settled bill, as it goes to the day archive (SPEC.md section 3
 * Bill/order). Its money always holds: goods − gifts − line discounts =
 * subtotal; subtotal − order discount + minimum-spend fee + lunch boxes + tip
 * = total (receivable); total − deposit = due; received − change = due, where
 * received is the sum of the payments (all in soles). Bills archived before
 * issue 9 lack the fields after `changeCents` but `payMethod` ('cash').
 */
export type Bill = {
  id: string;
  billNo: number;
  orderNo: number;
  tableId: string;
  tableName: string;
  people: number;
  customer: Customer;
  lines: OrderLine[];
  subtotalCents: number;
  minSpendFeeCents: number;
  totalCents: number;
  receivedCents: number;
  changeCents: number;
  /** The one method used, or 'mixed' when several were. */
  payMethod: PayMethod | 'mixed';
  openedAt: string;
  paidAt: string;
  operator: string | null;
  /** Every portion billed at its price, and what gifts and single-item discounts took off. */
  goodsCents: number;
  giftCents: number;
  lineDiscountCents: number;
  orderDiscount: OrderDiscount | null;
  orderDiscountCents: number;
  lunchBox: LunchBox | null;
  lunchBoxCents: number;
  tipCents: number;
  /** The reservation deposit credited, and what was left to pay after it. */
  depositCents: number;
  dueCents: number;
  payments: BillPayment[];
  /** SPEC.md on-credit flag (isAccount): 1 when part of the bill is owed on account. */
  isAccount: 0 | 1;
  /** The sales document chosen, with its buyer (ready for the e-invoice issue). */
  document: SaleDocument;
  /** The boleta or factura's series and number, assigned by the hub at settlement (issue 11); absent for a sale note or before e-invoicing is set up. */
  fiscal?: BillFiscal;
  /** "Settle and print": the printing issue prints the bills that ask for it. */
  printRequested: boolean;
  /** A deposit larger than the bill: what it exceeded the total by, given back (by `method`) or kept (hub/domain/reservations/README.md). */
  depositExcess?: DepositExcess;
  /** A bill split by people or amount (M0095): each guest's share; the payments name theirs. Absent: paid together. */
  shares?: BillShare[];
  /** Never stored: set on the view of one part of a split bill (hub/domain/payment/split-parts.ts) that its document and receipt are made from. */
  part?: { index: number; of: number };
  /** SPEC.md order delete flag: 2 for an order withdrawn with a reason (nothing charged); absent on a paid bill. */
  deleted?: 2;
  /** Why the order was withdrawn (SPEC.md: a reason is required). */
  withdrawReason?: string;
  /** The take-away or delivery this bill settled, as it was then (issue 21); absent for a table's bill. */
  takeout?: BillTakeout;
  /** The member the bill was for (issue 22): its number prints on the receipt; absent when none. */
  member?: OrderMember;
  /** The coupon the bill used (issue 22): `orderDiscount` is its deduction; absent when none. */
  coupon?: BillCoupon;
};

/** Payload schemas of the dine-in commands. */
const dineInCommandPayloads = {
  'area.save': areaSchema,
  'table.save': tableDefSchema,
  /** Owner's floor setup: an empty area goes away (its tables must be moved or removed first). */
  'area.remove': z.object({ areaId: idSchema }),
  /** The areas in the order the map's tabs show them: every area, each once. */
  'area.reorder': z.object({ ids: z.array(idSchema).min(1).max(MAX_AREAS) }),
  /** "Add N tables" (M1..M10): all or none, one log record. */
  'table.addMany': z.object({ tables: z.array(tableDefSchema).min(1).max(MAX_TABLES_PER_ADD) }),
  /** A free table leaves the floor; bills, reservations and reports keep its name. */
  'table.remove': z.object({ tableId: idSchema }),

  'table.open': z.object({
    tableId: idSchema,
    /** Minted on the device so that it can keep ordering while offline. */
    orderId: uuidSchema,
    people: z.int().min(1).max(99),
    customer: customerSchema,
  }),
  'order.addLines': z.object({
    orderId: idSchema,
    lines: z.array(orderLineInputSchema).min(1).max(100),
    /**
     * Send every unsent line to the kitchen in the same command: "send to
     * kitchen" is one gesture, so the lines and the send stand or fall together.
     */
    send: z.boolean().optional(),
  }),
  /** A dish not on the menu (SPEC.md Custom dish: name, price, quantity, unit, remarks). */
  'order.addCustomDish': z.object({
    orderId: idSchema,
    lineId: uuidSchema,
    name: text(60),
    priceCents: centsSchema,
    qty: z.int().min(1).max(999),
    unit: text(20),
    remark: shortText,
    station: optionalIdSchema.optional(),
  }),
  'order.removeLine': z.object({ orderId: idSchema, lineId: idSchema }),
  'order.returnLine': z.object({
    orderId: idSchema,
    lineId: idSchema,
    qty: z.int().min(1).max(999),
    reason: shortText,
    /** SPEC.md order line: put the portions back into inventory (dish not made or untouched). */
    toStock: z.boolean().optional(),
  }),
  'order.send': z.object({ orderId: idSchema }),
  'order.prebill': z.object({ orderId: idSchema }),
  'order.cancelPrebill': z.object({ orderId: idSchema }),
  'order.settleCash': z.object({ orderId: idSchema, receivedCents: centsSchema }),
  'table.clear': z.object({ tableId: idSchema }),
} as const;

/** Events of dine-in. */
export type DineInEvent =
  | { type: 'area.saved'; area: Area }
  | { type: 'table.saved'; table: TableDef }
  | { type: 'area.removed'; areaId: string }
  | { type: 'table.removed'; tableId: string }
  | { type: 'table.opened'; order: Order }
  | { type: 'order.linesAdded'; orderId: string; lines: OrderLine[] }
  | { type: 'order.lineRemoved'; orderId: string; lineId: string }
  | { type: 'order.lineReturned'; orderId: string; lineId: string; qty: number; reason: string; toStock?: boolean }
  // sentBy: who sent these dishes, the name on their kitchen ticket (older events lack it: the order's opener).
  | { type: 'order.sent'; orderId: string; batch: number; lineIds: string[]; sentBy?: string | null }
  | { type: 'order.prebilled'; orderId: string; at: string }
  | { type: 'order.prebillCancelled'; orderId: string }
  | { type: 'order.settled'; bill: Bill }
  | { type: 'table.cleared'; tableId: string };

/** The dine-in slice of the live state. */
export type DineInState = {
  areas: Record<string, Area>;
  tables: Record<string, Table>;
  /** Open orders only: a settled order leaves as a Bill into the day archive. */
  orders: Record<string, Order>;
  counters: { orderNo: number; billNo: number };
};

/** Dine-in: tables (M001), returns (returnDish), payment (payment), the floor's layout (settings). */
export const dineInProtocol = defineProtocol<DineInEvent, DineInState>()({
  name: 'dine-in',
  commands: dineInCommandPayloads,
  aliases: {
    'area.save': 'settings',
    'table.save': 'settings',
    'area.remove': 'settings',
    'area.reorder': 'settings',
    'table.addMany': 'settings',
    'table.remove': 'settings',
    'table.open': 'M001',
    'order.addLines': 'M001',
    'order.addCustomDish': 'M001',
    'order.removeLine': 'M001',
    'order.send': 'M001',
    'order.prebill': 'M001',
    'order.cancelPrebill': 'M001',
    'table.clear': 'M001',
    'order.returnLine': 'returnDish',
    'order.settleCash': 'payment',
  },
  errors: {
    ORDER_NOT_OPEN: 409,
    ORDER_PREBILLED: 409,
    ORDER_NOT_PREBILLED: 409,
    NOTHING_TO_SEND: 409,
    UNSENT_LINES: 409,
    LINE_ALREADY_SENT: 409,
    LINE_NOT_SENT: 409,
    AMOUNT_TOO_LOW: 400,
    TABLE_NOT_CLEARABLE: 409,
    TABLE_OCCUPIED: 409,
    ORDER_TOO_LARGE: 409,
    AREA_NAME_TAKEN: 409,
    TABLE_NAME_TAKEN: 409,
    AREA_NOT_EMPTY: 409,
    TABLE_IN_USE: 409,
    FLOOR_FULL: 409,
  },
});
