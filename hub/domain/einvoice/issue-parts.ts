import type { Bill, BillFiscal, BillShare, DomainEvent, ErrorCode, State } from '#protocol';
import { documentBills } from '../payment/split-parts.ts';
import { withOwn } from '../records.ts';
import { centsOf } from './decimal.ts';
import { numberDocument } from './numbering.ts';
import { summaryQueued } from './summary-queue.ts';
import { fiscalDocumentOf } from './tax.ts';

export type IssuedParts = { events: DomainEvent[]; documents: BillFiscal[] } | { refusal: { code: ErrorCode; field: string } };

/**
 * `issue.ts` for a split bill whose parts carry their own documents (issue 18
 * item 12): each part's boleta or factura gets the next number of its series,
 * in the parts' order (three facturas: F001-7, F001-8, F001-9), written in
 * that share (`bill.shares[i].fiscal`); each part's document is computed from
 * the part read as a bill (../payment/split-parts.ts) and refused as a whole
 * bill would be when the rules cannot make it; each boleta joins its day's
 * summary. One `order.settled`, then the numbers, then the summary lines: all
 * in the settlement's one log record, as for a bill paid together. A part
 * with a sale note gets no number.
 */
export function issueParts(s: State, bill: Bill, now: string): IssuedParts {
  let numbers = s.fiscalNumbers;
  const shares: BillShare[] = [];
  const numberedEvents: DomainEvent[] = [];
  const documents: BillFiscal[] = [];
  for (const [i, share] of (bill.shares ?? []).entries()) {
    const numbering = share.document ? numberDocument({ fiscal: s.fiscal, fiscalNumbers: numbers }, share.document.kind, bill.id, now) : null;
    if (!numbering) {
      shares.push(share);
      continue;
    }
    if ('refusal' in numbering) return { refusal: { code: numbering.refusal.code, field: `shareDocuments.${i}` } };
    numbers = withOwn(numbers, numbering.fiscal.series, numbering.fiscal.number);
    shares.push({ ...share, fiscal: numbering.fiscal });
    numberedEvents.push(numbering.event);
    documents.push(numbering.fiscal);
  }
  const numbered: Bill = { ...bill, shares };
  const queued: DomainEvent[] = [];
  if (s.fiscal) {
    for (const part of documentBills(numbered, s.fiscal.bagProductIds)) {
      if (!part.fiscal) continue;
      const made = fiscalDocumentOf(part, s.fiscal);
      const field = `shareDocuments.${part.part?.index ?? 0}`;
      if (!made.ok) return { refusal: { code: made.code === 'NOT_NUMBERED' ? 'INTERNAL' : made.code, field } };
      // A part smaller than the plastic bags it carries (or with nothing left to sell) cannot add up: refused, never issued wrong.
      if (centsOf(made.document.totals.payable) !== part.totalCents || made.document.lines.length === 0) return { refusal: { code: 'SPLIT_SHARE_EMPTY', field } };
      const line = summaryQueued(made.document);
      if (line) queued.push(line);
    }
  }
  return { events: [{ type: 'order.settled', bill: numbered }, ...numberedEvents, ...queued], documents };
}
