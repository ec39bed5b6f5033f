import type { FiscalDocument, MethodRow } from '#protocol';
import type { DayModel } from './model.ts';
import type { DayViews } from './views.ts';

/**
 * The whole-day comparisons: every figure the screens show against the
 * test's own account of the day (./model.ts) and against each other, and
 * every boleta and factura as filed against its bill. Each disagreement is
 * a line of text, so a failure names every figure that is off at once.
 */

const cents = (text: string) => Math.round(Number(text) * 100);
const byMethod = (rows: readonly MethodRow[]) => Object.fromEntries(rows.filter((r) => r.cents !== 0).map((r) => [r.method, r.cents]));
const nonZero = (m: Record<string, number | undefined>) => Object.fromEntries(Object.entries(m).filter((e): e is [string, number] => e[1] !== undefined && e[1] !== 0));
const sorted = (m: Record<string, number>) => JSON.stringify(Object.fromEntries(Object.entries(m).sort(([a], [b]) => a.localeCompare(b))));

export function disagreements(m: DayModel, v: DayViews): string[] {
  const out: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${what}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
  };
  const sold = v.bills.filter((r) => r.record !== 'cancelled');
  // Sales: the test's bills, the list, the shift, the book, the order report.
  same('bills list count / bills settled', sold.length, m.bills.length);
  same('bills list total / charged', sold.reduce((n, r) => n + r.totalCents, 0), m.salesCents);
  same('withdrawn rows / withdrawn', v.bills.filter((r) => r.record === 'cancelled').length, m.withdrawn);
  same('voided rows / voids', v.bills.filter((r) => r.record === 'deleted').length, m.corrections.void);
  same('shift sales / charged', v.shift.salesCents, m.salesCents);
  same('shift bills / settled', v.shift.salesCount, m.bills.length);
  same('book sales / charged', v.tally.salesCents, m.salesCents);
  same('book bills / settled', v.tally.billCount, m.bills.length);
  same('report sales / charged', v.report.salesCents, m.salesCents);
  same('report bills / settled', v.report.bills, m.bills.length);
  same('report withdrawn / withdrawn', v.report.withdrawnCount, m.withdrawn);
  same('shift withdrawn / withdrawn', v.shift.withdrawnCount, m.withdrawn);
  // Money by method: cash net of the change, what stayed on account.
  const kept = nonZero(m.kept);
  same('book by method / kept', sorted(nonZero(v.tally.salesByMethod)), sorted(kept));
  same('shift by method / kept', sorted(byMethod(v.shift.byMethod)), sorted(kept));
  same('report by method / shift by method', sorted(byMethod(v.report.byMethod)), sorted(byMethod(v.shift.byMethod)));
  same('book change / change', v.tally.changeCents, m.changeCents);
  same('report change / change', v.report.changeCents, m.changeCents);
  same('shift actual / report received - change', v.shift.actualCents, v.report.receivedCents - v.report.changeCents);
  // Debts collected and written off.
  same('book debts / collected', sorted(nonZero(v.tally.debtsByMethod)), sorted(nonZero(m.debts)));
  same('shift write-offs / written off', [v.shift.writeOffCount, v.shift.writeOffCents], [m.writeOffs, m.writeOffCents]);
  same('on account: shift / report', [v.shift.onAccountCount, v.shift.onAccountCents], [v.report.onAccountCount, v.report.onAccountCents]);
  same('on account: report / kept', v.report.onAccountCents, m.kept.onAccount ?? 0);
  // Voids and refunds: the same count and money in every view.
  same('refunds: shift / report', [v.shift.refundCount, v.shift.refundCents], [v.report.refundCount, v.report.refundCents]);
  same('refunds: count / done', v.report.refundCount, m.corrections.void + m.corrections.refund);
  same('refunds: book cash / report cash', v.tally.cashRefundsCents, byMethod(v.report.refundsByMethod).cash ?? 0);
  // The drawer: the book's expected cash and the shift's (its float on top) read the same movements.
  same('expected cash: shift / float + book', v.shift.expectedCashCents, v.shift.floatCents + v.tally.expectedCashCents);
  out.push(...documentDisagreements(m, v));
  return out;
}

/** Each numbered bill's boleta or factura as filed: present, adding up, its payable the bill's, its IGV rate the regime's at the sale. */
function documentDisagreements(m: DayModel, v: DayViews): string[] {
  const out: string[] = [];
  const rateOf = new Map<string, Set<string>>();
  for (const sale of m.bills) {
    if (!sale.numbered) continue;
    const docs = v.documents.get(sale.billId) ?? [];
    if (docs.length !== sale.parts) {
      out.push(`bill ${sale.billId}: ${docs.length} documents on file, ${sale.parts} made`);
      continue;
    }
    // A split's parts' documents add up to the bill.
    const payable = docs.reduce((n, d) => n + cents(d.totals.payable), 0);
    if (payable !== sale.due) out.push(`${docs.map(key).join(', ')}: payable ${payable} != charged ${sale.due}`);
    for (const doc of docs) out.push(...documentItself(doc, sale.regime, rateOf));
  }
  // Every document of a regime at its one rate, and the two regimes' rates apart.
  for (const [regime, rates] of rateOf) if (rates.size > 1) out.push(`documents sold under ${regime} carry rates ${[...rates].join(', ')}`);
  const general = [...(rateOf.get('general') ?? [])];
  const reduced = [...(rateOf.get('reduced') ?? [])];
  if (general.length && reduced.length && general[0] === reduced[0]) out.push(`general and reduced documents both at ${general[0]}`);
  return out;
}

/** One filed document adds up and its IGV is its rate on its base; its rate noted under the regime it was sold in. */
function documentItself(doc: FiscalDocument, regime: string, rateOf: Map<string, Set<string>>): string[] {
  const out: string[] = [];
  const t = doc.totals;
  // IGV is the rate on the base (gifts' IGV is not charged, an order discount lowers the base), each line's
  // rounded on its own: at most a céntimo per charged line away from the rate on the whole base.
  const chargedLines = doc.lines.filter((l) => !l.free && cents(l.lineExtension) > 0);
  const charged = chargedLines[0];
  const expectedIgv = charged ? Math.round((cents(t.taxable) * Number(charged.igvPercent)) / 100) : 0;
  if (Math.abs(expectedIgv - cents(t.igv)) > Math.max(1, chargedLines.length)) out.push(`${key(doc)}: IGV ${t.igv} is not ${charged?.igvPercent} % of the base ${t.taxable}`);
  const sum = cents(t.taxable) + cents(t.igv) + cents(t.icbper) + cents(t.exempt) + cents(t.unaffected) + cents(t.charges) - cents(t.allowances);
  if (Math.abs(sum - cents(t.payable)) > 1) out.push(`${key(doc)}: base + IGV + ICBPER ${sum} != payable ${t.payable}`);
  const rates = rateOf.get(regime) ?? new Set();
  for (const l of doc.lines) if (!l.free && cents(l.lineExtension) > 0) rates.add(l.igvPercent);
  rateOf.set(regime, rates);
  return out;
}

const key = (d: FiscalDocument) => `${d.type}-${d.series}-${d.number}`;
