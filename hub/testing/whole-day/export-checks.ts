import type { FiscalDocType, FiscalDocument, ShiftReport } from '#protocol';
import { fiscalKey } from '#protocol';
import { storedDocument } from '#hub/einvoice/outbox/stored-document.ts';
import { parseCsv } from '#hub/goods-io/csv.ts';
import type { TestHub } from '../test-hub.ts';
import type { DayEnd } from './close-and-export.ts';
import type { DayModel } from './model.ts';
import type { DayViews } from './views.ts';

/**
 * The end of the whole day against the rest: the closed shift's report is
 * the open one's, the Z report's text says the same figures, the day's sales
 * and lines files add up to the bills, and the month's PLE 14.1 register
 * carries every boleta, factura and credit note as the document store filed
 * it (a credit note at its original's rate). Disagreements as text lines.
 */

const cents = (text: string) => Math.round(Number(text) * 100);
/** "S/ 1,205.00" → 120500. */
const soles = (text: string) => Math.round(Number(text.replace('S/', '').replace(/,/g, '').trim()) * 100);

function csv(bytes: Buffer): { header: string[]; rows: string[][] } {
  const table = parseCsv(bytes.subarray(3).toString('utf8'), ',').map((r) => r.cells);
  return { header: table[0] ?? [], rows: table.slice(1) };
}

export async function exportDisagreements(t: TestHub, day: string, m: DayModel, v: DayViews, end: DayEnd): Promise<string[]> {
  const out: string[] = [];
  const same = (what: string, a: unknown, b: unknown) => {
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${what}: ${JSON.stringify(a)} != ${JSON.stringify(b)}`);
  };
  // The close: the closed shift's report is what the open one showed.
  const pick = (r: ShiftReport) => [r.salesCents, r.salesCount, r.actualCents, r.refundCents, r.onAccountCents, r.writeOffCents, r.withdrawnCount, r.expectedCashCents, r.byMethod];
  same('closed shift / open shift', pick(end.closed), pick(v.shift));

  // The Z report as the accountant's folder keeps it.
  const zName = [...end.files.keys()].find((n) => n.startsWith('Z-'));
  if (!zName) out.push('no Z report in the day folder');
  else {
    const z = end.files.get(zName)!.toString('utf8');
    const figure = (label: string) => {
      const line = z.split('\r\n').find((l) => l.startsWith(label));
      return line ? line.slice(label.length).trim() : null;
    };
    same('Z sales / charged', soles(figure('Ventas') ?? ''), m.salesCents);
    same('Z change / change', soles(figure('Vuelto entregado') ?? ''), m.changeCents);
    same('Z sales count / settled', Number(figure('N.º de ventas')), m.bills.length);
  }

  // The day's sales file: one row per bill, withdrawn orders marked.
  const sales = end.files.get(`ventas-${day}.csv`);
  const lines = end.files.get(`lineas-${day}.csv`);
  if (!sales || !lines) out.push(`the day's sales or lines file is missing`);
  else {
    const { header, rows } = csv(sales);
    const col = (name: string) => header.indexOf(name);
    const sold = rows.filter((r) => r[col('Estado')] !== 'Retirado');
    same('sales file rows / settled', sold.length, m.bills.length);
    same('sales file withdrawn / withdrawn', rows.length - sold.length, m.withdrawn);
    same('sales file total / charged', sold.reduce((n, r) => n + cents(r[col('Total')]!), 0), m.salesCents);
    same('sales file change / change', sold.reduce((n, r) => n + cents(r[col('Vuelto')]!), 0), m.changeCents);
    // Each numbered row's base and IGV are its document's as filed.
    // A split's row names its parts' documents and adds their base and IGV up.
    const filedByNo = new Map(allDocs(v).map((d) => [`${d.series}-${d.number}`, d]));
    for (const r of sold) {
      const nos = r[col('Serie-número')]!;
      if (!nos) continue;
      const docs = nos.split(', ').map((no) => filedByNo.get(no));
      if (docs.some((d) => !d)) out.push(`sales file row ${nos}: a document not on file`);
      else {
        const sum = (pick: (d: FiscalDocument) => string) => docs.reduce((n, d) => n + cents(pick(d!)), 0);
        same(`sales file ${nos} base, IGV / filed`, [cents(r[col('Base imponible')]!), cents(r[col('IGV')]!)], [sum((d) => d.totals.taxable), sum((d) => d.totals.igv)]);
      }
    }
    // The lines file: each bill's Importes add up to its goods before the order discount (no tips, boxes or fees here).
    const l = csv(lines);
    const importe = l.rows.reduce((n, r) => n + cents(r[l.header.indexOf('Importe')]!), 0);
    same('lines file Importe / report sales + order discounts', importe, v.report.salesCents + v.report.orderDiscountCents);
  }

  out.push(...(await pleDisagreements(t, day, m, v, end)));
  return out;
}

/** The month's register (written on its last day): every document once, each field the filed document's. */
async function pleDisagreements(t: TestHub, day: string, m: DayModel, v: DayViews, end: DayEnd): Promise<string[]> {
  const out: string[] = [];
  const name = [...end.files.keys()].find((n) => n.startsWith('LE') && n.endsWith('.txt'));
  if (!name) return ['no PLE 14.1 register in the month-end folder'];
  const lines = end.files
    .get(name)!
    .toString('latin1')
    .split('\r\n')
    .filter((l) => l !== '')
    .map((l) => l.split('|'));
  const sales = lines.filter((f) => f[5] !== '07');
  const notes = lines.filter((f) => f[5] === '07');
  const docs = allDocs(v);
  if (sales.length !== docs.length) out.push(`PLE sale lines ${sales.length} != documents on file ${docs.length}`);
  if (sales.length !== m.bills.filter((b) => b.numbered).reduce((n, b) => n + b.parts, 0)) out.push(`PLE sale lines ${sales.length} != numbered bills' documents`);
  const filed = new Map(docs.map((d) => [fiscalKey(d), d]));
  const at = new Date(`${day}T17:00:00Z`).toISOString();
  for (const f of lines) {
    const key = f[1]!;
    const doc = f[5] === '07' ? await storedDocument(t.hub.outbox.store, { type: '07' as FiscalDocType, series: f[6]!, number: Number(f[7]) }, at) : filed.get(key);
    if (!doc) {
      out.push(`PLE ${key}: not on file`);
      continue;
    }
    const sign = doc.type === '07' ? -1 : 1;
    const fields = [f[13], f[15], f[24]].map((x) => cents(x!) * sign);
    const want = [doc.totals.taxable, doc.totals.igv, doc.totals.payable].map(cents);
    if (JSON.stringify(fields) !== JSON.stringify(want)) out.push(`PLE ${key}: base, IGV, total ${fields.join(', ')} != filed ${want.join(', ')}`);
    if (doc.type === '07') out.push(...noteAgainstOriginal(doc, f, filed));
  }
  const igvOf = (docs: Iterable<FiscalDocument>) => [...docs].reduce((n, d) => n + cents(d.totals.igv), 0);
  const pleIgv = sales.reduce((n, f) => n + cents(f[15]!), 0);
  if (pleIgv !== igvOf(docs)) out.push(`PLE sales IGV ${pleIgv} != filed documents' ${igvOf(docs)}`);
  if (notes.length !== m.corrections.void + m.corrections.refund - countNoteless(m)) out.push(`PLE credit notes ${notes.length} != voids and refunds of numbered bills`);
  return out;
}

/** A credit note names its original (fields 29-31) and is made at its rate; a whole void reverses its figures to the céntimo. */
function noteAgainstOriginal(note: FiscalDocument, f: string[], filed: Map<string, FiscalDocument>): string[] {
  const original = filed.get(`${f[28]}-${f[29]}-${f[30]}`);
  if (!original) return [`PLE ${f[1]}: its original ${f[28]}-${f[29]}-${f[30]} is not among the day's documents`];
  const rate = (d: FiscalDocument) => d.lines.find((l) => !l.free && cents(l.lineExtension) > 0)?.igvPercent;
  const out: string[] = [];
  if (rate(note) !== rate(original)) out.push(`credit note ${fiscalKey(note)} at ${rate(note)} % for ${fiscalKey(original)} sold at ${rate(original)} %`);
  if (note.totals.payable === original.totals.payable && note.totals.igv !== original.totals.igv) out.push(`void ${fiscalKey(note)}: IGV ${note.totals.igv} != original's ${original.totals.igv}`);
  return out;
}

const allDocs = (v: DayViews): FiscalDocument[] => [...v.documents.values()].flat();

/** Voids and refunds of sale notes issue no credit note. */
function countNoteless(m: DayModel): number {
  return m.noteCorrections;
}
