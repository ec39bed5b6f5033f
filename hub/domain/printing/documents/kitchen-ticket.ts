import type { KitchenTicket, PrintBlock, PrintDocument, TicketLanguage, TicketMarker } from '#protocol';
import { limaTime, marker, rule, text } from './format.ts';
import { takeoutMark } from './takeout-mark.ts';

/** The kitchen ticket's words in each ticket language. */
const WORDS: Record<TicketLanguage, { table: string; order: string; waiter: string; people: string; held: string; markers: Record<Exclude<TicketMarker, 'new'>, string> }> = {
  es: {
    table: 'Mesa',
    order: 'Pedido',
    waiter: 'Mozo',
    people: 'Personas',
    held: 'ESPERAR: no preparar aún',
    markers: { hold: 'ESPERAR', fire: 'MARCHAR', expedite: 'URGENTE', return: 'DEVOLUCIÓN', cancel: 'ANULADO', withdraw: 'PEDIDO ANULADO', remark: 'CAMBIO DE NOTA' },
  },
  en: {
    table: 'Table',
    order: 'Order',
    waiter: 'Waiter',
    people: 'Guests',
    held: 'HOLD: do not cook yet',
    markers: { hold: 'HOLD', fire: 'FIRE', expedite: 'RUSH', return: 'RETURN', cancel: 'VOID', withdraw: 'ORDER VOID', remark: 'CHANGED NOTE' },
  },
  zh: {
    table: '桌号',
    order: '单号',
    waiter: '服务员',
    people: '人数',
    held: '暂缓：先不要做',
    markers: { hold: '暂缓', fire: '起菜', expedite: '催菜', return: '退菜', cancel: '取消', withdraw: '整单取消', remark: '备注变更' },
  },
};

/** The time a take-away is wanted by (method 1: picked up) or must reach the guest (method 0: delivered). */
const DUE: Record<TicketLanguage, Record<0 | 1, string>> = {
  es: { 0: 'ENTREGAR', 1: 'RECOGER' },
  en: { 0: 'DELIVER BY', 1: 'PICK-UP' },
  zh: { 0: '送达', 1: '取餐' },
};

/** What a fallback ticket says under its station (routing.ts: no printer or screen prints that station). */
const FALLBACK_NOTE: Record<TicketLanguage, (station: string) => string> = {
  es: (station) => `SIN IMPRESORA: llevar a ${station}`,
  en: (station) => `NO PRINTER: take to ${station}`,
  zh: (station) => `无打印机：请送至${station}`,
};

/** The words of a ticket's marker (HOLD, FIRE...) in a language; '' for dishes just sent. */
export function markerWord(m: TicketMarker, language: TicketLanguage): string {
  return m === 'new' ? '' : WORDS[language].markers[m];
}

/**
 * A kitchen ticket's paper: the station, the marker (white on black) and its
 * reason, the table in large type, order number, time (Lima), waiter and
 * guests, then each dish as "qty × name" in large type with its remark below.
 * The ticket's dish names are already in this printer's language.
 */
export function kitchenTicketDocument(ticket: KitchenTicket, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const blocks: PrintBlock[] = [];
  if (ticket.stationName) blocks.push(text(ticket.stationName, { align: 'center', size: 'tall', bold: true }));
  if (ticket.fallback) blocks.push(text(FALLBACK_NOTE[language](ticket.stationName || ticket.station), { bold: true, invert: true }));
  const word = markerWord(ticket.marker, language);
  if (word) blocks.push(marker(word));
  if (ticket.reason) blocks.push(text(ticket.reason, { size: 'tall', bold: true }));
  // One of several tickets of a long send (kitchen-jobs.ts): "(2/3)" beside the table.
  const part = ticket.part ? `  (${ticket.part.index}/${ticket.part.of})` : '';
  if (ticket.takeout) {
    // A take-away or delivery has no table: its code, white on black, is what the bag is called by (issue 21).
    blocks.push(marker(takeoutMark(ticket.takeout.method, ticket.takeout.pickupCode, language)));
    blocks.push(text(`${ticket.takeout.code}${part}`, { size: 'tall', bold: true }));
    // A pickup booked for later is sent at once (the counter cannot hold it back): the time tells the kitchen when it is wanted.
    if (ticket.takeout.expectedAt) blocks.push(text(`${DUE[language][ticket.takeout.method]} ${limaTime(ticket.takeout.expectedAt)}`, { size: 'tall', bold: true, invert: true }));
    blocks.push(text(`${w.order} #${ticket.orderNo}   ${limaTime(ticket.at)}`));
    blocks.push(text(`${w.waiter}: ${ticket.waiter || '-'}`));
  } else {
    blocks.push(text(`${w.table} ${ticket.table}${part}`, { size: 'large', bold: true }));
    blocks.push(text(`${w.order} #${ticket.orderNo}   ${limaTime(ticket.at)}`));
    blocks.push(text(`${w.waiter}: ${ticket.waiter || '-'}   ${w.people}: ${ticket.people}`));
  }
  blocks.push(rule());
  for (const line of ticket.lines) {
    blocks.push(text(`${line.qty} × ${line.name}`, { size: 'large', bold: true }));
    if (line.remark) blocks.push(text(`  ${line.remark}`, { size: 'tall' }));
    if (line.held && ticket.marker === 'new') blocks.push(text(`  ${w.held}`, { bold: true, invert: true }));
  }
  blocks.push(rule());
  return { blocks, cut: true };
}
