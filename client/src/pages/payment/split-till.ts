import type { ErrorCode, SaleDocument } from '#protocol';
import { shareDocumentsRefusal } from '#hub/domain/payment/split.ts';
import { summarizeShare, type DraftState, type DraftSummary } from './draft.ts';
import { sharesOf, type SplitDraft } from './split-draft.ts';

/** One part on the till: its amount, what its guest still owes, the change it gives, its document. */
export type PartView = { amountCents: number; leftCents: number; changeCents: number; doc: SaleDocument };

/** What the till shows and sends for a split bill (null parts: paid together). */
export type SplitTill = {
  split: number[] | null;
  parts: PartView[] | null;
  /** The part the next payment goes to, and whose document the form shows. */
  active: number;
  /** The totals as the sum of the parts' own (never "Vuelto 5.50" while a part still owes). */
  sum: DraftSummary | null;
  /** Why the parts' documents would be refused (the hub's rule, per part). */
  refusal: { code: ErrorCode; field: string } | null;
  /** What `order.settle` carries for the split. */
  payload: { split?: number[]; shareDocuments?: SaleDocument[] };
};

/**
 * The till's reading of a split (issue 18 items 12 and 17): each part paid
 * like a bill of its own, with its own document. A payment goes to the part
 * the cashier picked, else to the first part still owing, so "Visa 54.50
 * then cash 60" pays part 1 and then part 2 (change 5.50 from part 2), and
 * the totals are the parts' own sums: what is missing is what the parts
 * still owe, the change what the parts give back.
 */
export function splitTill(d: SplitDraft, base: Omit<DraftState, 'split'>, dueCents: number, depositCents: number, billDoc: SaleDocument): SplitTill {
  const split = sharesOf(d, dueCents);
  if (!split) return { split: null, parts: null, active: 0, sum: null, refusal: null, payload: {} };
  const draft = { ...base, split };
  const parts = split.map((amountCents, i): PartView => {
    const s = summarizeShare(draft, i, amountCents);
    return { amountCents, leftCents: s.leftCents, changeCents: s.changeCents, doc: d.docs?.[i] ?? partDefault(billDoc, i) };
  });
  const owing = parts.findIndex((p) => p.leftCents > 0);
  const active = d.picked !== null && d.picked !== undefined && d.picked < parts.length ? d.picked : Math.max(0, owing);
  const shares = split.map((amountCents, i) => summarizeShare(draft, i, amountCents));
  const sum: DraftSummary = {
    paidCents: shares.reduce((n, s) => n + s.paidCents, 0),
    leftCents: parts.reduce((n, p) => n + p.leftCents, 0),
    changeCents: parts.reduce((n, p) => n + p.changeCents, 0),
    cashCents: shares.reduce((n, s) => n + s.cashCents, 0),
  };
  const docs = parts.map((p) => p.doc);
  return { split, parts, active, sum, refusal: shareDocumentsRefusal(docs, split, depositCents), payload: { split, shareDocuments: docs } };
}

/** A part's document before the cashier touches it: the first part takes the bill's as filled, the others its kind with no buyer. */
function partDefault(billDoc: SaleDocument, index: number): SaleDocument {
  return index === 0 ? billDoc : { kind: billDoc.kind, docId: '', name: '' };
}

/** The draft with part `index`'s document. */
export function withPartDoc(d: SplitDraft, index: number, doc: SaleDocument): SplitDraft {
  const docs = Array.from({ length: d.people }, (_, i) => (i === index ? doc : d.docs?.[i]));
  return { ...d, docs };
}

/** The draft with the part the cashier tapped (null: back to the first part still owing). */
export function withPicked(d: SplitDraft, picked: number | null): SplitDraft {
  return { ...d, picked };
}

/** The reasons "Cobrar" is grey that a split changes (a subset of settle-blocker.ts `SettleBlocker`). */
type PartsBlocker = { kind: 'missing'; cents: number } | { kind: 'refusal'; code: ErrorCode; field: string };

/**
 * Why "Cobrar" is grey, read with the parts: what is missing is what the
 * parts still owe (one part's change never pays another part, so the bar
 * never says "Falta 19.00" while the parts owe 46.00), and the parts'
 * documents are checked by the hub's per-part rule.
 */
export function partsBlocker<B extends { kind: string; code?: ErrorCode }>(blocker: B | null, till: SplitTill): B | PartsBlocker | null {
  if (!till.parts || !till.sum) return blocker;
  const short = blocker === null || blocker.kind === 'missing' || (blocker.kind === 'refusal' && blocker.code === 'AMOUNT_TOO_LOW');
  if (till.sum.leftCents > 0 && short) return { kind: 'missing', cents: till.sum.leftCents };
  return blocker ?? (till.refusal ? { kind: 'refusal', ...till.refusal } : null);
}
