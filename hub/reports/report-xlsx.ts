import type { MembersFigures, OrderChannel, OrderReport, PayMethod, SalesRow } from '#protocol';
import { writeXlsxSheets, type XlsxCell, type XlsxSheet } from '#hub/goods-io/xlsx-write.ts';
import { reportKpis } from './kpis.ts';
import { REPORT_TEXTS, reportDayText, type ReportLang } from './report-xlsx-texts.ts';

/**
 * The order report as a workbook for the owner or the accountant
 * (GET /api/reports/orders.xlsx): a summary sheet and one sheet per
 * breakdown, numbers as numbers (soles with two decimals, so they add up in
 * Excel), headers in the requester's language. Every name (a dish, a table,
 * a person) is an inline string, never a formula, whatever it starts with:
 * a dish called "=HYPERLINK(...)" stays text. Pure: the route hands it the
 * report and sends the bytes.
 */

const s = (v: string): XlsxCell => ({ t: 's', v });
const n = (v: number): XlsxCell => ({ t: 'n', v });
const money = (cents: number): XlsxCell => ({ t: 'money', v: cents / 100 });

/** The rows of a sales breakdown: label, bills, people, amount. */
function salesRows(rows: readonly SalesRow[], label: (r: SalesRow) => string): XlsxCell[][] {
  return rows.map((r) => [s(label(r)), n(r.bills), n(r.people), money(r.cents)]);
}

export function buildReportXlsx(report: OrderReport, lang: ReportLang): Buffer {
  return writeXlsxSheets(reportSheets(report, lang));
}

export function reportSheets(report: OrderReport, lang: ReportLang): XlsxSheet[] {
  const T = REPORT_TEXTS[lang];
  const f = report.figures;
  const k = reportKpis(f);
  const c = T.col;
  const sum = T.summary;
  const salesHeader = (first: string) => [first, c.bills, c.people, c.amount];
  const summary: XlsxCell[][] = [
    [s(sum.from), s(reportDayText(report.from, lang))],
    [s(sum.to), s(reportDayText(report.to, lang))],
    [s(sum.sales), money(k.salesCents)],
    [s(sum.bills), n(k.bills)],
    [s(sum.people), n(k.people)],
    [s(sum.averageTicket), money(k.averageTicketCents)],
    [s(sum.averagePerPerson), money(k.averagePerPersonCents)],
    [s(sum.goods), money(f.goodsCents)],
    [s(sum.lineDiscounts), money(f.lineDiscountCents)],
    [s(sum.orderDiscounts), money(f.orderDiscountCents)],
    [s(sum.gifts), money(f.giftCents)],
    [s(sum.giftQty), n(f.giftQty)],
    [s(sum.tips), money(f.tipCents)],
    [s(sum.lunchBoxes), money(f.lunchBoxCents)],
    [s(sum.minSpendFees), money(f.minSpendFeeCents)],
    [s(sum.deposits), money(f.depositCents)],
    [s(sum.received), money(f.receivedCents)],
    [s(sum.change), money(f.changeCents)],
    [s(sum.returnQty), n(f.returnQty)],
    [s(sum.returns), money(f.returnCents)],
    [s(sum.withdrawnCount), n(f.withdrawnCount)],
    [s(sum.withdrawn), money(f.withdrawnCents)],
    [s(sum.onAccountCount), n(f.onAccountCount)],
    [s(sum.onAccount), money(f.onAccountCents)],
    [s(sum.refundCount), n(f.refundCount)],
    [s(sum.refunds), money(f.refundCents)],
  ];
  return [
    { name: T.sheets.summary, header: [c.concept, c.value], rows: summary },
    { name: T.sheets.hour, header: salesHeader(c.hour), rows: salesRows(f.byHour, (r) => `${r.key}:00`) },
    { name: T.sheets.weekday, header: salesHeader(c.weekday), rows: salesRows(f.byWeekday, (r) => T.weekdays[Number(r.key) - 1] ?? r.key) },
    { name: T.sheets.day, header: salesHeader(c.day), rows: salesRows(f.byDay, (r) => reportDayText(r.key, lang)) },
    // Where orders came in, from each stored bill's takeout (issue 21): always the four rows.
    { name: T.sheets.channel, header: salesHeader(c.channel), rows: salesRows(f.byChannel ?? [], (r) => T.channels[r.key as OrderChannel] ?? r.key) },
    { name: T.sheets.category, header: salesHeader(c.category), rows: salesRows(f.byCategory, (r) => (r.key === 'custom' ? T.custom : r.name)) },
    {
      name: T.sheets.dish,
      header: [c.dish, c.category, c.qty, c.amount, c.giftQty, c.giftAmount, c.returnQty, c.returnAmount],
      rows: f.byDish.map((d) => [s(d.name), s(categoryName(report, d.categoryId, T.custom)), n(d.qty), money(d.cents), n(d.giftQty), money(d.giftCents), n(d.returnQty), money(d.returnCents)]),
    },
    { name: T.sheets.table, header: salesHeader(c.table), rows: salesRows(f.byTable, (r) => r.name || r.key) },
    { name: T.sheets.staff, header: salesHeader(c.staff), rows: salesRows(f.byStaff, (r) => (r.key === '' ? T.hub : r.name || r.key)) },
    {
      name: T.sheets.method,
      header: [c.method, c.count, c.amount, c.usd],
      rows: f.byMethod.map((m) => [s(T.methods[m.method] ?? m.method), n(m.count), money(m.cents), money(m.usdCents)]),
    },
    // Members' balance and coupons (issue 22): a recharge is a prepayment, so it is in no sales figure above.
    { name: T.sheets.members, header: [c.concept, c.qty, c.amount], rows: memberRows(f.members, report.to, lang) },
  ];
}

const blank: XlsxCell = s('');

/** The members sheet's rows; figures without members (none kept since FIGURES_FORMAT 4) read as zeros at the range's end. */
function memberRows(members: MembersFigures | undefined, to: string, lang: ReportLang): XlsxCell[][] {
  const T = REPORT_TEXTS[lang].members;
  const m = members ?? { rechargeCount: 0, rechargesByMethod: {}, bonusCents: 0, spentCents: 0, refundedCents: 0, adjustCents: 0, outstandingCents: 0, outstandingDay: to, couponsIssued: 0, couponsRedeemed: 0, couponDiscountCents: 0, couponsExpired: 0 };
  const methods = (Object.entries(m.rechargesByMethod) as [PayMethod, number][]).filter(([, v]) => v !== 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return [
    [s(T.recharges), n(m.rechargeCount), money(methods.reduce((sum, [, v]) => sum + v, 0))],
    ...methods.map(([method, v]) => [s(T.rechargesBy.replace('{{method}}', REPORT_TEXTS[lang].methods[method] ?? method)), blank, money(v)]),
    [s(T.bonus), blank, money(m.bonusCents)],
    [s(T.spent), blank, money(m.spentCents)],
    [s(T.refunded), blank, money(m.refundedCents)],
    [s(T.adjusted), blank, money(m.adjustCents)],
    [s(T.outstanding.replace('{{day}}', reportDayText(m.outstandingDay, lang))), blank, money(m.outstandingCents)],
    [s(T.couponsIssued), n(m.couponsIssued), blank],
    [s(T.couponsRedeemed), n(m.couponsRedeemed), money(m.couponDiscountCents)],
    [s(T.couponsExpired), n(m.couponsExpired), blank],
  ];
}

/** A dish's category by the name the category breakdown gives it (its id when that breakdown lacks it). */
function categoryName(report: OrderReport, categoryId: string, custom: string): string {
  if (categoryId === 'custom') return custom;
  return report.figures.byCategory.find((r) => r.key === categoryId)?.name ?? categoryId;
}
