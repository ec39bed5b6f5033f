import type { DepositRecord, JobSpec, PrintDocument, Reservation, State, TicketLanguage } from '#protocol';
import { CASH_METHODS } from '#protocol';
import type { Reactors } from '../jobs/reactions.ts';
import { formatSoles } from '../money.ts';
import { limaDate, limaTime, row, rule, text } from '../printing/documents/format.ts';
import { paymentMethodName } from '../printing/documents/receipt.ts';
import { staffName } from '../printing/kitchen-jobs.ts';
import { drawerPrinter, receiptTargets } from '../printing/routing.ts';
import { getOwn } from '../records.ts';

type Words = { title: string; reservation: string; table: string; guests: string; when: string; amount: string; operation: string; by: string; note: string };

const WORDS: Record<TicketLanguage, Words> = {
  es: { title: 'ADELANTO DE RESERVA', reservation: 'Reserva N.º', table: 'Mesa', guests: 'Personas', when: 'Para el', amount: 'Adelanto', operation: 'Operación', by: 'Cobró', note: 'Se descuenta de la cuenta el día de la reserva. Conserve este comprobante.' },
  en: { title: 'RESERVATION DEPOSIT', reservation: 'Reservation no.', table: 'Table', guests: 'Guests', when: 'For', amount: 'Deposit', operation: 'Operation', by: 'Taken by', note: 'It is taken off the bill on the day of the reservation. Please keep this slip.' },
  zh: { title: '预订订金', reservation: '预订号', table: '桌台', guests: '人数', when: '预订时间', amount: '订金', operation: '交易号', by: '收款人', note: '订金将在预订当天从账单中扣除，请保留此凭证。' },
};

/**
 * The deposit receipt (issue 18 item 6): what was taken, how, for which
 * reservation. Not a sales document: the boleta or factura is issued at the
 * final settlement for the whole bill, the deposit being a payment of it
 * (README.md here "Deposits and SUNAT").
 */
export function depositReceiptDocument(input: { businessName: string; reservation: Reservation; deposit: DepositRecord; by: string }, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  const { reservation: r, deposit: d } = input;
  const blocks = [
    text(input.businessName, { align: 'center', size: 'tall', bold: true }),
    rule('='),
    text(w.title, { align: 'center', bold: true }),
    rule('='),
    row(w.reservation, String(r.no)),
    text(r.customerName),
    row(w.table, r.tableName),
    row(w.guests, String(r.people)),
    row(w.when, `${limaDate(r.at)} ${limaTime(r.at)}`),
    rule(),
    row(w.amount, formatSoles(d.amountCents), true),
    row(paymentMethodName(d.method, language), d.operationNo ? `${w.operation} ${d.operationNo}` : ''),
    row(`${limaDate(d.at)} ${limaTime(d.at)}`, input.by ? `${w.by}: ${input.by}` : ''),
    rule(),
    text(w.note),
  ];
  return { blocks, cut: true };
}

/** A deposit taken: its receipt on the receipt printers when asked, and the drawer opens for cash. */
export const DEPOSIT_REACTORS: Reactors = {
  'reservation.depositTaken': (e, s: State): JobSpec[] => {
    const r = getOwn(s.upcomingReservations, e.reservationId);
    const jobs: JobSpec[] = [];
    if (r && e.deposit.print) {
      const input = { businessName: s.restaurant.name, reservation: r, deposit: e.deposit, by: staffName(s, e.deposit.by) };
      for (const p of receiptTargets(s)) jobs.push({ kind: 'print', payload: { printerId: p.id, purpose: 'receipt', document: depositReceiptDocument(input, p.language) } });
    }
    const drawer = drawerPrinter(s);
    if (drawer && CASH_METHODS.includes(e.deposit.method)) jobs.push({ kind: 'drawer.kick', payload: { printerId: drawer.id, reason: `deposit ${r?.no ?? ''}`.trim() } });
    return jobs;
  },
};
