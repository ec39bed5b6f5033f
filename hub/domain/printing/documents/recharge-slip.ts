import type { LedgerEntry, PrintDocument, RechargeMethod, TicketLanguage } from '#protocol';
import { formatSoles } from '../../money.ts';
import { limaDate, limaTime, row, rule, text } from './format.ts';

type Words = {
  title: string;
  order: string;
  member: string;
  amount: string;
  bonus: string;
  method: string;
  operation: string;
  bank: string;
  card: string;
  certificate: string;
  balance: string;
  by: string;
  notFiscal: string;
  methods: Record<RechargeMethod, string>;
};

const WORDS: Record<TicketLanguage, Words> = {
  es: {
    title: 'RECARGA DE SALDO',
    order: 'Recarga N.º',
    member: 'Socio',
    amount: 'Monto',
    bonus: 'Bono',
    method: 'Forma de pago',
    operation: 'Operación',
    bank: 'Banco',
    card: 'Tarjeta',
    certificate: 'Constancia',
    balance: 'Saldo nuevo',
    by: 'Atendió',
    notFiscal: 'Recarga de saldo: no es comprobante de pago. La boleta o factura se emite al consumir.',
    methods: { 2: 'Efectivo', 3: 'Yape / Plin (código QR)', 4: 'Transferencia bancaria' },
  },
  en: {
    title: 'BALANCE RECHARGE',
    order: 'Recharge no.',
    member: 'Member',
    amount: 'Amount',
    bonus: 'Bonus',
    method: 'Paid by',
    operation: 'Operation',
    bank: 'Bank',
    card: 'Card',
    certificate: 'Certificate',
    balance: 'New balance',
    by: 'Served by',
    notFiscal: 'Balance recharge: not a sales receipt. The boleta or factura is issued when the balance is spent.',
    methods: { 2: 'Cash', 3: 'Yape / Plin (QR code)', 4: 'Bank transfer' },
  },
  zh: {
    title: '余额充值',
    order: '充值单号',
    member: '会员',
    amount: '金额',
    bonus: '赠送',
    method: '支付方式',
    operation: '交易号',
    bank: '银行',
    card: '卡号',
    certificate: '转账凭证',
    balance: '新余额',
    by: '经办人',
    notFiscal: '余额充值：非付款凭证（不是发票）。消费时开具 boleta 或 factura。',
    methods: { 2: '现金', 3: 'Yape / Plin（扫码）', 4: '银行转账' },
  },
};

/** What a recharge slip shows (the member's name as "Ana P.": the slip may be left on the counter). */
export type RechargeSlipInput = { businessName: string; memberName: string; entry: LedgerEntry; by: string };

/**
 * The recharge slip (issue 22): the member's number and name, the amount and bonus, how it was
 * paid, the balance after it, and that it is NOT a fiscal document: a recharge is a prepayment;
 * the boleta or factura is issued when the balance pays for a meal (hub/domain/members/README.md).
 */
export function rechargeSlipDocument(input: RechargeSlipInput, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const e = input.entry;
  const r = e.recharge;
  const blocks = [text(input.businessName, { align: 'center', size: 'tall', bold: true }), rule('='), text(w.title, { align: 'center', bold: true }), rule('=')];
  if (r) blocks.push(row(w.order, String(r.no)));
  blocks.push(row(w.member, `${e.memberNo} ${input.memberName}`.trim()), row(`${limaDate(e.at)} ${limaTime(e.at)}`, input.by ? `${w.by}: ${input.by}` : ''), rule());
  if (r) {
    blocks.push(row(w.amount, formatSoles(r.amountCents), true));
    if (r.bonusCents > 0) blocks.push(row(w.bonus, formatSoles(r.bonusCents)));
    blocks.push(row(w.method, w.methods[r.method]));
    if (r.operationNo) blocks.push(row(w.operation, r.operationNo));
    if (r.bank) blocks.push(row(w.bank, r.bank));
    if (r.cardNo) blocks.push(row(w.card, `**** ${r.cardNo}`));
    if (r.certificate) blocks.push(row(w.certificate, r.certificate));
  }
  blocks.push(rule(), row(w.balance, formatSoles(e.balanceAfterCents), true), rule(), text(w.notFiscal, { bold: true }));
  return { blocks, cut: true };
}
