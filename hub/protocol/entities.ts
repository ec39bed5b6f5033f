import { z } from 'zod';
import { idSchema } from './ids.ts';
import type { MenuSettings, Product } from './goods.ts';
import type { Job } from './jobs.ts';
import type { Role, SecurityAlert, Settings, Staff } from './staff.ts';

/**
 * The shapes of the live state that both the hub and every device hold.
 * Money is always an integer number of céntimos (S/ 12.50 is 1250): exact,
 * and rounded to 2 decimals by construction (SPEC.md section 5).
 */
export { idSchema } from './ids.ts';
export const uuidSchema = z.uuid();
/** The largest amount the hub takes anywhere (S/ 1,000,000): a price, a payment, a whole order. */
export const MAX_CENTS = 100_000_000;
export const centsSchema = z.int().min(0).max(MAX_CENTS);
const text = (max: number) => z.string().trim().max(max);
/** SPEC.md section 9: default input max length 140. */
export const shortText = text(140);

export const namesSchema = z.object({ es: text(140), en: text(140), zh: text(140) });
export type Names = z.infer<typeof namesSchema>;

export const categorySchema = z.object({ id: idSchema, names: namesSchema, sort: z.int() });
export type Category = z.infer<typeof categorySchema>;


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
  qty: number;
  /** Unit of a custom dish ("porción"); '' for menu dishes. */
  unit: string;
  remark: string;
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
};

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
};

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
  payMethod: 'cash';
  openedAt: string;
  paidAt: string;
  operator: string | null;
};

export type State = {
  restaurant: { name: string };
  categories: Record<string, Category>;
  products: Record<string, Product>;
  /** Kitchen stations and the restaurant's remark presets. */
  menuSettings: MenuSettings;
  areas: Record<string, Area>;
  tables: Record<string, Table>;
  /** Open orders only: a settled order leaves as a Bill into the day archive. */
  orders: Record<string, Order>;
  counters: { orderNo: number; billNo: number };
  /** Staff profiles (no secrets: PINs and passwords stay in the hub's auth store). */
  staff: Record<string, Staff>;
  roles: Record<string, Role>;
  settings: Settings;
  /** Security alerts for owner and manager (wrong PINs beyond the free tries), bounded. */
  alerts: Record<string, SecurityAlert>;
  /** Durable jobs not yet pruned: pending, running, stuck (failed, maybe done) and recently finished. */
  jobs: Record<string, Job>;
};
