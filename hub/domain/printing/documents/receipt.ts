import type { Bill, BillPayment, DocKind, PayMethod, PrintBlock, PrintDocument, TicketLanguage } from '#protocol';
import { chargedQty, formatSoles } from '../../money.ts';
import { billBody } from './bill-body.ts';
import type { ReceiptFiscal } from './fiscal-receipt.ts';
import { limaDate, limaTime, marker, row, rule, text } from './format.ts';
import { takeoutMark } from './takeout-mark.ts';

export type { ReceiptFiscal } from './fiscal-receipt.ts';

/** What a receipt shows: the settled bill and who the business is. */
export type ReceiptInput = {
  businessName: string;
  ruc: string;
  address: string;
  bill: Bill;
  cashier: string;
  /** A numbered boleta or factura: its legal part (fiscal-receipt.ts, from the document the tax rules computed). */
  fiscal?: ReceiptFiscal;
};

type Words = {
  docs: Record<DocKind, string>;
  methods: Record<PayMethod, string>;
  ruc: string;
  bill: string;
  /** One part of a split bill, printed with its own document: "Parte 1/3". */
  part: string;
  table: string;
  cashier: string;
  buyer: string;
  payments: string;
  operation: string;
  received: string;
  change: string;
  thanks: string;
  /** Under the Spanish legal title of a boleta or factura, the document kind again in the printer's language (not in Spanish). */
  fiscalHint: boolean;
  /** A boleta or factura asked for before e-invoicing was set up: nothing was issued to SUNAT, the paper must not pretend otherwise. */
  notIssued: string;
  /** Issue 22: the member the bill was for, what their VIP prices saved against the list prices, the coupon used. */
  member: string;
  vipSaving: string;
  coupon: string;
};

const WORDS: Record<TicketLanguage, Words> = {
  es: {
    docs: { note: 'NOTA DE VENTA', boleta: 'BOLETA DE VENTA ELECTRÓNICA', factura: 'FACTURA ELECTRÓNICA' },
    methods: { cash: 'Efectivo', usd: 'Dólares', visa: 'Visa', mastercard: 'Mastercard', otherCard: 'Otra tarjeta', yape: 'Yape', plin: 'Plin', transfer: 'Transferencia', balance: 'Saldo', onAccount: 'A cuenta' },
    ruc: 'RUC',
    bill: 'Cuenta N.º',
    part: 'Parte',
    table: 'Mesa',
    cashier: 'Cajero',
    buyer: 'Cliente',
    payments: 'Pagos',
    operation: 'Op.',
    received: 'Recibido',
    change: 'Vuelto',
    thanks: '¡Gracias por su visita!',
    fiscalHint: false,
    notIssued: 'Comprobante electrónico no emitido: la facturación electrónica no está configurada',
    member: 'Socio',
    vipSaving: 'Ahorro de socio (precios VIP)',
    coupon: 'Cupón',
  },
  en: {
    docs: { note: 'SALE NOTE', boleta: 'ELECTRONIC SALES RECEIPT (BOLETA)', factura: 'ELECTRONIC INVOICE (FACTURA)' },
    methods: { cash: 'Cash', usd: 'Dollars', visa: 'Visa', mastercard: 'Mastercard', otherCard: 'Other card', yape: 'Yape', plin: 'Plin', transfer: 'Transfer', balance: 'Balance', onAccount: 'On account' },
    ruc: 'RUC',
    bill: 'Bill no.',
    part: 'Part',
    table: 'Table',
    cashier: 'Cashier',
    buyer: 'Customer',
    payments: 'Payments',
    operation: 'Op.',
    received: 'Received',
    change: 'Change',
    thanks: 'Thank you for your visit!',
    fiscalHint: true,
    notIssued: 'No electronic receipt was issued: e-invoicing is not set up',
    member: 'Member',
    vipSaving: 'Member savings (VIP prices)',
    coupon: 'Coupon',
  },
  zh: {
    docs: { note: '销售单', boleta: '电子销售小票 (BOLETA)', factura: '电子发票 (FACTURA)' },
    methods: { cash: '现金', usd: '美元', visa: 'Visa', mastercard: 'Mastercard', otherCard: '其他银行卡', yape: 'Yape', plin: 'Plin', transfer: '转账', balance: '余额', onAccount: '挂账' },
    ruc: 'RUC',
    bill: '账单号',
    part: '分单',
    table: '桌号',
    cashier: '收银员',
    buyer: '客户',
    payments: '付款',
    operation: '流水号',
    received: '实收',
    change: '找零',
    thanks: '谢谢光临！',
    fiscalHint: true,
    notIssued: '未开具电子票据：电子发票尚未设置',
    member: '会员',
    vipSaving: '会员优惠（VIP 价）',
    coupon: '优惠券',
  },
};

/** A payment method as the receipt names it in a language (the correction slips say how money went back). */
export function paymentMethodName(method: PayMethod, language: TicketLanguage): string {
  return WORDS[language].methods[method];
}

/** Dollars as "US$ 20.00" (integer cents, no float). */
function formatDollars(cents: number): string {
  return `US$ ${Math.floor(cents / 100)}.${(cents % 100).toString().padStart(2, '0')}`;
}

/** A rate in thousandths as "3.745". */
function formatRate(milli: number): string {
  return `${Math.floor(milli / 1000)}.${(milli % 1000).toString().padStart(3, '0')}`;
}

function paymentBlocks(p: BillPayment, w: Words): PrintBlock[] {
  const label = p.method === 'usd' ? `${w.methods.usd} ${formatDollars(p.usdCents)} × ${formatRate(p.rateMilli)}` : w.methods[p.method];
  const blocks = [row(label, formatSoles(p.amountCents))];
  if (p.operationNo) blocks.push(text(`  ${w.operation} ${p.operationNo}`));
  if (p.method === 'onAccount' && p.person) blocks.push(text(`  ${p.person} ${p.contact}`.trimEnd()));
  return blocks;
}

/** What the member's VIP prices saved on the billed portions against the list prices kept beside them. */
function vipSavingCents(bill: Bill): number {
  return bill.lines.reduce((n, l) => n + (l.listUnitPriceCents === undefined ? 0 : (l.listUnitPriceCents - l.unitPriceCents) * chargedQty(l)), 0);
}

/** Issue 22: the coupon that is the bill's discount, and what a member saved (the lines already carry the VIP prices). */
function memberBlocks(bill: Bill, w: Words): PrintBlock[] {
  const blocks: PrintBlock[] = [];
  if (bill.coupon) blocks.push(text(`${w.coupon} ${bill.coupon.code} (${bill.coupon.name})`));
  const saved = vipSavingCents(bill);
  if (saved > 0) blocks.push(row(w.vipSaving, formatSoles(saved)));
  return blocks;
}

/** The head of a fiscal receipt: issuer as registered, the legal title (and the printer's language beside it), date and buyer. */
function fiscalHead(input: ReceiptInput, fiscal: ReceiptFiscal, w: Words): PrintBlock[] {
  const blocks: PrintBlock[] = [text(input.businessName, { align: 'center', size: 'tall', bold: true })];
  if (fiscal.issuer.legalName && fiscal.issuer.legalName !== input.businessName) blocks.push(text(fiscal.issuer.legalName, { align: 'center' }));
  blocks.push(text(`RUC ${fiscal.issuer.ruc}`, { align: 'center', bold: true }));
  if (fiscal.issuer.address) blocks.push(text(fiscal.issuer.address, { align: 'center' }));
  blocks.push(rule('='), text(fiscal.title, { align: 'center', bold: true }));
  if (w.fiscalHint) blocks.push(text(w.docs[input.bill.document.kind], { align: 'center' }));
  blocks.push(rule('='));
  for (const line of fiscal.head) blocks.push(text(line));
  return blocks;
}

/** The head of a receipt without a fiscal document: the business, "sale note" (saying so when a boleta or factura was asked for) and the buyer as typed. */
function plainHead(input: ReceiptInput, w: Words): PrintBlock[] {
  const { bill } = input;
  const blocks: PrintBlock[] = [text(input.businessName, { align: 'center', size: 'tall', bold: true })];
  if (input.ruc) blocks.push(text(`${w.ruc} ${input.ruc}`, { align: 'center' }));
  if (input.address) blocks.push(text(input.address, { align: 'center' }));
  blocks.push(rule('='));
  // Without a number from the hub (no e-invoicing settings yet) a boleta or factura is not a fiscal
  // document: the paper says sale note, and why, instead of a title SUNAT never heard of.
  blocks.push(text(w.docs.note, { align: 'center', bold: true }));
  if (bill.document.kind !== 'note') blocks.push(text(w.notIssued, { align: 'center' }));
  if (bill.document.docId || bill.document.name) blocks.push(text(`${w.buyer}: ${[bill.document.docId, bill.document.name].filter(Boolean).join(' ')}`));
  return blocks;
}

/**
 * The guest's receipt: business name, RUC, address, the document kind
 * (sale note, boleta, factura) and buyer, bill number, date and time (Lima),
 * table, cashier, the lines and amounts of the settled bill, each payment by
 * method (dollars as given and at which rate, operation numbers), received
 * and change. A numbered boleta or factura (`fiscal`) is SUNAT's printed
 * representation: the issuer as registered, the legal title with series and
 * number, issue date, buyer, the legal amounts and the amount in words after
 * the bill's totals, payment terms, what the paper represents and where to
 * check it, and the QR code (its digest and the "Hash" line are added by the
 * print runner, fiscal-qr.ts).
 */
export function receiptDocument(input: ReceiptInput, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const { bill, fiscal } = input;
  const blocks: PrintBlock[] = fiscal ? fiscalHead(input, fiscal, w) : plainHead(input, w);
  blocks.push(text(`${w.bill} ${bill.billNo}   ${limaDate(bill.paidAt)} ${limaTime(bill.paidAt)}`));
  if (bill.part) blocks.push(text(`${w.part} ${bill.part.index + 1}/${bill.part.of}`, { bold: true }));
  if (bill.takeout) {
    // A take-away or delivery (issue 21): the code the counter calls, large, where a table's name would be.
    blocks.push(marker(takeoutMark(bill.takeout.method, bill.takeout.pickupCode, language)));
    blocks.push(text(`${bill.takeout.code}   ${w.cashier}: ${input.cashier || '-'}`));
  } else {
    blocks.push(text(`${w.table} ${bill.tableName}   ${w.cashier}: ${input.cashier || '-'}`));
  }
  if (bill.member) blocks.push(text(`${w.member} ${bill.member.no} ${bill.member.name}`));
  blocks.push(rule());
  blocks.push(...billBody(bill.lines, bill, language));
  blocks.push(...memberBlocks(bill, w));
  if (fiscal) {
    blocks.push(rule());
    for (const t of fiscal.totals) blocks.push(row(t.label, t.value, t.bold ?? false));
    for (const note of fiscal.notes) blocks.push(text(note));
  }
  blocks.push(rule());
  blocks.push(text(w.payments, { bold: true }));
  for (const p of bill.payments) blocks.push(...paymentBlocks(p, w));
  blocks.push(row(w.received, formatSoles(bill.receivedCents)));
  if (bill.changeCents > 0) blocks.push(row(w.change, formatSoles(bill.changeCents), true));
  if (fiscal) {
    blocks.push(rule());
    for (const line of fiscal.footer) blocks.push(text(line, { align: 'center' }));
    blocks.push({ kind: 'qr', data: fiscal.qrData, align: 'center' });
  }
  blocks.push(rule());
  blocks.push(text(w.thanks, { align: 'center' }));
  return { blocks, cut: true };
}
