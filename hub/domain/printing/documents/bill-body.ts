import type { OrderLine, PrintBlock, TicketLanguage } from '#protocol';
import { billableQty, formatSoles, lineGoodsCents, type Totals } from '../../money.ts';
import { dishName, row, rule } from './format.ts';

/** The words of a bill's lines and amounts in each ticket language. */
const WORDS: Record<TicketLanguage, Record<'goods' | 'gifts' | 'lineDiscounts' | 'orderDiscount' | 'minSpend' | 'lunchBox' | 'tip' | 'total' | 'deposit' | 'due' | 'gift', string>> = {
  es: {
    goods: 'Consumo',
    gifts: 'Cortesías',
    lineDiscounts: 'Descuentos por plato',
    orderDiscount: 'Descuento',
    minSpend: 'Completa consumo mínimo',
    lunchBox: 'Táper',
    tip: 'Propina',
    total: 'TOTAL',
    deposit: 'Adelanto',
    due: 'POR PAGAR',
    gift: 'cortesía',
  },
  en: {
    goods: 'Items',
    gifts: 'On the house',
    lineDiscounts: 'Item discounts',
    orderDiscount: 'Discount',
    minSpend: 'Minimum spend top-up',
    lunchBox: 'Take-away boxes',
    tip: 'Tip',
    total: 'TOTAL',
    deposit: 'Deposit',
    due: 'TO PAY',
    gift: 'on the house',
  },
  zh: {
    goods: '消费',
    gifts: '赠送',
    lineDiscounts: '单品折扣',
    orderDiscount: '折扣',
    minSpend: '最低消费补足',
    lunchBox: '打包盒',
    tip: '小费',
    total: '合计',
    deposit: '订金',
    due: '应付',
    gift: '赠送',
  },
};

/**
 * A bill's lines ("qty × dish" and what they cost at their price) and its
 * amounts as `orderTotals` counts them: goods, then each adjustment that is
 * not zero (gifts, discounts, minimum-spend top-up, lunch boxes, tip), the
 * total, and what is left to pay after a deposit. Shared by the pre-bill and
 * the receipt, so both always add up the same way.
 */
export function billBody(lines: readonly OrderLine[], totals: Totals, language: TicketLanguage): PrintBlock[] {
  const w = WORDS[language];
  const blocks: PrintBlock[] = [];
  for (const line of lines) {
    const qty = billableQty(line);
    if (qty <= 0) continue;
    blocks.push(row(`${qty} × ${dishName(line, language)}`, formatSoles(lineGoodsCents(line))));
    if (line.giftedQty > 0) blocks.push(row(`  ${line.giftedQty} ${w.gift}`, ''));
  }
  blocks.push(rule());
  blocks.push(row(w.goods, formatSoles(totals.goodsCents)));
  const minus = (label: string, cents: number) => cents > 0 && blocks.push(row(label, formatSoles(-cents)));
  const plus = (label: string, cents: number) => cents > 0 && blocks.push(row(label, formatSoles(cents)));
  minus(w.gifts, totals.giftCents);
  minus(w.lineDiscounts, totals.lineDiscountCents);
  minus(w.orderDiscount, totals.orderDiscountCents);
  plus(w.minSpend, totals.minSpendFeeCents);
  plus(w.lunchBox, totals.lunchBoxCents);
  plus(w.tip, totals.tipCents);
  blocks.push(row(w.total, formatSoles(totals.totalCents), true));
  if (totals.depositCents > 0) {
    minus(w.deposit, totals.depositCents);
    blocks.push(row(w.due, formatSoles(totals.dueCents), true));
  }
  return blocks;
}
