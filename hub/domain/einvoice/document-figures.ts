import type { FiscalDocument } from '#protocol';
import { centsOf } from './decimal.ts';

/**
 * The figures of a document as SUNAT received it, read from the stored
 * document (hub/einvoice's document store keeps each filed document's data
 * beside its XML): the one source of a sale's tax amounts for credit notes,
 * the PLE register and the sales spreadsheets (issue 19 items 5, 6). Never
 * recomputed with today's settings: a regime or rate changed since does not
 * touch them.
 */
export type DocumentFigures = {
  /** The IGV (+IPM) rate its charged lines carry, in basis points (1800 = 18 %); null when it has none (a bill of gifts or bags alone). */
  igvBasisPoints: number | null;
  /** ICBPER per bag on it, in céntimos; null when it has no bag. */
  icbperPerBagCents: number | null;
  /** Base imponible (gravado), IGV, ICBPER, the value of free lines and the payable, in céntimos. */
  taxableCents: number;
  igvCents: number;
  icbperCents: number;
  freeCents: number;
  payableCents: number;
};

/** A rate as the document writes it ("18.00") in basis points (1800). */
function basisPointsOf(percent: string): number {
  return centsOf(percent);
}

export function figuresOf(doc: FiscalDocument): DocumentFigures {
  const charged = doc.lines.find((l) => !l.free && l.affectation === '10');
  const bagged = doc.lines.find((l) => l.icbper !== undefined);
  return {
    igvBasisPoints: charged ? basisPointsOf(charged.igvPercent) : null,
    icbperPerBagCents: bagged?.icbper ? centsOf(bagged.icbper.perBag) : null,
    taxableCents: centsOf(doc.totals.taxable),
    igvCents: centsOf(doc.totals.igv),
    icbperCents: centsOf(doc.totals.icbper),
    freeCents: centsOf(doc.totals.free),
    payableCents: centsOf(doc.totals.payable),
  };
}
