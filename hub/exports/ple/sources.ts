import type { Bill, BillCorrection, FiscalDocument, FiscalSettings } from '#protocol';
import { fiscalKey } from '#protocol';
import { correctedPart, creditNoteOf, refundedPortions } from '#hub/domain/einvoice/credit-note.ts';
import { figuresOf } from '#hub/domain/einvoice/document-figures.ts';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import { fiscalDocumentOf } from '#hub/domain/einvoice/tax.ts';
import { documentBills } from '#hub/domain/payment/split-parts.ts';

/**
 * The fiscal documents a month's register lists, read from the bills and
 * their corrections. The amounts are never computed here: a document is the
 * one stored with its send job (`documents`, keyed by `fiscalKey`, what the
 * outbox kept) or, when none was given, the same tax rules that made it
 * (`fiscalDocumentOf`, `creditNoteOf` with the bill's earlier refunds), so
 * the register always says what SUNAT received.
 */

/** The document a credit note modifies, as fields 28 to 31 name it. */
export type ModifiedDocument = { issueDate: string; type: '01' | '03'; series: string; number: number };

/** One register line's source: the document, what it modifies (notes) and whether it was spoiled before issue. */
export type RegisterEntry = { document: FiscalDocument; modifies?: ModifiedDocument };

/** A document that should be in the register but could not be read (no stored document, no settings to compute it). */
export type SkippedDocument = { key: string; reason: 'DOCUMENT_MISSING' | 'ORIGINAL_MISSING' | 'NOT_NUMBERED' | 'FISCAL_RATE_MISSING' | 'BAG_PRICE_BELOW_ICBPER' };

export type SourceInput = {
  bills: readonly Bill[];
  corrections: readonly BillCorrection[];
  documents?: ReadonlyMap<string, FiscalDocument>;
  settings?: FiscalSettings;
};

/**
 * Every boleta, factura and credit note the bills and corrections hold.
 * Sale notes (no `fiscal`) are not fiscal documents and never appear; a
 * withdrawn bill (`deleted: 2`) charged nothing and issued nothing.
 */
export function registerEntries(input: SourceInput): { entries: RegisterEntry[]; skipped: SkippedDocument[] } {
  const entries: RegisterEntry[] = [];
  const skipped: SkippedDocument[] = [];
  const byId = new Map<string, Bill>();
  for (const bill of input.bills) {
    byId.set(bill.id, bill);
    if (bill.deleted === 2) continue;
    // A split whose parts carry their own documents lists each part's (hub/domain/payment/split-parts.ts).
    for (const part of documentBills(bill, input.settings?.bagProductIds ?? [])) {
      if (!part.fiscal) continue;
      const made = invoiceOf(part, part.fiscal, input);
      if ('reason' in made) skipped.push(made);
      else entries.push({ document: made });
    }
  }
  const earlier = new Map<string, BillCorrection[]>();
  for (const correction of input.corrections) {
    const before = earlier.get(correction.billId) ?? [];
    earlier.set(correction.billId, [...before, correction]);
    const note = correction.creditNote;
    if (!note) continue;
    const key = fiscalKey(note);
    const bill = byId.get(correction.billId);
    const stored = input.documents?.get(key);
    const original = stored?.reference ?? note.of;
    const originalDoc = input.documents?.get(fiscalKey(original));
    const originalDate = originalDoc?.issueDate ?? (bill ? limaDateTime(bill.paidAt).date : undefined);
    if (!originalDate) {
      skipped.push({ key, reason: 'ORIGINAL_MISSING' });
      continue;
    }
    const modifies: ModifiedDocument = { issueDate: originalDate, type: original.type, series: original.series, number: original.number };
    if (stored) {
      entries.push({ document: stored, modifies });
      continue;
    }
    if (!bill || !input.settings) {
      skipped.push({ key, reason: 'DOCUMENT_MISSING' });
      continue;
    }
    const portionsBefore = refundedPortions(before);
    const after = correction.kind === 'void' ? 'void' : refundedPortions([...before, correction]);
    const part = correctedPart(bill, portionsBefore, after);
    // Not on file: computed as the hub did, at the original's rates when the original is (issue 19 item 5).
    const at = originalDoc ? { figures: figuresOf(originalDoc), whole: correction.kind === 'void' && before.length === 0 } : undefined;
    const made = creditNoteOf(part, input.settings, { series: note.series, number: note.number, of: note.of }, correction.kind, correction.reason, correction.at, at);
    if (!made.ok) skipped.push({ key, reason: made.code });
    else entries.push({ document: made.document, modifies });
  }
  return { entries, skipped };
}

/** A bill's boleta or factura: the stored one, else the tax rules' (same settings, same result). */
function invoiceOf(bill: Bill, fiscal: NonNullable<Bill['fiscal']>, input: SourceInput): FiscalDocument | SkippedDocument {
  const key = fiscalKey(fiscal);
  const stored = input.documents?.get(key);
  if (stored) return stored;
  if (!input.settings) return { key, reason: 'DOCUMENT_MISSING' };
  const made = fiscalDocumentOf(bill, input.settings);
  return made.ok ? made.document : { key, reason: made.code };
}
