import type { Bill } from '#protocol';
import { billableQty, chargedQty, lineTotalCents } from '../money.ts';

/**
 * A bill read as the lines of a fiscal document: what was sold, at what
 * price with every tax included, before and after the line's discount.
 * Gifted portions become lines of their own (given free); lunch boxes and the
 * minimum-spend fee become lines too. The order discount, the tip and the
 * deposit are not lines (tax.ts says where they go).
 */
export type Piece = {
  code: string;
  description: string;
  qty: number;
  unitCode: 'NIU' | 'ZZ';
  /** Price with taxes of the whole line before its discount (qty × unit price). */
  grossCents: number;
  /** What the guest pays for the line, after its discount (equal to gross when none; 0 when free). */
  netCents: number;
  /** Plastic bags in the line (each carries ICBPER). */
  bags: number;
  free: boolean;
};

/** The bill's lines, gifts, lunch boxes and minimum-spend fee as pieces, in the bill's order. */
export function billPieces(bill: Bill, bagProductIds: readonly string[]): Piece[] {
  const bags = new Set(bagProductIds);
  const pieces: Piece[] = [];
  for (const line of bill.lines) {
    const code = line.code || line.productId || 'CUSTOM';
    const description = [line.names.es, line.specNames?.es].filter(Boolean).join(' ') || code;
    const isBag = line.productId !== null && bags.has(line.productId);
    const charged = chargedQty(line);
    if (charged > 0) {
      const gross = line.unitPriceCents * charged;
      pieces.push({ code, description, qty: charged, unitCode: 'NIU', grossCents: gross, netCents: lineTotalCents(line), bags: isBag ? charged : 0, free: false });
    }
    const gifted = Math.max(0, billableQty(line)) - charged;
    if (gifted > 0 && line.unitPriceCents > 0) {
      // A gifted bag carries no ICBPER here: the tax falls on the buyer's acquisition, and nothing was paid (README: limits).
      pieces.push({ code, description, qty: gifted, unitCode: 'NIU', grossCents: line.unitPriceCents * gifted, netCents: 0, bags: 0, free: true });
    }
  }
  if (bill.lunchBoxCents > 0 && bill.lunchBox) {
    const boxes = bill.lunchBox.mode === 'perOrder' ? 1 : Math.max(1, Math.round(bill.lunchBoxCents / Math.max(1, bill.lunchBox.priceCents)));
    pieces.push({ code: 'TAPER', description: 'ENVASE PARA LLEVAR', qty: boxes, unitCode: 'NIU', grossCents: bill.lunchBoxCents, netCents: bill.lunchBoxCents, bags: 0, free: false });
  }
  if (bill.minSpendFeeCents > 0) {
    pieces.push({ code: 'CONSUMO-MIN', description: 'CONSUMO MINIMO DE MESA', qty: 1, unitCode: 'ZZ', grossCents: bill.minSpendFeeCents, netCents: bill.minSpendFeeCents, bags: 0, free: false });
  }
  return pieces;
}

