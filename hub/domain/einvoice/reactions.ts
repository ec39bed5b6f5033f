import type { FiscalDocument, JobSpec } from '#protocol';
import { fiscalKey } from '#protocol';
import type { Reactors } from '../jobs/reactions.ts';
import { documentBills } from '../payment/split-parts.ts';
import { fiscalDocumentOf } from './tax.ts';

/** The job that files, signs and (for a factura and its notes) sends one document; its key names it everywhere, `billId` its bill. */
function sendJob(document: FiscalDocument, billId: string): JobSpec {
  return { kind: 'einvoice.send', payload: { key: fiscalKey(document), billId, document } };
}

/**
 * What e-invoicing causes (hub/domain/einvoice/README.md "Jobs"): each
 * numbered boleta or factura and each credit note becomes an `einvoice.send`
 * job, each planned daily summary an `einvoice.summary` job, in the same log
 * record as their cause. Merged with the other features' reactors in
 * hub/domain/jobs/reactions.ts.
 */
export const EINVOICE_REACTORS: Reactors = {
  // settle refuses a numbered bill whose document cannot be computed, so `ok` holds here; the same
  // bill and settings give the same document the rules checked.
  'order.settled': (e, s) => {
    if (!s.fiscal) return [];
    // A split whose parts carry their own documents sends one per numbered part (../payment/split-parts.ts).
    return documentBills(e.bill, s.fiscal.bagProductIds).flatMap((bill) => {
      if (!bill.fiscal) return [];
      const made = fiscalDocumentOf(bill, s.fiscal!);
      return made.ok ? [sendJob(made.document, e.bill.id)] : [];
    });
  },
  'bill.corrected': (e) => (e.correction.creditNote && e.document ? [sendJob(e.document, e.correction.billId)] : []),
  'einvoice.summaryPlanned': (e) => [{ kind: 'einvoice.summary', payload: { key: e.summary.id, summary: e.summary } }],
};
