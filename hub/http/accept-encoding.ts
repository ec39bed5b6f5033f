/** Encodings the client build is precompressed in (client/precompress.ts), best first. */
export const PRECOMPRESSED = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

export type Precompressed = (typeof PRECOMPRESSED)[number];

/**
 * The precompressed encodings an `Accept-Encoding` header allows, most wanted first.
 * A coding with `q=0` is refused, as is every coding not named when `*;q=0`
 * is; `*` with a positive q accepts them all (RFC 9110 §12.5.3).
 */
export function acceptedEncodings(header: string | undefined): Precompressed[] {
  if (!header) return [];
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const wildcard = q.get('*');
  const weight = (coding: string) => q.get(coding) ?? wildcard ?? 0;
  // The browser's preference first; between equals, the smaller file (brotli). sort is stable.
  return PRECOMPRESSED.filter(({ coding }) => weight(coding) > 0).sort((a, b) => weight(b.coding) - weight(a.coding));
}
