import { fiscalKey, type FiscalDocument, type SummaryDocument, type SummaryLine } from '#protocol';
import { deadlineOf } from './deadlines.ts';
import type { DocumentMeta } from './types.ts';

/**
 * The first `.meta.json` of a document, from what the rules computed. Pure:
 * the time of the write comes in as `now`.
 */

/** A factura, boleta or credit note as filed (not signed yet). */
export function metaOfDocument(doc: FiscalDocument, now: string, billId: string | null = null): DocumentMeta {
  return {
    key: fiscalKey(doc),
    kind: doc.type,
    day: doc.issueDate,
    time: doc.issueTime,
    series: doc.series,
    number: doc.number,
    customer: doc.customer,
    total: doc.totals.payable,
    billId,
    reference: doc.reference ? fiscalKey(doc.reference) : null,
    status: 'filed',
    digest: '',
    summaryId: null,
    lines: [],
    ticket: null,
    sunat: null,
    deadline: deadlineOf({ kind: doc.type, day: doc.issueDate, corrects: doc.reference?.type ?? null, series: doc.series }),
    updatedAt: now,
  };
}

/** Céntimos of a non-negative decimal string ("118.05" -> 11805), read as text: never through a float. */
function cents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
}

function decimal(total: number): string {
  return `${Math.floor(total / 100)}.${String(total % 100).padStart(2, '0')}`;
}

/** The keys of a summary's lines ("03-B001-17"), in the summary's order. */
export function summaryKeys(summary: SummaryDocument): string[] {
  return summary.lines.map((line) => fiscalKey(line));
}

/** A daily summary as filed: day = the day it is issued (its id's date), deadline from the boletas' day. */
export function metaOfSummary(summary: SummaryDocument, now: string): DocumentMeta {
  const [, , sequence = '1'] = summary.id.split('-');
  return {
    key: summary.id,
    kind: 'RC',
    day: summary.issueDate,
    time: '',
    series: summary.id.split('-').slice(0, 2).join('-'),
    number: Number(sequence),
    customer: null,
    total: decimal(summary.lines.reduce((sum, line) => sum + cents(line.totals.payable), 0)),
    billId: null,
    reference: null,
    status: 'filed',
    digest: '',
    summaryId: null,
    lines: summaryKeys(summary),
    ticket: null,
    sunat: null,
    deadline: deadlineOf({ kind: 'RC', day: summary.referenceDate }),
    updatedAt: now,
  };
}

/**
 * A boleta (or note on one) known only from its summary line: its own send job
 * has not filed it yet when SUNAT answers the summary (both wait in one lane;
 * either may go first). Its document and XML are added when that job runs.
 */
export function metaOfSummaryLine(line: SummaryLine, referenceDate: string, now: string): DocumentMeta {
  return {
    key: fiscalKey(line),
    kind: line.type,
    day: referenceDate,
    time: '',
    series: line.series,
    number: line.number,
    customer: line.customer,
    total: line.totals.payable,
    billId: null,
    reference: line.reference ? fiscalKey(line.reference) : null,
    status: 'awaitingSummary',
    digest: '',
    summaryId: null,
    lines: [],
    ticket: null,
    sunat: null,
    deadline: deadlineOf({ kind: line.type, day: referenceDate, corrects: line.reference?.type ?? null, series: line.series }),
    updatedAt: now,
  };
}
