import type { Names, Spec } from '#protocol';
import { foldKey } from './cells.ts';

/**
 * Which existing size each size in a file is, so a re-import keeps sizes'
 * ids (and their sold-out switch, which an import never sets).
 *
 * A file names sizes, not ids. Matching each file size to the first
 * existing size sharing any one name broke dishes whose two sizes share a
 * name in one language (both "份" in Chinese, or an English name left the
 * same): the second size matched the first, found it taken, and got a new
 * id on every import. Instead every pair is scored by how many languages'
 * names agree, and pairs are taken best first (ties: same position in the
 * list), each size at most once.
 *
 * Returns, per file size in order, the id of its existing size or null (a new size).
 */
export function matchSpecs(existing: readonly Spec[], incoming: readonly Names[]): (string | null)[] {
  const pairs: { i: number; j: number; score: number }[] = [];
  incoming.forEach((names, i) => {
    existing.forEach((spec, j) => {
      const score = sharedNames(names, spec.names);
      if (score > 0) pairs.push({ i, j, score });
    });
  });
  pairs.sort((a, b) => b.score - a.score || Math.abs(a.i - a.j) - Math.abs(b.i - b.j) || a.i - b.i);
  const out: (string | null)[] = incoming.map(() => null);
  const taken = new Set<number>();
  for (const { i, j } of pairs) {
    if (out[i] !== null || taken.has(j)) continue;
    out[i] = existing[j]!.id;
    taken.add(j);
  }
  return out;
}

/** How many languages two sets of names agree in (accents, case and spacing aside); empty names never agree. */
function sharedNames(a: Names, b: Names): number {
  let n = 0;
  for (const lang of ['es', 'en', 'zh'] as const) if (a[lang] && b[lang] && foldKey(a[lang]) === foldKey(b[lang])) n++;
  return n;
}
