import type { EinvoiceEvent, FiscalDocument, SummaryLine } from '#protocol';
import { fiscalKey } from '#protocol';
import { centsOf, dec2 } from './decimal.ts';

/**
 * What the summary line carries as "otros cargos": the charges outside the
 * base (the tip) less the discounts outside it (the part of an order discount
 * beyond the taxed goods), when that is positive. The RC line has no field
 * for a discount outside the base, so a net charge is the only way its
 * amounts add up to its total.
 */
export function summaryCharges(totals: Pick<FiscalDocument['totals'], 'charges' | 'allowances'>): string | null {
  const net = centsOf(totals.charges) - centsOf(totals.allowances);
  return net > 0 ? dec2(net) : null;
}

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
  const charges = summaryCharges(doc.totals);
  const line: SummaryLine = {
    index: 0,
    type: doc.type === '03' ? '03' : '07',
    series: doc.series,
    number: doc.number,
    customer: { ...doc.customer },
    status: '1',
    totals: { taxable, exempt, unaffected, free, igv, icbper, payable, ...(charges ? { charges } : {}) },
    ...(doc.type === '07' && doc.reference ? { reference: { type: '03' as const, series: doc.reference.series, number: doc.reference.number } } : {}),
  };
  return { type: 'einvoice.summaryQueued', pending: { key: fiscalKey(doc), referenceDate: doc.issueDate, line } };
}
