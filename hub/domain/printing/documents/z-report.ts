import type { PrintBlock, PrintDocument, SalesRow, ShiftReport, TicketLanguage } from '#protocol';
import { formatSoles } from '../../money.ts';
import { limaDate, limaTime, row, rule, text } from './format.ts';
import { paymentMethodName } from './receipt.ts';

/**
 * The Z report: a shift's report (SPEC.md section 3) on the receipt printer
 * at the close, and again on request. Every figure is a `columns` row (label
 * left, amount right) or a short text line, so the layout wraps it within
 * the paper's 32 (58 mm) or 48 (80 mm) columns like any receipt; tables with
 * several numbers per row (by hour, by category) put the count in the label.
 * Breakdowns with nothing in them are left out, so the paper stays short.
 */

type Words = {
  title: string; open: string; restaurant: string; register: string; cashier: string; closedBy: string; from: string; to: string;
  orderSum: string; actualSum: string; salesCount: string; sales: string; discounts: string; offers: string; refunds: string;
  credit: string; writeOffs: string; deposits: string; dineIn: string; takeAway: string; byMethod: string; refundsByMethod: string;
  recharge: string; byCategory: string; gifts: string; returns: string; withdrawn: string; people: string; avgBill: string;
  avgPerson: string; byHour: string; cash: string; float: string; cashIn: string; cashOut: string; expected: string;
  counted: string; difference: string; note: string; bills: string; signature: string; change: string;
  /** Issue 21: delivery beside dine-in and take-away, the order channels, and each rider's cash. */
  delivery: string; byChannel: string; channels: Record<'dineIn' | 'counter' | 'phone' | 'web', string>;
  riderCash: string; collected: string; handedIn: string; stillHeld: string; deliveries: string;
  /** Issue 22: SPEC's "member recharge details", one entry per recharge order. */
  rechargeDetails: string; bonus: string;
};

const WORDS: Record<TicketLanguage, Words> = {
  es: {
    title: 'REPORTE Z · CIERRE DE TURNO', open: 'PARCIAL · TURNO ABIERTO', restaurant: 'Local', register: 'Caja', cashier: 'Cajero',
    closedBy: 'Cerró', from: 'Apertura', to: 'Cierre', orderSum: 'Total de pedidos', actualSum: 'Total real cobrado', salesCount: 'N.º de ventas',
    sales: 'Ventas', discounts: 'Descuentos', offers: 'Ofertas (desc.+cortesías)', refunds: 'Devoluciones', credit: 'A cuenta (crédito)',
    writeOffs: 'Castigos de deuda', deposits: 'Reservas (adelantos)', dineIn: 'En mesa', takeAway: 'Para llevar', byMethod: 'COBROS POR FORMA DE PAGO',
    refundsByMethod: 'DEVUELTO POR FORMA DE PAGO', recharge: 'Recargas de socios', byCategory: 'POR CATEGORÍA', gifts: 'Cortesías', returns: 'Platos devueltos',
    withdrawn: 'Pedidos anulados', people: 'Comensales', avgBill: 'Promedio por cuenta', avgPerson: 'Promedio por persona', byHour: 'POR HORA',
    cash: 'EFECTIVO', float: 'Fondo inicial', cashIn: 'Ingresos', cashOut: 'Salidas', expected: 'Esperado', counted: 'Contado',
    difference: 'Diferencia', note: 'Nota', bills: 'cta.', signature: 'Firma del cajero', change: 'Vuelto entregado',
    delivery: 'Delivery', byChannel: 'POR CANAL', channels: { dineIn: 'En mesa', counter: 'Mostrador', phone: 'Teléfono', web: 'Web' },
    riderCash: 'EFECTIVO DE REPARTIDORES', collected: 'Cobrado', handedIn: 'Entregado en caja', stillHeld: 'Por entregar', deliveries: 'Entregas',
    rechargeDetails: 'DETALLE DE RECARGAS DE SOCIOS', bonus: 'Bono',
  },
  en: {
    title: 'Z REPORT · SHIFT CLOSE', open: 'PARTIAL · SHIFT OPEN', restaurant: 'Store', register: 'Register', cashier: 'Cashier',
    closedBy: 'Closed by', from: 'Opened', to: 'Closed', orderSum: 'Order sum', actualSum: 'Actual sum received', salesCount: 'Sales count',
    sales: 'Sales', discounts: 'Discounts', offers: 'Offers (disc.+gifts)', refunds: 'Refunds', credit: 'On account (credit)',
    writeOffs: 'Debts written off', deposits: 'Reservations (deposits)', dineIn: 'Dine-in', takeAway: 'Take-away', byMethod: 'RECEIVED BY PAYMENT METHOD',
    refundsByMethod: 'REFUNDED BY PAYMENT METHOD', recharge: 'Member recharges', byCategory: 'BY CATEGORY', gifts: 'Gifts', returns: 'Returned dishes',
    withdrawn: 'Orders withdrawn', people: 'Guests', avgBill: 'Average per bill', avgPerson: 'Average per guest', byHour: 'BY HOUR',
    cash: 'CASH', float: 'Opening float', cashIn: 'Cash in', cashOut: 'Cash out', expected: 'Expected', counted: 'Counted',
    difference: 'Difference', note: 'Note', bills: 'bills', signature: 'Cashier signature', change: 'Change given',
    delivery: 'Delivery', byChannel: 'BY CHANNEL', channels: { dineIn: 'Dine-in', counter: 'Counter', phone: 'Phone', web: 'Web' },
    riderCash: 'RIDERS\' CASH', collected: 'Collected', handedIn: 'Handed in', stillHeld: 'Still held', deliveries: 'Deliveries',
    rechargeDetails: 'MEMBER RECHARGE DETAILS', bonus: 'Bonus',
  },
  zh: {
    title: 'Z 报表 · 交班', open: '中间报表 · 班次未结', restaurant: '门店', register: '收银机', cashier: '收银员',
    closedBy: '交班人', from: '上班', to: '下班', orderSum: '订单总额', actualSum: '实收金额', salesCount: '销售单数',
    sales: '销售额', discounts: '折扣', offers: '优惠（折扣+赠送）', refunds: '退款', credit: '挂账',
    writeOffs: '坏账核销', deposits: '预定订单（订金）', dineIn: '堂食', takeAway: '外带', byMethod: '按支付方式收款',
    refundsByMethod: '按支付方式退款', recharge: '会员充值', byCategory: '按菜品分类', gifts: '赠送', returns: '退菜',
    withdrawn: '撤单', people: '客流量', avgBill: '单均', avgPerson: '人均', byHour: '按时段',
    cash: '现金', float: '备用金', cashIn: '存入', cashOut: '取出', expected: '应有', counted: '实点',
    difference: '差额', note: '备注', bills: '单', signature: '收银员签字', change: '找零',
    delivery: '外卖配送', byChannel: '按渠道', channels: { dineIn: '堂食', counter: '柜台', phone: '电话', web: '网店' },
    riderCash: '骑手现金', collected: '已收', handedIn: '已交', stillHeld: '未交', deliveries: '送单数',
    rechargeDetails: '会员充值明细', bonus: '赠送',
  },
};

const when = (iso: string) => `${limaDate(iso)} ${limaTime(iso)}`;
const signed = (cents: number) => (cents > 0 ? `+${formatSoles(cents)}` : formatSoles(cents));

/** A breakdown as rows "name (n bills)   amount"; nothing when it is empty. */
function section(title: string, rows: readonly SalesRow[], countWord: string, name: (r: SalesRow) => string = (r) => r.name): PrintBlock[] {
  const used = rows.filter((r) => r.bills > 0 || r.cents !== 0);
  if (used.length === 0) return [];
  return [rule(), text(title, { bold: true }), ...used.map((r) => row(`${name(r)} (${r.bills} ${countWord})`, formatSoles(r.cents)))];
}

/**
 * Each recharge of the shift (issue 22, read by the report route from the ledger): time, order
 * no, member no and short name on one line, the method with its operation no or certificate and
 * the amount on the next; who took it only when not the shift's cashier. Nothing when none.
 */
function rechargeDetailBlocks(r: ShiftReport, w: Words, language: TicketLanguage): PrintBlock[] {
  const rows = r.rechargeDetails ?? [];
  if (rows.length === 0) return [];
  const blocks: PrintBlock[] = [rule(), text(w.rechargeDetails, { bold: true })];
  for (const x of rows) {
    blocks.push(text(`${limaTime(x.at)} #${x.orderNo} ${x.memberNo} ${x.memberName}`.trimEnd()));
    blocks.push(row(`  ${paymentMethodName(x.payMethod, language)} ${x.reference}`.trimEnd(), formatSoles(x.amountCents)));
    if (x.bonusCents > 0) blocks.push(row(`  ${w.bonus}`, formatSoles(x.bonusCents)));
    if (x.cashier && x.cashier !== r.cashier) blocks.push(text(`  ${w.cashier}: ${x.cashier}`));
  }
  return blocks;
}

/** The Z report of `report` in the printer's language. */
export function zReportDocument(report: ShiftReport, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const r = report;
  const blocks: PrintBlock[] = [
    text(r.restaurant, { align: 'center', size: 'tall', bold: true }),
    text(r.open ? w.open : w.title, { align: 'center', bold: true }),
    rule('='),
    // Names as text lines: a long one beside its label would squeeze the label into pieces on 58 mm.
    text(`${w.register}: ${r.register}`),
    text(`${w.cashier}: ${r.cashier || '-'}`),
    row(w.from, when(r.openedAt)),
  ];
  if (r.closedAt) blocks.push(row(w.to, when(r.closedAt)), text(`${w.closedBy}: ${r.closedBy || '-'}`));
  blocks.push(
    rule(),
    row(w.orderSum, formatSoles(r.orderCents)),
    row(w.sales, formatSoles(r.salesCents), true),
    row(w.actualSum, formatSoles(r.actualCents), true),
    // Told, not subtracted again: the cash by method below is already what the drawer kept (kept-by-method.ts).
    row(w.change, formatSoles(r.figures.changeCents)),
    row(w.salesCount, String(r.salesCount)),
    row(w.discounts, formatSoles(r.discountCents)),
    row(w.offers, formatSoles(r.offerCents)),
    row(`${w.refunds} (${r.refundCount})`, formatSoles(r.refundCents)),
    row(`${w.credit} (${r.onAccountCount})`, formatSoles(r.onAccountCents)),
    row(`${w.writeOffs} (${r.writeOffCount})`, formatSoles(r.writeOffCents)),
    row(w.deposits, formatSoles(r.depositCents)),
    row(`${w.recharge} (${r.memberRechargeCount})`, formatSoles(r.memberRechargeCents)),
    // Each method's share of the recharges (issue 22), indented under them: money at the till, not sales.
    ...(r.rechargesByMethod ?? []).map((m) => row(`  ${paymentMethodName(m.method, language)}`, formatSoles(m.cents))),
    row(`${w.gifts} (${r.giftQty})`, formatSoles(r.giftCents)),
    row(`${w.returns} (${r.returnQty})`, formatSoles(r.returnCents)),
    row(`${w.withdrawn} (${r.withdrawnCount})`, formatSoles(r.withdrawnCents)),
    row(w.people, String(r.people)),
    row(w.avgBill, formatSoles(r.averageBillCents)),
    row(w.avgPerson, formatSoles(r.averagePersonCents)),
  );
  blocks.push(...section(`${w.dineIn} / ${w.takeAway} / ${w.delivery}`.toUpperCase(), r.channels, w.bills, (c) => (c.key === 'takeAway' ? w.takeAway : c.key === 'delivery' ? w.delivery : w.dineIn)));
  // By channel only once something came in other than at a table (figures kept before issue 21 have none).
  const channels = r.figures.byChannel ?? [];
  if (channels.some((c) => c.key !== 'dineIn' && c.bills > 0)) blocks.push(...section(w.byChannel, channels, w.bills, (c) => w.channels[c.key as keyof Words['channels']] ?? c.key));
  if (r.byMethod.length > 0) blocks.push(rule(), text(w.byMethod, { bold: true }), ...r.byMethod.map((m) => row(`${paymentMethodName(m.method, language)} (${m.count})`, formatSoles(m.cents))));
  if (r.refundsByMethod.length > 0) blocks.push(rule(), text(w.refundsByMethod, { bold: true }), ...r.refundsByMethod.map((m) => row(paymentMethodName(m.method, language), formatSoles(m.cents))));
  blocks.push(...section(w.byCategory, r.figures.byCategory, w.bills));
  blocks.push(...section(w.byHour, r.figures.byHour, w.bills, (h) => `${h.key}:00`));
  blocks.push(rule(), text(w.cash, { bold: true }), row(w.float, formatSoles(r.floatCents)), row(w.cashIn, formatSoles(r.cashInCents)), row(w.cashOut, formatSoles(r.cashOutCents)));
  blocks.push(row(w.expected, formatSoles(r.expectedCashCents), true));
  for (const c of r.counts) {
    blocks.push(text(paymentMethodName(c.method, language), { bold: true }), row(`  ${w.expected}`, formatSoles(c.expectedCents)), row(`  ${w.counted}`, formatSoles(c.countedCents)), row(`  ${w.difference}`, signed(c.differenceCents), true));
  }
  for (const rider of r.riderCash ?? []) {
    if (rider === r.riderCash?.[0]) blocks.push(rule(), text(w.riderCash, { bold: true }));
    blocks.push(text(rider.name || rider.riderId, { bold: true }), row(`  ${w.deliveries}`, String(rider.deliveries ?? 0)), row(`  ${w.collected}`, formatSoles(rider.collectedCents)), row(`  ${w.handedIn} (${rider.handIns})`, formatSoles(rider.handedInCents)), row(`  ${w.stillHeld}`, formatSoles(rider.heldCents), true));
  }
  blocks.push(...rechargeDetailBlocks(r, w, language));
  if (r.note) blocks.push(text(`${w.note}: ${r.note}`));
  blocks.push(rule('='), { kind: 'feed', lines: 2 }, text('______________________', { align: 'center' }), text(w.signature, { align: 'center' }));
  return { blocks, cut: true };
}
