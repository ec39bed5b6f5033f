import type { BillFiscal, DocKind, EinvoiceEvent, ErrorCode, State } from '#protocol';
import { getOwn } from '../records.ts';
import { igvRateOn } from './rates.ts';
import { limaDateTime } from './lima-time.ts';

/** SUNAT's correlative: 1 to 99,999,999 per series (the XSL's `[0-9]{1,8}`). */
export const MAX_DOCUMENT_NUMBER = 99_999_999;

/** What numbering decided for a settlement: nothing (sale note, or e-invoicing not set up), a number, or a refusal. */
export type Numbering = { fiscal: BillFiscal; event: EinvoiceEvent } | { refusal: { code: ErrorCode; field: string } } | null;

/**
 * The series and number of the document a settlement issues. Only the hub
 * numbers (this runs inside `order.settle`'s decision): the next number of
 * the series is the state's counter + 1, and the `fiscal.numbered` event that
 * moves the counter is written in the same log record as the bill, so a
 * replay after kill -9 gives every bill the same number again and a refused
 * settlement uses none.
 *
 * A sale note, or a restaurant that has not set up e-invoicing (no fiscal
 * settings yet), gets no number: the boleta or factura is recorded as chosen,
 * as before issue 11. Once the owner has saved the settings (which the rules
 * only accept complete), a day without a tax rate in force refuses the
 * settlement rather than issue a document the rules cannot compute.
 */
export function numberDocument(s: Pick<State, 'fiscal' | 'fiscalNumbers'>, kind: DocKind, billId: string, nowIso: string): Numbering {
  const settings = s.fiscal;
  if (kind === 'note' || !settings) return null;
  if (igvRateOn(settings, limaDateTime(nowIso).date) === undefined) return { refusal: { code: 'FISCAL_RATE_MISSING', field: 'rates' } };
  const series = kind === 'factura' ? settings.series.factura : settings.series.boleta;
  const number = (getOwn(s.fiscalNumbers, series) ?? 0) + 1;
  if (number > MAX_DOCUMENT_NUMBER) return { refusal: { code: 'FISCAL_SERIES_FULL', field: 'series' } };
  return { fiscal: { type: kind === 'factura' ? '01' : '03', series, number }, event: { type: 'fiscal.numbered', series, number, billId } };
}
