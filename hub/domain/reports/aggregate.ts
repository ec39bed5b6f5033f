import type { Bill, BillCorrection, BillPayment, DishRow, MethodRow, OrderLine, PayMethod, SalesFigures, SalesRow } from '#protocol';
import { businessDayOf } from '../business-day.ts';
import { billableQty, chargedQty, lineGiftCents, lineTotalCents, subtotalCents } from '../money.ts';
import { keptRows } from '../kept-by-method.ts';
import { channelIndex, channelOf } from './channel.ts';
import { byCents, byKey, CUSTOM_CATEGORY_ID, dishRow, emptyFigures, methodsByCents, salesRow } from './figures.ts';

/**
 * The sales figures of a set of closed bills (README.md here says what each
 * figure means). One pass over the bills and their lines, Maps for every
 * breakdown (an id like `__proto__` is just a key), no clock: the same bills
 * always give the same figures, which the per-day cache relies on.
 */

/** What the figures need besides the bills: the restaurant's closing hour and each dish's menu category. */
export type ReportContext = {
  closingHour: number;
  /** The menu category of a product (null: a custom dish; only its name is used, its id is always 'custom'). */
  categoryOf(productId: string | null): { id: string; name: string };
};

/** Lima is UTC−5 all year (hub/domain/business-day.ts). */
const LIMA_OFFSET_HOURS = -5;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The bill fields archives written before issue 9 lack (hub/protocol Bill): read as zero, one cash payment, a sale note. */
type LegacyFields = 'goodsCents' | 'giftCents' | 'lineDiscountCents' | 'orderDiscountCents' | 'lunchBoxCents' | 'tipCents' | 'depositCents' | 'payments' | 'isAccount' | 'document';
type ArchivedBill = Omit<Bill, LegacyFields> & Partial<Pick<Bill, LegacyFields>>;

/** A category's row and the index of the last bill counted in it (a bill counts once per category). */
type CategoryTally = { row: SalesRow; lastBill: number };
type DishTally = { row: DishRow; category: CategoryTally };

/** The Lima clock hour (0–23) of an instant in ms. */
function limaHour(ms: number): number {
  const h = (Math.floor(ms / HOUR_MS) + LIMA_OFFSET_HOURS) % 24;
  return h < 0 ? h + 24 : h;
}

/** ISO weekday (1 Monday .. 7 Sunday) of a day counted from 1970-01-01, a Thursday. */
function isoWeekday(epochDay: number): number {
  return (((epochDay + 3) % 7) + 7) % 7 + 1;
}

/** Row `i` of the fixed hour or weekday rows (always all there: emptyFigures makes them). */
function fixedRow(rows: SalesRow[], i: number): SalesRow {
  const row = rows[i];
  if (row === undefined) throw new RangeError(`no row ${i}`);
  return row;
}

function add(row: SalesRow, people: number, cents: number): void {
  row.bills += 1;
  row.people += people;
  row.cents += cents;
}

/** The row under `key`, made on first use; `name` always the latest seen (names follow the later bill, as in mergeFigures). */
function rowOf(rows: Map<string, SalesRow>, key: string, name: string): SalesRow {
  let row = rows.get(key);
  if (row === undefined) {
    row = salesRow(key, name);
    rows.set(key, row);
  } else row.name = name;
  return row;
}

function methodOf(rows: Map<PayMethod, MethodRow>, method: PayMethod): MethodRow {
  let row = rows.get(method);
  if (row === undefined) {
    row = { method, count: 0, cents: 0, usdCents: 0 };
    rows.set(method, row);
  }
  return row;
}

/** A custom dish (no product) is keyed by its name: two "Ceviche del día" typed in are one dish. */
export function dishKeyOf(line: Pick<OrderLine, 'productId' | 'names'>): string {
  return line.productId ?? `custom:${line.names.es}`;
}

export function aggregateBills(bills: readonly Bill[], corrections: readonly BillCorrection[], ctx: ReportContext): SalesFigures {
  const closingHour = ctx.closingHour;
  if (!Number.isInteger(closingHour) || closingHour < 0 || closingHour > 23) throw new RangeError(`closing hour out of range: ${closingHour}`);
  const f = emptyFigures();
  const days = new Map<string, SalesRow>();
  const tables = new Map<string, SalesRow>();
  const staff = new Map<string, SalesRow>();
  const documents = new Map<string, SalesRow>();
  const methods = new Map<PayMethod, MethodRow>();
  const refundMethods = new Map<PayMethod, MethodRow>();
  const categories = new Map<string, CategoryTally>();
  const dishes = new Map<string, DishTally>();
  // Bills come day after day: a day's name and weekday are worked out when the day changes.
  // `epochDay` is the business day as a number, the same shift businessDayOf makes.
  const shiftMs = (LIMA_OFFSET_HOURS - closingHour) * HOUR_MS;
  let lastEpochDay = Number.NaN;
  let day = '';
  let weekday = 0;

  const dishOf = (line: OrderLine): DishTally => {
    const key = dishKeyOf(line);
    let dish = dishes.get(key);
    if (dish === undefined) {
      const asked = ctx.categoryOf(line.productId);
      const id = line.productId === null ? CUSTOM_CATEGORY_ID : asked.id;
      let category = categories.get(id);
      if (category === undefined) {
        category = { row: salesRow(id, asked.name), lastBill: -1 };
        categories.set(id, category);
      }
      dish = { row: dishRow(key, line.names.es, id), category };
      dishes.set(key, dish);
    } else dish.row.name = line.names.es;
    return dish;
  };

  for (let i = 0; i < bills.length; i++) {
    const bill: ArchivedBill = bills[i] as Bill;
    if (bill.deleted === 2) {
      // Nothing was charged: what was on the order, at what the guest would have paid for it.
      f.withdrawnCount += 1;
      f.withdrawnCents += subtotalCents(bill);
      continue;
    }
    const people = bill.people;
    const total = bill.totalCents;
    f.bills += 1;
    f.people += people;
    f.salesCents += total;
    f.goodsCents += bill.goodsCents ?? 0;
    f.lineDiscountCents += bill.lineDiscountCents ?? 0;
    f.orderDiscountCents += bill.orderDiscountCents ?? 0;
    f.giftCents += bill.giftCents ?? 0;
    f.tipCents += bill.tipCents ?? 0;
    f.lunchBoxCents += bill.lunchBoxCents ?? 0;
    f.minSpendFeeCents += bill.minSpendFeeCents;
    f.depositCents += bill.depositCents ?? 0;
    f.receivedCents += bill.receivedCents;
    f.changeCents += bill.changeCents;

    const ms = Date.parse(bill.paidAt);
    const epochDay = Math.floor((ms + shiftMs) / DAY_MS);
    if (epochDay !== lastEpochDay) {
      // businessDayOf also refuses a paidAt that is not an instant (a damaged archive line).
      day = businessDayOf(bill.paidAt, closingHour);
      lastEpochDay = epochDay;
      weekday = isoWeekday(epochDay);
    }
    add(fixedRow(f.byHour, limaHour(ms)), people, total);
    add(fixedRow(f.byWeekday, weekday - 1), people, total);
    add(rowOf(days, day, day), people, total);
    add(rowOf(tables, bill.tableId, bill.tableName), people, total);
    add(rowOf(staff, bill.operator ?? '', ''), people, total);
    const kind = bill.document?.kind ?? 'note';
    add(rowOf(documents, kind, kind), people, total);
    add(fixedRow(f.byChannel, channelIndex(channelOf(bill as Bill))), people, total);

    const payments: readonly BillPayment[] | undefined = bill.payments;
    let owed = false;
    if (payments === undefined) {
      const row = methodOf(methods, 'cash');
      row.count += 1;
      row.cents += bill.receivedCents;
    } else {
      for (const p of payments) {
        const row = methodOf(methods, p.method);
        row.count += 1;
        row.cents += p.amountCents;
        row.usdCents += p.usdCents;
        if (p.method === 'onAccount') {
          owed = true;
          f.onAccountCents += p.amountCents;
        }
      }
    }
    if (owed || bill.isAccount === 1) f.onAccountCount += 1;

    for (const line of bill.lines) {
      const charged = chargedQty(line);
      const gifted = Math.max(0, billableQty(line)) - charged;
      const returned = line.returnedQty;
      if (charged === 0 && gifted === 0 && returned === 0) continue;
      const dish = dishOf(line);
      const cents = lineTotalCents(line);
      const giftCents = lineGiftCents(line);
      const returnCents = returned * line.unitPriceCents;
      const row = dish.row;
      row.qty += charged;
      row.cents += cents;
      row.giftQty += gifted;
      row.giftCents += giftCents;
      row.returnQty += returned;
      row.returnCents += returnCents;
      f.giftQty += gifted;
      f.returnQty += returned;
      f.returnCents += returnCents;
      if (charged + gifted === 0) continue;
      const category = dish.category;
      category.row.cents += cents;
      if (category.lastBill !== i) {
        category.lastBill = i;
        category.row.bills += 1;
        category.row.people += people;
      }
    }
  }

  for (const c of corrections) {
    f.refundCount += 1;
    f.refundCents += c.amountCents;
    const row = methodOf(refundMethods, c.method);
    row.count += 1;
    row.cents += c.amountCents;
  }

  // What each drawer or terminal kept: soles cash less the change (../kept-by-method.ts).
  f.byMethod = methodsByCents(keptRows([...methods.values()], f.changeCents));
  f.refundsByMethod = methodsByCents([...refundMethods.values()]);
  f.byDay = byKey([...days.values()]);
  f.byTable = byCents([...tables.values()]);
  f.byStaff = byCents([...staff.values()]);
  f.byDocument = byCents([...documents.values()]);
  f.byCategory = byCents(Array.from(categories.values(), (c) => c.row));
  f.byDish = byCents(Array.from(dishes.values(), (d) => d.row));
  return f;
}
