import type { DishRow, MethodRow, SalesFigures, SalesRow } from '#protocol';
import { byCents, byChannelOrder, byKey, methodsByCents } from './figures.ts';
import { mergeMembersFigures } from './members-day.ts';

/**
 * Two sets of figures added up: a week from its days, a year from its
 * months. Every scalar is summed and every breakdown merged by key, so
 * merging the figures of two parts of a set of bills gives the figures of
 * the whole (reports.property.test.ts). Names (a table renamed, a dish
 * renamed) come from `b`, the later one; apart from names the merge is
 * commutative, and it is associative. Row order is the one aggregateBills
 * uses, recomputed, so it never depends on the order of merging.
 */

const SCALARS = [
  'bills', 'people', 'salesCents', 'goodsCents', 'lineDiscountCents', 'orderDiscountCents', 'giftCents', 'giftQty',
  'tipCents', 'lunchBoxCents', 'minSpendFeeCents', 'depositCents', 'receivedCents', 'changeCents', 'returnQty',
  'returnCents', 'withdrawnCount', 'withdrawnCents', 'onAccountCount', 'onAccountCents', 'refundCount', 'refundCents',
] as const satisfies readonly (keyof SalesFigures)[];

function mergeSales(a: readonly SalesRow[], b: readonly SalesRow[]): SalesRow[] {
  const rows = new Map<string, SalesRow>();
  for (const r of a) rows.set(r.key, { key: r.key, name: r.name, bills: r.bills, cents: r.cents, people: r.people });
  for (const r of b) {
    const row = rows.get(r.key);
    if (row === undefined) rows.set(r.key, { key: r.key, name: r.name, bills: r.bills, cents: r.cents, people: r.people });
    else {
      row.name = r.name;
      row.bills += r.bills;
      row.cents += r.cents;
      row.people += r.people;
    }
  }
  return [...rows.values()];
}

function mergeDishes(a: readonly DishRow[], b: readonly DishRow[]): DishRow[] {
  const rows = new Map<string, DishRow>();
  for (const r of a) rows.set(r.key, { ...r });
  for (const r of b) {
    const row = rows.get(r.key);
    if (row === undefined) rows.set(r.key, { ...r });
    else {
      row.name = r.name;
      row.categoryId = r.categoryId;
      row.qty += r.qty;
      row.cents += r.cents;
      row.giftQty += r.giftQty;
      row.giftCents += r.giftCents;
      row.returnQty += r.returnQty;
      row.returnCents += r.returnCents;
    }
  }
  return [...rows.values()];
}

function mergeMethods(a: readonly MethodRow[], b: readonly MethodRow[]): MethodRow[] {
  const rows = new Map<string, MethodRow>();
  for (const r of [...a, ...b]) {
    const row = rows.get(r.method);
    if (row === undefined) rows.set(r.method, { ...r });
    else {
      row.count += r.count;
      row.cents += r.cents;
      row.usdCents += r.usdCents;
    }
  }
  return methodsByCents([...rows.values()]);
}

export function mergeFigures(a: SalesFigures, b: SalesFigures): SalesFigures {
  const scalars = {} as Pick<SalesFigures, (typeof SCALARS)[number]>;
  for (const k of SCALARS) scalars[k] = a[k] + b[k];
  return {
    ...scalars,
    byMethod: mergeMethods(a.byMethod, b.byMethod),
    refundsByMethod: mergeMethods(a.refundsByMethod, b.refundsByMethod),
    byHour: byKey(mergeSales(a.byHour, b.byHour)),
    byWeekday: byKey(mergeSales(a.byWeekday, b.byWeekday)),
    byDay: byKey(mergeSales(a.byDay, b.byDay)),
    byCategory: byCents(mergeSales(a.byCategory, b.byCategory)),
    byDish: byCents(mergeDishes(a.byDish, b.byDish)),
    byTable: byCents(mergeSales(a.byTable, b.byTable)),
    byStaff: byCents(mergeSales(a.byStaff, b.byStaff)),
    byDocument: byCents(mergeSales(a.byDocument, b.byDocument)),
    // Figures kept before issue 21 have no channels: FIGURES_FORMAT moved, so a kept day is computed again; `?? []` for any other.
    byChannel: byChannelOrder(mergeSales(a.byChannel ?? [], b.byChannel ?? [])),
    ...withMembers(mergeMembersFigures(a.members, b.members)),
  };
}

/** `members` only where either side had some (figures without members stay as they were). */
function withMembers(members: SalesFigures['members']): Pick<SalesFigures, 'members'> {
  return members ? { members } : {};
}
