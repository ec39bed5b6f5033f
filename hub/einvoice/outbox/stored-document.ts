import type { FiscalDocType, FiscalDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import type { DocumentReader } from './types.ts';

/**
 * A factura's, boleta's or credit note's data as it was filed (the `.json`
 * the document store keeps beside the XML SUNAT received, written when the
 * rules created its job, for every document since the store exists): the one
 * source of a document's tax figures for credit notes, the PLE and the sales
 * spreadsheets (issue 19 items 5, 6). `paidAt`: the bill's (or the
 * correction's) instant, whose Lima day is the document's issue day and so its folder. Null when it is not on
 * file or cannot be read (the caller says what it does then).
 */
export async function storedDocument(reader: DocumentReader, fiscal: { type: FiscalDocType; series: string; number: number }, paidAt: string): Promise<FiscalDocument | null> {
  try {
    const day = limaDateTime(paidAt).date;
    // A filing under way (the sale was settled an instant ago) is waited for, not missed.
    await reader.settled?.(day, fiscalKey(fiscal));
    const stored = await reader.read(day, fiscalKey(fiscal), 'json');
    if (!stored) return null;
    const doc = JSON.parse(stored.bytes.toString('utf8')) as FiscalDocument;
    // The file names itself: a document of another number under this name is not this one.
    return doc && typeof doc === 'object' && doc.series === fiscal.series && doc.number === fiscal.number && doc.type === fiscal.type && Array.isArray(doc.lines) ? doc : null;
  } catch {
    return null;
  }
}
