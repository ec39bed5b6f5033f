import type { Product } from '#protocol';

/**
 * What the intake page shows that is worth testing alone: a time as people
 * read it, and the example a web shop's developer copies (this hub's own
 * address, a dish of this menu), so the first call they try works.
 */

/** An ISO time in the device's language: 28/11/2026 17:05 in Spanish, never the ISO form. */
export function whenText(iso: string, lang: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Date(at).toLocaleString(lang, { timeZone: 'America/Lima', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false });
}

/** The first listed dish that is not sold out (sizes: its first size), for the example; null on an empty menu. */
export function exampleDish(products: Record<string, Product>): { productId: string; specId?: string } | null {
  const p = Object.values(products)
    .filter((x) => x.listed && !x.soldOut)
    .sort((a, b) => a.sort - b.sort || a.code.localeCompare(b.code))[0];
  if (!p) return null;
  const spec = p.specs.find((s) => !s.soldOut);
  return spec ? { productId: p.id, specId: spec.id } : { productId: p.id };
}

/** An example body of POST /api/intake/orders (a delivery), as the README documents it. */
export function exampleOrder(dish: { productId: string; specId?: string } | null): string {
  const body = {
    externalId: 'WEB-10025',
    method: 'delivery',
    type: 'immediate',
    customer: { name: 'Ana Quispe', phone: '987654321' },
    delivery: { address: 'Av. Larco 1234, Miraflores', reference: 'Frente al parque', feeCents: 500, changeForCents: 10000 },
    lines: [{ productId: dish?.productId ?? 'p-101', ...(dish?.specId ? { specId: dish.specId } : {}), qty: 2, remark: 'sin ají' }],
    note: 'Tocar el timbre dos veces',
  };
  return JSON.stringify(body, null, 2);
}

/** The curl line for the example, on this hub's address. */
export function exampleCurl(origin: string): string {
  return `curl -X POST ${origin}/api/intake/orders \\\n  -H "Authorization: Bearer posk_…" \\\n  -H "Content-Type: application/json" \\\n  --data @order.json`;
}
