import type { Bill, BillFiscal, BillPayment, OrderLine } from '#protocol';
import { UNTOUCHED_LINE } from '#protocol';
import { chargedQty, lineTotalCents } from '../money.ts';

/**
 * The parts of a split bill as bills of their own, for the documents each
 * guest takes away (issue 18 item 12: three diners, three facturas). The
 * archived bill stays ONE bill with every dish and every figure (reports,
 * the shift and the exports count it once); a part is a view of it that the
 * e-invoice rules, the receipt and the sales register read in its place.
 *
 * A part split by people or amount carries one line, "CONSUMO SEGÚN PEDIDO
 * N° 12 (PARTE 1 DE 3)": a guest who pays a third of a ceviche and a lomo
 * bought a third of the meal, not a third of a plate (quantities on a
 * document are what was sold). Its amounts, to the céntimo:
 *
 * - the reservation deposit is credited to the parts in proportion to their
 *   shares (largest remainder), so the parts' documents add up to the bill's
 *   total, as the whole bill's document does;
 * - the tip, a charge outside the IGV base, is spread over the parts in
 *   proportion to their documents' totals; the rest of each part is the
 *   consumption line (order discount, minimum-spend fee and lunch boxes are
 *   already in it);
 * - plastic bags (ICBPER per bag, by law never split) stay real lines on the
 *   largest part, and that part's consumption line is smaller by their price.
 */

/** `total` in parts proportional to `weights`, largest remainder (ties to the first), exact to the céntimo; even parts when the weights are all 0. */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  const ws = sum > 0 ? weights : weights.map(() => 1);
  const whole = sum > 0 ? sum : ws.length;
  const exact = ws.map((w) => (total * w) / whole);
  const out = exact.map((x) => Math.floor(x));
  let left = total - out.reduce((n, c) => n + c, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/** What each part's document comes to: its share of the amount due plus its part of the deposit (they add up to the bill's total). */
export function partTotals(shares: readonly number[], depositCents: number): number[] {
  const deposits = allocate(depositCents, shares);
  return shares.map((c, i) => c + deposits[i]!);
}

/** Whether the bill's parts each carry a document of their own (settled with `shareDocuments`). */
export function hasPartDocuments(bill: Bill): boolean {
  return Boolean(bill.shares?.length && bill.shares.every((sh) => sh.document));
}

/**
 * The bills a settled bill's documents are made from: the bill itself, or,
 * when each part of a split carries its own document, one bill per part.
 * Every reader of documents (e-invoice jobs, receipts, the sales register)
 * goes through here; readers of figures keep reading the bill itself.
 */
export function documentBills(bill: Bill, bagProductIds: readonly string[]): Bill[] {
  if (!hasPartDocuments(bill)) return [bill];
  return bill.shares!.map((_, i) => partBill(bill, i, bagProductIds));
}

/** Part `index` (0-based) of a bill whose parts carry their own documents, as a bill of its own (see the file's comment). */
export function partBill(bill: Bill, index: number, bagProductIds: readonly string[]): Bill {
  const shares = bill.shares ?? [];
  const share = shares[index]!;
  const amounts = shares.map((sh) => sh.amountCents);
  const totals = partTotals(amounts, bill.depositCents);
  const totalCents = totals[index]!;
  const depositCents = totalCents - share.amountCents;
  const tipCents = allocate(bill.tipCents, totals)[index]!;
  const bagSet = new Set(bagProductIds);
  const bagLines = bill.lines.filter((l) => l.productId !== null && bagSet.has(l.productId) && chargedQty(l) > 0);
  const largest = totals.indexOf(Math.max(...totals));
  const ownBags = index === largest ? bagLines : [];
  const bagsCents = ownBags.reduce((n, l) => n + lineTotalCents(l), 0);
  const consumption = totalCents - tipCents - bagsCents;
  const payments: BillPayment[] = bill.payments.filter((p) => (p.share ?? 0) === index);
  const methods = new Set(payments.map((p) => p.method));
  const lines = [...(consumption > 0 ? [consumptionLine(bill, index, shares.length, consumption)] : []), ...ownBags];
  const goods = lines.reduce((n, l) => n + lineTotalCents(l), 0);
  const { shares: _whole, ...rest } = bill;
  return {
    ...rest,
    lines,
    goodsCents: goods,
    giftCents: 0,
    lineDiscountCents: 0,
    subtotalCents: goods,
    minSpendFeeCents: 0,
    orderDiscount: null,
    orderDiscountCents: 0,
    lunchBox: null,
    lunchBoxCents: 0,
    tipCents,
    totalCents,
    depositCents,
    dueCents: share.amountCents,
    payments,
    receivedCents: share.paidCents,
    changeCents: share.changeCents,
    payMethod: methods.size === 0 ? 'cash' : methods.size === 1 ? payments[0]!.method : 'mixed',
    isAccount: payments.some((p) => p.method === 'onAccount') ? 1 : 0,
    document: share.document!,
    ...(share.fiscal ? { fiscal: share.fiscal } : {}),
    part: { index, of: shares.length },
  };
}

/** The one line of a part split by people or amount: what the guest consumed of the order, at the part's price. */
function consumptionLine(bill: Bill, index: number, count: number, cents: number): OrderLine {
  const part = `${index + 1}/${count}`;
  return {
    ...UNTOUCHED_LINE,
    id: `part-${index + 1}`,
    productId: null,
    code: 'CONSUMO',
    names: {
      es: `CONSUMO SEGÚN PEDIDO N° ${bill.orderNo} (PARTE ${index + 1} DE ${count})`,
      en: `CONSUMPTION, ORDER NO. ${bill.orderNo} (PART ${part})`,
      zh: `订单 ${bill.orderNo} 消费（第 ${index + 1}/${count} 份）`,
    },
    specId: null,
    specNames: null,
    unitPriceCents: cents,
    vipUnitPriceCents: null,
    qty: 1,
    unit: '',
    remark: '',
    station: '',
    sentBatch: 1,
    returnedQty: 0,
    returnReason: '',
    returnToStock: false,
    restockedQty: 0,
    stockTaken: false,
  };
}

/** The numbers a settled bill's documents carry: its own, or each numbered part's (search and lists read them). */
export function fiscalNumbersOf(bill: Bill): BillFiscal[] {
  if (bill.fiscal) return [bill.fiscal];
  return (bill.shares ?? []).flatMap((sh) => (sh.fiscal ? [sh.fiscal] : []));
}
