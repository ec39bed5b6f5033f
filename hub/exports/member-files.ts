import type { LedgerEntry, MembersFigures, PayMethod } from '#protocol';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { rechargePayMethod } from '#hub/domain/shift/totals.ts';
import { paymentMethodName } from '#hub/domain/printing/documents/receipt.ts';
import { writeCsv } from '#hub/goods-io/csv.ts';
import { writeXlsxSheets } from '#hub/goods-io/xlsx-write.ts';
import type { ExportFile } from './day-files.ts';
import { cellText, type Cell, type StaffNameOf } from './sales-rows.ts';

/**
 * The members' files of a business day (issue 22), for the accountant: the balance members
 * hold is a liability and recharges are prepayments, not sales, so they go in files of their
 * own beside the sales:
 * - `socios-DAY.xlsx`, sheet "Socios" (and `socios-DAY.csv`): the day's figures as the order
 *   report stores them (recharges by method, bonus, balance spent, refunds to balance,
 *   adjustments, the balance outstanding at the day's close, coupons issued / redeemed / expired);
 * - its sheet "Movimientos" (and `movimientos-socios-DAY.csv`): each ledger entry of the day as
 *   recorded (the ledger day file), by member NUMBER only: no name, phone or document leaves
 *   the box in an export.
 * Written only when the day had something of members (a restaurant without a loyalty card gets
 * no empty files).
 */

export type MemberDay = { figures: MembersFigures; entries: readonly LedgerEntry[] };

export const MEMBER_FIGURES_HEADER = ['Concepto', 'Cantidad', 'Importe'] as const;
export const MEMBER_LEDGER_HEADER = [
  'Fecha', 'Hora', 'N.° socio', 'Movimiento', 'Forma de pago', 'Importe', 'Bonificación', 'Saldo después', 'N.° recarga',
  'Operación / constancia', 'Banco', 'N.° cuenta', 'Motivo', 'Operador', 'Aprobó',
] as const;

const s = (v: string): Cell => ({ t: 's', v });
const money = (cents: number): Cell => ({ t: 'money', v: cents / 100 });
const n = (v: number): Cell => ({ t: 'n', v });
const blank = s('');

const KIND_NAMES: Record<LedgerEntry['kind'], string> = { recharge: 'Recarga', spend: 'Consumo', refund: 'Devolución al saldo', adjust: 'Ajuste' };

/** Whether the day had anything of members worth a file. */
export function hasMemberDay(m: MemberDay): boolean {
  const f = m.figures;
  return m.entries.length > 0 || f.outstandingCents !== 0 || f.couponsIssued > 0 || f.couponsRedeemed > 0 || f.couponsExpired > 0;
}

export function memberFigureRows(f: MembersFigures): Cell[][] {
  const methods = (Object.entries(f.rechargesByMethod) as [PayMethod, number][]).filter(([, c]) => c !== 0).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const recharged = methods.reduce((sum, [, c]) => sum + c, 0);
  return [
    [s('Recargas'), n(f.rechargeCount), money(recharged)],
    ...methods.map(([m, c]) => [s(`  Recargas en ${paymentMethodName(m, 'es')}`), blank, money(c)]),
    [s('Bonificación abonada'), blank, money(f.bonusCents)],
    [s('Saldo consumido'), blank, money(f.spentCents)],
    [s('Devuelto al saldo'), blank, money(f.refundedCents)],
    [s('Ajustes (neto)'), blank, money(f.adjustCents)],
    [s(`Saldo de socios al cierre (pasivo)`), blank, money(f.outstandingCents)],
    [s('Cupones emitidos'), n(f.couponsIssued), blank],
    [s('Cupones canjeados'), n(f.couponsRedeemed), money(f.couponDiscountCents)],
    [s('Cupones vencidos sin usar'), n(f.couponsExpired), blank],
  ];
}

export function memberLedgerRows(entries: readonly LedgerEntry[], staffName: StaffNameOf): Cell[][] {
  const seen = new Set<string>();
  const rows: Cell[][] = [];
  // The day file's order is the log's: each entry once (a crash and a replay may have filed a line twice).
  for (const e of entries) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    const { date, time } = limaDateTime(e.at);
    const r = e.recharge;
    rows.push([
      s(date), s(time), s(e.memberNo), s(KIND_NAMES[e.kind]), s(r ? paymentMethodName(rechargePayMethod(r.method), 'es') : ''),
      money(e.cents), r ? money(r.bonusCents) : blank, money(e.balanceAfterCents), r ? n(r.no) : blank,
      s(r ? r.certificate || r.operationNo : ''), s(r?.bank ?? ''), s(r?.cardNo ?? ''), s(e.reason),
      s(e.by ? staffName(e.by) : ''), s(e.approver ? staffName(e.approver) : ''),
    ]);
  }
  return rows;
}

/** A text cell starting a formula (= + - @, tab, CR) gets an apostrophe (day-files.ts says why); numbers untouched. */
function csvOf(header: readonly string[], rows: readonly Cell[][]): Buffer {
  return writeCsv([header, ...rows.map((row) => row.map((cell) => (cell.t === 's' && /^[\t\r]/.test(cell.v) ? `'${cell.v}` : cellText(cell))))]);
}

export function memberFiles(day: string, m: MemberDay, staffName: StaffNameOf): ExportFile[] {
  if (!hasMemberDay(m)) return [];
  const figures = memberFigureRows(m.figures);
  const ledger = memberLedgerRows(m.entries, staffName);
  return [
    {
      name: `socios-${day}.xlsx`,
      bytes: writeXlsxSheets([
        { name: 'Socios', header: MEMBER_FIGURES_HEADER, rows: figures },
        { name: 'Movimientos', header: MEMBER_LEDGER_HEADER, rows: ledger },
      ]),
    },
    { name: `socios-${day}.csv`, bytes: csvOf(MEMBER_FIGURES_HEADER, figures) },
    { name: `movimientos-socios-${day}.csv`, bytes: csvOf(MEMBER_LEDGER_HEADER, ledger) },
  ];
}
