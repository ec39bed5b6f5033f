import type { OrderLine, PrintBlock, PrintDocument, TicketLanguage } from '#protocol';
import type { Totals } from '../../money.ts';
import { billBody } from './bill-body.ts';
import { limaDate, limaTime, rule, text } from './format.ts';

/** What a pre-bill shows: the order as it stands when the waiter asks for the bill. */
export type PrebillInput = {
  restaurantName: string;
  tableName: string;
  orderNo: number;
  people: number;
  lines: readonly OrderLine[];
  totals: Totals;
  at: string;
};

const WORDS: Record<TicketLanguage, { title: string; table: string; order: string; people: string; notReceipt: string }> = {
  es: { title: 'PRECUENTA', table: 'Mesa', order: 'Pedido', people: 'Personas', notReceipt: 'Este documento no es un comprobante de pago' },
  en: { title: 'PRE-BILL', table: 'Table', order: 'Order', people: 'Guests', notReceipt: 'This is not a receipt' },
  zh: { title: '预结单', table: '桌号', order: '单号', people: '人数', notReceipt: '本单据不是付款凭证' },
};

/**
 * The pre-bill the guest checks before paying: restaurant, table, order
 * number, the lines and every amount (gifts, discounts, lunch boxes, tip,
 * minimum-spend top-up, total due), and a line saying it is not a receipt.
 */
export function prebillDocument(input: PrebillInput, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const blocks: PrintBlock[] = [
    text(input.restaurantName, { align: 'center', size: 'tall', bold: true }),
    text(w.title, { align: 'center', bold: true }),
    text(`${w.table} ${input.tableName}   ${w.order} #${input.orderNo}`, { bold: true }),
    text(`${limaDate(input.at)} ${limaTime(input.at)}   ${w.people}: ${input.people}`),
    rule(),
    ...billBody(input.lines, input.totals, language),
    rule(),
    text(w.notReceipt, { align: 'center' }),
  ];
  return { blocks, cut: true };
}
