import type { Order, OrderLine, Product, Snapshot, State } from './index.ts';

/**
 * The snapshot as it travels and as a device keeps it (issue 8: a waiter's
 * snapshot under 1 MB, as JSON, not only deflated). Most fields of a dish or
 * an order line hold their default (no VIP price, no sizes, not counted in
 * stock, nothing returned...), so a record leaves out every field equal to
 * its entity's default, and a record keyed by its own id leaves out the id.
 * The device merges each record back onto the same defaults. One pure codec,
 * used by the hub (pack) and the device (unpack); its version is
 * PROTOCOL_VERSION, which the handshake checks, so both sides always agree.
 *
 * Changes (events) are not packed: each is a few hundred bytes.
 */

/** Marks a field that is always sent (it has no value worth leaving out). */
export const ALWAYS = Symbol('always sent');
type Primitive = string | number | boolean | null;
/** What a field may default to: a primitive, or an empty list. */
type DefaultOf<V> = Extract<V, Primitive> | (V extends readonly unknown[] ? readonly [] : never) | typeof ALWAYS;
/**
 * The default of every field of an entity. Typed over every key: a new field
 * does not compile until it has a default here (or is marked ALWAYS).
 */
export type FieldDefaults<T> = { readonly [K in keyof T]-?: DefaultOf<T[K]> };

/** A dish as the live state holds it: on sale, uncounted, no sizes, no station. */
export const PRODUCT_DEFAULTS: FieldDefaults<Product> = {
  id: ALWAYS,
  code: '',
  names: ALWAYS,
  categoryId: ALWAYS,
  priceCents: 0,
  vipPriceCents: null,
  specs: [],
  remarks: [],
  usesInventory: false,
  stock: 0,
  lowStock: 0,
  station: '',
  soldOut: false,
  autoSoldOut: false,
  listed: true,
  sort: 0,
  // '' is what presenters send roles that never read them (hub/presenters/slices.ts).
  createdAt: '',
  modifiedAt: '',
};

/** An order line as most are: a menu dish without a size, nothing returned. */
export const LINE_DEFAULTS: FieldDefaults<OrderLine> = {
  id: ALWAYS,
  productId: ALWAYS,
  code: '',
  names: ALWAYS,
  specId: null,
  specNames: null,
  unitPriceCents: 0,
  vipUnitPriceCents: null,
  // Optional, only on a line a member's VIP price re-priced (issue 22): sent when there.
  listUnitPriceCents: ALWAYS,
  qty: 1,
  unit: '',
  remark: '',
  // Optional and absent on most lines: sent when there (never filled in on unpacking, so a line keeps its shape).
  presets: ALWAYS,
  station: '',
  sentBatch: null,
  returnedQty: 0,
  returnReason: '',
  returnToStock: false,
  restockedQty: 0,
  stockTaken: false,
  giftedQty: 0,
  giftReason: '',
  cancelledQty: 0,
  cancelReason: '',
  held: false,
  rushCount: 0,
  discountCents: 0,
  originTableId: null,
};

/** An open order; its lines are packed one by one. */
export const ORDER_DEFAULTS: FieldDefaults<Order> = {
  id: ALWAYS,
  no: ALWAYS,
  tableId: ALWAYS,
  people: 1,
  customer: ALWAYS,
  openedAt: ALWAYS,
  openedBy: null,
  lines: [],
  status: 'open',
  prebilledAt: null,
  batches: 0,
  depositCents: 0,
  reservationId: null,
  orderDiscount: null,
  tipCents: 0,
  lunchBox: null,
  mergedTableIds: [],
  // Optional and absent on a table's order (issue 21).
  takeoutId: ALWAYS,
  // Optional, absent on most orders (issue 22): sent when there.
  member: ALWAYS,
  coupon: ALWAYS,
};

/** A record with its default fields left out. */
export type Packed<T> = Partial<T>;
/** An order with its default fields left out, and its lines packed. */
export type PackedOrder = Omit<Packed<Order>, 'lines'> & { lines?: Packed<OrderLine>[] };
/** The state with its two large slices packed; every other slice travels as it is. */
export type PackedState = Omit<State, 'products' | 'orders'> & {
  products: Record<string, Packed<Product>>;
  orders: Record<string, PackedOrder>;
};
/** What the socket's `snapshot` message carries and what a device keeps in IndexedDB. */
export type PackedSnapshot = Omit<Snapshot, 'state'> & { packed: PackedState };

/** Sets an own property, whatever its name (a key like `__proto__` must never reach the prototype). */
function putOwn<T>(out: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

function isDefault(value: unknown, def: unknown): boolean {
  if (def === ALWAYS) return false;
  if (Array.isArray(def)) return Array.isArray(value) && value.length === 0;
  return value === def;
}

/** Leaves out the fields equal to their default (and `id` when it is the record's key). */
export function packRecord<T extends object>(value: T, defaults: FieldDefaults<T>, key?: string): Packed<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'id' && key !== undefined && v === key) continue;
    if (Object.hasOwn(defaults, k) && isDefault(v, (defaults as Record<string, unknown>)[k])) continue;
    putOwn(out, k, v);
  }
  return out as Packed<T>;
}

/** Merges a packed record back onto its defaults (and its key as `id`). */
export function unpackRecord<T extends object>(packed: Packed<T>, defaults: FieldDefaults<T>, key?: string): T {
  const out: Record<string, unknown> = {};
  for (const [k, def] of Object.entries(defaults)) {
    if (def === ALWAYS) continue;
    // A fresh list per record: records are replaced, never mutated, but none should share one.
    putOwn(out, k, Array.isArray(def) ? [] : def);
  }
  if (key !== undefined && !Object.hasOwn(packed, 'id')) putOwn(out, 'id', key);
  for (const [k, v] of Object.entries(packed)) putOwn(out, k, v);
  return out as T;
}

function mapRecords<A, B>(records: Record<string, A>, fn: (value: A, key: string) => B): Record<string, B> {
  const out: Record<string, B> = {};
  for (const [k, v] of Object.entries(records)) putOwn(out, k, fn(v, k));
  return out;
}

/** Products by id, read by own key only (an id like `__proto__` finds nothing). */
type ProductsById = Readonly<Record<string, Pick<Product, 'code' | 'names'>>>;
const productOf = (products: ProductsById, id: string | null) => (id !== null && Object.hasOwn(products, id) ? products[id] : undefined);

/** Whether two flat records (names in three languages) hold the same values. */
function sameFlat(a: object, b: object): boolean {
  const ak = Object.keys(a);
  return ak.length === Object.keys(b).length && ak.every((k) => Object.hasOwn(b, k) && (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k]);
}

/**
 * A line's dish number and names are a copy of its dish's at the time of
 * ordering, nearly always still the dish's own: then they are left out, and
 * taken from the dish in the same snapshot when unpacked. When they differ
 * (the dish was renamed since), they are sent, even when equal to a default.
 */
function packLine(line: OrderLine, products: ProductsById): Packed<OrderLine> {
  const packed = packRecord(line, LINE_DEFAULTS);
  const product = productOf(products, line.productId);
  if (!product) return packed;
  delete packed.code;
  delete packed.names;
  if (line.code !== product.code) packed.code = line.code;
  if (!sameFlat(line.names, product.names)) packed.names = line.names;
  return packed;
}

function unpackLine(packed: Packed<OrderLine>, products: ProductsById): OrderLine {
  const line = unpackRecord(packed, LINE_DEFAULTS);
  const product = productOf(products, line.productId);
  if (!product) return line;
  return { ...line, code: Object.hasOwn(packed, 'code') ? line.code : product.code, names: Object.hasOwn(packed, 'names') ? line.names : product.names };
}

function packOrder(order: Order, key: string, products: ProductsById): PackedOrder {
  const { lines, ...rest } = packRecord(order, ORDER_DEFAULTS, key);
  return lines === undefined ? rest : { ...rest, lines: lines.map((l) => packLine(l, products)) };
}

function unpackOrder(packed: PackedOrder, key: string, products: ProductsById): Order {
  const { lines, ...rest } = packed;
  const order = unpackRecord<Order>(rest, ORDER_DEFAULTS, key);
  return lines === undefined ? order : { ...order, lines: lines.map((l) => unpackLine(l, products)) };
}

/** The state as it travels: products and orders packed. */
export function packState(state: State): PackedState {
  return {
    ...state,
    products: mapRecords(state.products, (p, k) => packRecord(p, PRODUCT_DEFAULTS, k)),
    orders: mapRecords(state.orders, (o, k) => packOrder(o, k, state.products)),
  };
}

/** The state a packed one stands for: unpackState(packState(s)) deep-equals s. */
export function unpackState(packed: PackedState): State {
  const products = mapRecords(packed.products, (p, k) => unpackRecord(p, PRODUCT_DEFAULTS, k));
  return { ...packed, products, orders: mapRecords(packed.orders, (o, k) => unpackOrder(o, k, products)) };
}

/** A snapshot as the socket sends it. */
export function packSnapshot(snapshot: Snapshot): PackedSnapshot {
  const { state, ...rest } = snapshot;
  return { ...rest, packed: packState(state) };
}

/** The snapshot a packed one stands for. */
export function unpackSnapshot(packed: PackedSnapshot): Snapshot {
  const { packed: state, ...rest } = packed;
  return { ...rest, state: unpackState(state) };
}
