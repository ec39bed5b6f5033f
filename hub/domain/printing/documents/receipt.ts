import type { Bill, BillPayment, DocKind, PayMethod, PrintBlock, PrintDocument, TicketLanguage } from '#protocol';
import { formatSoles } from '../../money.ts';
import { billBody } from './bill-body.ts';
import { limaDate, limaTime, row, rule, text } from './format.ts';

/**
 * The e-invoice issue's hook: the fields SUNAT asks on a boleta or factura
 * (series and number, hash, legal lines) and the QR payload. Absent today:
 * the receipt then prints the document kind and buyer only. The e-invoice
 * issue fills it in the reactor (hub/domain/printing/reactions.ts).
 */
export type ReceiptFiscal = { title?: string; lines: { label: string; value: string }[]; qrData: string };

/** What a receipt shows: the settled bill and who the business is. */
export type ReceiptInput = {
  businessName: string;
  ruc: string;
  address: string;
  bill: Bill;
  cashier: string;
  fiscal?: ReceiptFiscal;
};

type Words = {
  docs: Record<DocKind, string>;
  methods: Record<PayMethod, string>;
  ruc: string;
  bill: string;
  table: string;
  cashier: string;
  buyer: string;
  payments: string;
  operation: string;
  received: string;
  change: string;
  thanks: string;
};

const WORDS: Record<TicketLanguage, Words> = {
  es: {
    docs: { note: 'NOTA DE VENTA', boleta: 'BOLETA DE VENTA ELECTRÓNICA', factura: 'FACTURA ELECTRÓNICA' },
    methods: { cash: 'Efectivo', usd: 'Dólares', visa: 'Visa', mastercard: 'Mastercard', otherCard: 'Otra tarjeta', yape: 'Yape', plin: 'Plin', transfer: 'Transferencia', balance: 'Saldo', onAccount: 'A cuenta' },
    ruc: 'RUC',
    bill: 'Cuenta N.º',
    table: 'Mesa',
    cashier: 'Cajero',
    buyer: 'Cliente',
    payments: 'Pagos',
    operation: 'Op.',
    received: 'Recibido',
    change: 'Vuelto',
    thanks: '¡Gracias por su visita!',
  },
  en: {
    docs: { note: 'SALE NOTE', boleta: 'ELECTRONIC SALES RECEIPT (BOLETA)', factura: 'ELECTRONIC INVOICE (FACTURA)' },
    methods: { cash: 'Cash', usd: 'Dollars', visa: 'Visa', mastercard: 'Mastercard', otherCard: 'Other card', yape: 'Yape', plin: 'Plin', transfer: 'Transfer', balance: 'Balance', onAccount: 'On account' },
    ruc: 'RUC',
    bill: 'Bill no.',
    table: 'Table',
    cashier: 'Cashier',
    buyer: 'Customer',
    payments: 'Payments',
    operation: 'Op.',
    received: 'Received',
    change: 'Change',
    thanks: 'Thank you for your visit!',
  },
  zh: {
    docs: { note: '销售单', boleta: '电子销售小票 (BOLETA)', factura: '电子发票 (FACTURA)' },
    methods: { cash: '现金', usd: '美元', visa: 'Visa', mastercard: 'Mastercard', otherCard: '其他银行卡', yape: 'Yape', plin: 'Plin', transfer: '转账', balance: '余额', onAccount: '挂账' },
    ruc: 'RUC',
    bill: '账单号',
    table: '桌号',
    cashier: '收银员',
    buyer: '客户',
    payments: '付款',
    operation: '流水号',
    received: '实收',
    change: '找零',
    thanks: '谢谢光临！',
  },
};

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

/**
 * The guest's receipt: business name, RUC, address, the document kind
 * (sale note, boleta, factura) and buyer, bill number, date and time (Lima),
 * table, cashier, the lines and amounts of the settled bill, each payment by
 * method (dollars as given and at which rate, operation numbers), received
 * and change. `fiscal` (the e-invoice issue) adds its fields and QR code in
 * the area reserved below the document kind.
 */
export function receiptDocument(input: ReceiptInput, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const { bill } = input;
  const blocks: PrintBlock[] = [text(input.businessName, { align: 'center', size: 'tall', bold: true })];
  if (input.ruc) blocks.push(text(`${w.ruc} ${input.ruc}`, { align: 'center' }));
  if (input.address) blocks.push(text(input.address, { align: 'center' }));
  blocks.push(rule('='));
  blocks.push(text(input.fiscal?.title ?? w.docs[bill.document.kind], { align: 'center', bold: true }));
  for (const f of input.fiscal?.lines ?? []) blocks.push(row(f.label, f.value));
  if (bill.document.docId || bill.document.name) blocks.push(text(`${w.buyer}: ${[bill.document.docId, bill.document.name].filter(Boolean).join(' ')}`));
  blocks.push(text(`${w.bill} ${bill.billNo}   ${limaDate(bill.paidAt)} ${limaTime(bill.paidAt)}`));
  blocks.push(text(`${w.table} ${bill.tableName}   ${w.cashier}: ${input.cashier || '-'}`));
  blocks.push(rule());
  blocks.push(...billBody(bill.lines, bill, language));
  blocks.push(rule());
  blocks.push(text(w.payments, { bold: true }));
  for (const p of bill.payments) blocks.push(...paymentBlocks(p, w));
  blocks.push(row(w.received, formatSoles(bill.receivedCents)));
  if (bill.changeCents > 0) blocks.push(row(w.change, formatSoles(bill.changeCents), true));
  if (input.fiscal) blocks.push({ kind: 'qr', data: input.fiscal.qrData, align: 'center' });
  blocks.push(rule());
  blocks.push(text(w.thanks, { align: 'center' }));
  return { blocks, cut: true };
}
