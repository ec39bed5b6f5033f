import type { Bill, BillFiscal, DomainEvent, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { hasPartDocuments } from '../payment/split-parts.ts';
import { issueParts } from './issue-parts.ts';
import { numberDocument } from './numbering.ts';
import { summaryQueued } from './summary-queue.ts';
import { fiscalDocumentOf } from './tax.ts';

/**
 * The hub-only half of settling a boleta or factura (hub/domain/README.md
 * "Hub-only rules"). The shared rules settle the bill (`order.settled`, every
 * check done); here the hub numbers it (numbering.ts: the bill gets its
 * `fiscal`, `fiscal.numbered` moves the series' counter), computes the
 * document that number names, refuses a bill the tax rules cannot document
 * (a bag sold below the ICBPER it owes: SUNAT could never receive it), and
 * queues a boleta for its day's summary (`einvoice.summaryQueued`). All in the
 * same decision, hence the same log record, in the order settle wrote before
 * this split: the bill, its number, its summary line. A device never runs
 * this: its view shows the bill unnumbered, the hub's change brings the rest,
 * and the tax rules stay out of the page's first load.
 */
export function issueDocuments(s: State, decision: Decision, now: string): Decision {
  if (!decision.ok || !decision.events.some((e) => e.type === 'order.settled')) return decision;
  const events: DomainEvent[] = [];
  const documents: BillFiscal[] = [];
  for (const event of decision.events) {
    // A split whose parts carry their own documents: each part numbered and documented (issue-parts.ts).
    if (event.type === 'order.settled' && hasPartDocuments(event.bill) && !event.bill.shares!.some((sh) => sh.fiscal)) {
      const parts = issueParts(s, event.bill, now);
      if ('refusal' in parts) return refuse(parts.refusal.code, parts.refusal.field);
      events.push(...parts.events);
      documents.push(...parts.documents);
      continue;
    }
    if (event.type !== 'order.settled' || event.bill.fiscal) {
      events.push(event);
      continue;
    }
    const numbering = numberDocument(s, event.bill.document.kind, event.bill.id, now);
    if (!numbering) {
      events.push(event);
      continue;
    }
    if ('refusal' in numbering) return refuse(numbering.refusal.code, numbering.refusal.field);
    const bill = numbered(event.bill, numbering.fiscal);
    // numberDocument answers only once settings exist; the same bill and settings give the e-invoice job (reactions.ts) this document.
    const made = fiscalDocumentOf(bill, s.fiscal!);
    if (!made.ok) return refuse(made.code === 'NOT_NUMBERED' ? 'INTERNAL' : made.code);
    const queued = summaryQueued(made.document);
    events.push({ type: 'order.settled', bill }, numbering.event, ...(queued ? [queued] : []));
    documents.push(numbering.fiscal);
  }
  // The till's success screen names what was issued ("Boleta B001-23").
  return accept(events, documents.length > 0 ? { ...decision.result, documents } : decision.result);
}

/** The bill with its number, placed right after `document` as settle always wrote it (the log's JSON stays byte for byte). */
function numbered(bill: Bill, fiscal: BillFiscal): Bill {
  const entries = Object.entries(bill).flatMap(([key, value]): [string, unknown][] => (key === 'document' ? [[key, value], ['fiscal', fiscal]] : [[key, value]]));
  return Object.fromEntries(entries) as Bill;
}
