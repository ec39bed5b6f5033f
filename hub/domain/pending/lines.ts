import type { OrderLine, ParkedLine, ParkedLineInput, State } from '#protocol';
import { refuse, type Decision } from '../decision.ts';
import { presetIds, presetsFor, presetsRefused } from '../kitchen/remarks.ts';
import { getOwn } from '../records.ts';

/**
 * The dishes of a parked order, checked as far as a list can be: a menu dish
 * must exist (and name its size when it has sizes), an off-menu dish must
 * carry its name and price. Whether it is sold out or in stock is asked only
 * when the order is resumed onto a table: until then nothing is cooked.
 */
export function parkedLines(s: State, inputs: readonly ParkedLineInput[], taken: ReadonlySet<string>): ParkedLine[] | Decision {
  const seen = new Set(taken);
  const out: ParkedLine[] = [];
  for (const l of inputs) {
    if (seen.has(l.lineId)) return refuse('DUPLICATE_ID', 'lineId');
    seen.add(l.lineId);
    // Checked now as a table's order would check them (a preset the restaurant does not have is refused).
    const presets = presetsFor(s, l.remarkIds);
    if (presetsRefused(presets)) return presets;
    const ids = presets.length > 0 ? { remarkIds: presets.map((x) => x.id) } : {};
    if (l.productId === null) {
      if (!l.custom) return refuse('REQUIRED_FIELD', 'custom');
      out.push({ lineId: l.lineId, productId: null, specId: null, qty: l.qty, remark: l.remark, ...ids, custom: l.custom });
      continue;
    }
    if (l.custom) return refuse('INCORRECT_INPUT', 'custom');
    const product = getOwn(s.products, l.productId);
    if (!product) return refuse('NOT_FOUND', 'productId');
    const specId = l.specId ?? null;
    if (specId !== null && !product.specs.some((x) => x.id === specId)) return refuse('NOT_FOUND', 'specId');
    if (specId === null && product.specs.length > 0) return refuse('SPEC_REQUIRED', product.code);
    out.push({ lineId: l.lineId, productId: product.id, specId, qty: l.qty, remark: l.remark, ...ids, custom: null });
  }
  return out;
}

/** A table order's unsent line as a parked dish. */
export function parkedFromOrderLine(line: OrderLine): ParkedLine {
  return {
    lineId: line.id,
    productId: line.productId,
    specId: line.specId,
    qty: line.qty,
    remark: line.remark,
    ...(line.presets?.length ? { remarkIds: presetIds(line) } : {}),
    custom: line.productId === null ? { name: line.names.es, priceCents: line.unitPriceCents, unit: line.unit } : null,
  };
}

export function isRefusal<T extends object>(x: T | Decision): x is Decision {
  return 'ok' in x;
}
