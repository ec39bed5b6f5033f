import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyState } from '#domain';
import { menuState } from '#hub/domain/test-fixtures.ts';
import { PROTOTYPE_NAMES } from '#hub/testing/hostile-values.ts';
import type { FieldDefaults, Names, Order, OrderLine, Product, State } from './index.ts';
import { packState, PRODUCT_DEFAULTS, UNADJUSTED_ORDER, unpackState } from './index.ts';

/**
 * The packed snapshot (snapshot-codec.ts) must stand for exactly the state it
 * was packed from, whatever the records hold: defaults or not, ids equal to
 * their key or not, keys like `__proto__`, lines whose dish was renamed,
 * deleted, or never existed (a custom dish).
 */

/** A field's default half of the time, so records with nothing to leave out and with nearly everything left out both occur. */
const orDefault = <T>(def: T, arb: fc.Arbitrary<T>): fc.Arbitrary<T> => fc.oneof(fc.constant(def), arb);
const KEYS = ['p-1', 'p-2', 'o-1', 'o-2', '', ...PROTOTYPE_NAMES];
const key = fc.constantFrom(...KEYS);
const names: fc.Arbitrary<Names> = fc.oneof(
  fc.constant({ es: 'Lomo', en: 'Beef', zh: '牛肉' }),
  fc.record({ es: fc.string({ maxLength: 6 }), en: fc.string({ maxLength: 6 }), zh: fc.string({ maxLength: 6 }) }),
);
const text = fc.string({ maxLength: 8 });
const int = fc.integer({ min: -5, max: 5 });
const cents = fc.oneof(fc.constant(null), fc.nat(9999));

const product = (id: string): fc.Arbitrary<Product> =>
  fc.record({
    id: orDefault(id, key),
    code: orDefault('', text),
    names,
    categoryId: text,
    priceCents: orDefault(0, fc.nat(9999)),
    vipPriceCents: cents,
    specs: orDefault([], fc.array(fc.record({ id: text, names, priceCents: fc.nat(99), vipPriceCents: cents, soldOut: fc.boolean() }), { maxLength: 2 })),
    remarks: orDefault([], fc.array(text, { maxLength: 2 })),
    usesInventory: fc.boolean(),
    stock: orDefault(0, fc.nat(50)),
    lowStock: orDefault(0, fc.nat(5)),
    station: orDefault('', text),
    soldOut: fc.boolean(),
    autoSoldOut: fc.boolean(),
    listed: fc.boolean(),
    sort: orDefault(0, int),
    createdAt: orDefault('', fc.constant('2026-01-01T12:00:00.000Z')),
    modifiedAt: orDefault('', fc.constant('2026-01-02T12:00:00.000Z')),
  });

const line: fc.Arbitrary<OrderLine> = fc.record({
  id: text,
  productId: fc.oneof(fc.constant(null), key),
  code: orDefault('', text),
  names,
  specId: fc.oneof(fc.constant(null), text),
  specNames: fc.oneof(fc.constant(null), names),
  unitPriceCents: orDefault(0, fc.nat(9999)),
  vipUnitPriceCents: cents,
  qty: orDefault(1, fc.nat(9)),
  unit: orDefault('', text),
  remark: orDefault('', text),
  station: orDefault('', text),
  sentBatch: fc.oneof(fc.constant(null), fc.nat(3)),
  returnedQty: orDefault(0, fc.nat(3)),
  returnReason: orDefault('', text),
  returnToStock: fc.boolean(),
  restockedQty: orDefault(0, fc.nat(3)),
  stockTaken: fc.boolean(),
  giftedQty: orDefault(0, fc.nat(3)),
  giftReason: orDefault('', text),
  cancelledQty: orDefault(0, fc.nat(3)),
  cancelReason: orDefault('', text),
  held: fc.boolean(),
  rushCount: orDefault(0, fc.nat(3)),
  discountCents: orDefault(0, fc.nat(999)),
  originTableId: fc.oneof(fc.constant(null), text),
});

const order = (id: string): fc.Arbitrary<Order> =>
  fc.record({
    id: orDefault(id, key),
    no: fc.nat(99),
    tableId: text,
    people: orDefault(1, fc.nat(9)),
    customer: fc.constant({ name: '', gender: 0 as const, phone: '', reason: '' as const, remarks: '' }),
    openedAt: fc.constant('2026-01-01T12:00:00.000Z'),
    openedBy: fc.oneof(fc.constant(null), text),
    lines: fc.array(line, { maxLength: 4 }),
    status: fc.constantFrom('open' as const, 'prebilled' as const),
    prebilledAt: fc.oneof(fc.constant(null), fc.constant('2026-01-01T13:00:00.000Z')),
    batches: orDefault(0, fc.nat(3)),
    depositCents: orDefault(0, fc.nat(9999)),
    reservationId: fc.oneof(fc.constant(null), text),
    orderDiscount: fc.oneof(fc.constant(null), fc.constant({ kind: 'percent' as const, percent: 10 })),
    tipCents: orDefault(0, fc.nat(999)),
    lunchBox: fc.oneof(fc.constant(null), fc.constant({ mode: 'perItem' as const, priceCents: 100 })),
    mergedTableIds: fc.oneof(fc.constant<string[]>([]), fc.array(text, { minLength: 1, maxLength: 2 })),
  });

/** Records under keys that may be `__proto__` or `constructor`, set as own properties (as JSON.parse does). */
function recordsOf<T>(arb: (key: string) => fc.Arbitrary<T>): fc.Arbitrary<Record<string, T>> {
  return fc.uniqueArray(key, { maxLength: 5 }).chain((keys) =>
    fc.tuple(...keys.map((k) => arb(k))).map((values) => {
      const out: Record<string, T> = {};
      keys.forEach((k, i) => Object.defineProperty(out, k, { value: values[i], enumerable: true, writable: true, configurable: true }));
      return out;
    }),
  );
}

const state: fc.Arbitrary<State> = fc
  .record({ products: recordsOf(product), orders: recordsOf(order) })
  .map(({ products, orders }) => ({ ...emptyState(), products, orders }));

/** What a device gets: packed, through JSON as the socket and IndexedDB carry it, unpacked. */
const roundTrip = (s: State): State => unpackState(JSON.parse(JSON.stringify(packState(s))) as ReturnType<typeof packState>);

describe('snapshot codec: unpack(pack(x)) is x', () => {
  it('for any products and open orders (fast-check)', () => {
    fc.assert(
      fc.property(state, (s) => {
        const back = roundTrip(s);
        expect(back).toEqual(s);
        // Own keys only: a record under `__proto__` stays a record, and no prototype was touched.
        expect(Object.keys(back.products).sort()).toEqual(Object.keys(s.products).sort());
        expect(Object.getPrototypeOf(back.orders)).toBe(Object.prototype);
      }),
      { numRuns: 400 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('for the demo menu, and leaves out what is default', () => {
    const s = menuState();
    expect(roundTrip(s)).toEqual(s);
    const packed = packState(s);
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(s).length);
    // A product keyed by its id does not repeat it; a field at its default is not sent.
    const [id, first] = Object.entries(packed.products)[0]!;
    expect(Object.hasOwn(first, 'id')).toBe(false);
    expect(s.products[id]?.id).toBe(id);
  });

  it('keeps a line whose dish was renamed since it was ordered as it was, and a field it does not know', () => {
    const s = menuState();
    const [pid, p] = Object.entries(s.products)[0]!;
    const renamed = { ...p, names: { ...p.names, es: 'Nuevo nombre' }, code: '' };
    const ordered: OrderLine = {
      id: 'l-1', productId: pid, code: p.code, names: p.names, specId: null, specNames: null, unitPriceCents: 100, vipUnitPriceCents: null,
      qty: 1, unit: '', remark: '', station: '', sentBatch: null, returnedQty: 0, returnReason: '', returnToStock: false, restockedQty: 0, stockTaken: false,
      giftedQty: 0, giftReason: '', cancelledQty: 0, cancelReason: '', held: false, rushCount: 0, discountCents: 0, originTableId: null,
    };
    const o: Order = { id: 'o-1', no: 1, tableId: 't', people: 2, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' }, openedAt: 'x', openedBy: null, lines: [ordered], status: 'open', prebilledAt: null, batches: 0, depositCents: 0, reservationId: null, ...UNADJUSTED_ORDER, mergedTableIds: [] };
    const later = { ...s, products: { ...s.products, [pid]: renamed }, orders: { 'o-1': o } };
    expect(roundTrip(later)).toEqual(later);
    const unknown = { ...s, products: { [pid]: { ...p, future: 'field' } as Product } };
    expect(roundTrip(unknown)).toEqual(unknown);
  });

  it('has a default for every field of a product (a new field without one fails tsc)', () => {
    // @ts-expect-error: a table missing a field does not compile
    const missing: FieldDefaults<{ a: number; b: string }> = { a: 0 };
    expect(missing).toBeDefined();
    expect(Object.keys(PRODUCT_DEFAULTS).sort()).toEqual(Object.keys(Object.values(menuState().products)[0]!).sort());
  });
});
