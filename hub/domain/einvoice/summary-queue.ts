import type { EinvoiceEvent, FiscalDocument, SummaryLine } from '#protocol';
import { fiscalKey } from '#protocol';

/**
 * A boleta, or a credit note on a boleta, joins the lines waiting for the
 * daily summary (RC) of its issue day: SUNAT learns of boletas through that
 * summary, not one by one (README.md "Daily summary"). Status '1' (added);
 * `index` is 0 until `einvoice.summarize` numbers the summary's lines 1..n.
 * Null for a factura or a note on one: those go to SUNAT alone.
 */
export function summaryQueued(doc: FiscalDocument): EinvoiceEvent | null {
  const onBoleta = doc.type === '03' || (doc.type === '07' && doc.reference?.type === '03');
  if (!onBoleta) return null;
  const { taxable, exempt, unaffected, free, igv, icbper, payable } = doc.totals;
  const line: SummaryLine = {
    index: 0,
    type: doc.type === '03' ? '03' : '07',
    series: doc.series,
    number: doc.number,
    customer: { ...doc.customer },
    status: '1',
    totals: { taxable, exempt, unaffected, free, igv, icbper, payable },
    ...(doc.type === '07' && doc.reference ? { reference: { type: '03' as const, series: doc.reference.series, number: doc.reference.number } } : {}),
  };
  return { type: 'einvoice.summaryQueued', pending: { key: fiscalKey(doc), referenceDate: doc.issueDate, line } };
}
