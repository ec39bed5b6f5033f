import type { Bill, BillCorrection, FiscalDocument } from '#protocol';
import { fiscalKey } from '#protocol';
import { fiscalNumbersOf } from '#hub/domain/payment/split-parts.ts';
import { storedDocument } from '#hub/einvoice/outbox/stored-document.ts';
import type { DocumentReader } from '#hub/einvoice/outbox/types.ts';

/** Documents read at once: enough to keep the disk busy, few enough to leave the event loop to the tills. */
const AT_ONCE = 16;

/**
 * The documents SUNAT received for these bills (each boleta or factura, a
 * split's parts' too) and for their corrections' credit notes, as the
 * document store filed them, by fiscal key (issue 19 item 6). The sales
 * spreadsheets and the PLE register read their tax figures here, so a regime
 * or rate changed since the sale never rewrites them. A document not on file
 * is simply absent (sales-rows.ts says what is done then).
 */
export async function storedDocuments(reader: DocumentReader, bills: readonly Bill[], corrections: readonly BillCorrection[]): Promise<Map<string, FiscalDocument>> {
  const wanted: { fiscal: { type: '01' | '03' | '07'; series: string; number: number }; at: string }[] = [];
  for (const bill of bills) if (bill.deleted !== 2) for (const fiscal of fiscalNumbersOf(bill)) wanted.push({ fiscal, at: bill.paidAt });
  for (const c of corrections) if (c.creditNote) wanted.push({ fiscal: c.creditNote, at: c.at });
  const found = new Map<string, FiscalDocument>();
  for (let i = 0; i < wanted.length; i += AT_ONCE) {
    const batch = wanted.slice(i, i + AT_ONCE);
    const docs = await Promise.all(batch.map((w) => storedDocument(reader, w.fiscal, w.at)));
    for (const doc of docs) if (doc) found.set(fiscalKey(doc), doc);
  }
  return found;
}
