import type { DeliverySlip, PrintBlock, PrintDocument, TicketLanguage } from '#protocol';
import { formatSoles } from '../../money.ts';
import { limaDate, limaTime, marker, row, rule, text } from './format.ts';
import { takeoutMark } from './takeout-mark.ts';

type Words = {
  rider: string;
  expected: string;
  customer: string;
  address: string;
  reference: string;
  receiver: string;
  contact: string;
  note: string;
  dishes: string;
  total: string;
  collect: string;
  paid: string;
  paysWith: string;
  change: string;
  /** A paid order's dishes, when the archive could not be read at print time. */
  dishesOnBill: string;
};

const WORDS: Record<TicketLanguage, Words> = {
  es: {
    rider: 'Repartidor',
    expected: 'Entregar a las',
    customer: 'Cliente',
    address: 'Dirección',
    reference: 'Referencia',
    receiver: 'Recibe',
    contact: 'Contacto',
    note: 'Nota',
    dishes: 'Platos',
    total: 'Total',
    collect: 'COBRAR',
    paid: 'PAGADO: no cobrar',
    paysWith: 'Paga con',
    change: 'LLEVAR VUELTO',
    dishesOnBill: 'Platos: ver el comprobante',
  },
  en: {
    rider: 'Rider',
    expected: 'Deliver at',
    customer: 'Customer',
    address: 'Address',
    reference: 'Reference',
    receiver: 'Receiver',
    contact: 'Contact',
    note: 'Note',
    dishes: 'Dishes',
    total: 'Total',
    collect: 'COLLECT',
    paid: 'PAID: collect nothing',
    paysWith: 'Pays with',
    change: 'BRING CHANGE',
    dishesOnBill: 'Dishes: see the receipt',
  },
  zh: {
    rider: '骑手',
    expected: '送达时间',
    customer: '顾客',
    address: '地址',
    reference: '参考',
    receiver: '收货人',
    contact: '联系人',
    note: '备注',
    dishes: '菜品',
    total: '合计',
    collect: '代收',
    paid: '已付款：无需收款',
    paysWith: '顾客付',
    change: '需带找零',
    dishesOnBill: '菜品：见小票',
  },
};

/** The change the rider brings: what the guest's note exceeds the amount to collect by (0 when none or paid). */
export function changeToBring(slip: Pick<DeliverySlip, 'collectCents' | 'changeForCents'>): number {
  return slip.collectCents > 0 && slip.changeForCents > slip.collectCents ? slip.changeForCents - slip.collectCents : 0;
}

/**
 * The rider's delivery slip (issue 21): the code large (as on the kitchen ticket and the bag), the
 * rider and when to deliver, the address large enough to read on a motorbike, the reference, who
 * receives it and the phones to call, the guest's note, the dishes to check before leaving, and
 * what to collect at the door with the change to bring (or that it is paid: collect nothing).
 */
export function deliverySlipDocument(slip: DeliverySlip, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const blocks: PrintBlock[] = [marker(takeoutMark(0, slip.pickupCode, language))];
  blocks.push(text(`${slip.code}   ${limaDate(slip.at)} ${limaTime(slip.at)}`, { align: 'center', bold: true }));
  if (slip.rider) blocks.push(text(`${w.rider}: ${slip.rider}`, { bold: true }));
  if (slip.expectedAt) blocks.push(text(`${w.expected} ${limaTime(slip.expectedAt)}`, { size: 'tall', bold: true }));
  blocks.push(rule());
  blocks.push(text(`${w.address}:`, { bold: true }), text(slip.address, { size: 'tall', bold: true }));
  if (slip.reference) blocks.push(text(`${w.reference}: ${slip.reference}`));
  const receiver = [slip.receiverName || slip.customer, slip.receiverPhone].filter(Boolean).join('  ');
  if (receiver) blocks.push(text(`${w.receiver}: ${receiver}`, { size: 'tall', bold: true }));
  // The one who ordered, when another number than the receiver's (the office orders lunch for the guard).
  if (slip.contactPhone && slip.contactPhone !== slip.receiverPhone) blocks.push(text(`${w.contact}: ${[slip.customer, slip.contactPhone].filter(Boolean).join('  ')}`));
  if (slip.note) blocks.push(text(`${w.note}: ${slip.note}`, { bold: true }));
  blocks.push(rule());
  blocks.push(text(w.dishes, { bold: true }));
  if (slip.lines.length === 0 && slip.bill) blocks.push(text(w.dishesOnBill));
  for (const line of slip.lines) blocks.push(row(`${line.qty} × ${line.name}`, formatSoles(line.cents)));
  blocks.push(row(w.total, formatSoles(slip.totalCents), true));
  blocks.push(rule('='));
  if (slip.collectCents > 0) {
    blocks.push(marker(`${w.collect} ${formatSoles(slip.collectCents)}`));
    const change = changeToBring(slip);
    if (change > 0) {
      blocks.push(row(w.paysWith, formatSoles(slip.changeForCents)));
      blocks.push(text(`${w.change} ${formatSoles(change)}`, { size: 'large', bold: true }));
    }
  } else {
    blocks.push(text(w.paid, { align: 'center', size: 'tall', bold: true }));
  }
  blocks.push(rule('='));
  return { blocks, cut: true };
}
