import type { SaleDocument } from '#protocol';
import { parseCents } from '#hub/domain/money.ts';
import { MAX_SHARES, splitEvenly } from '#hub/domain/payment/split.ts';

/**
 * The till's side of splitting a bill (M0095): together, by people (equal
 * shares, the odd céntimos on the first ones) or by amounts the cashier types.
 * A typed amount left blank takes its part of what the typed ones leave, so
 * "S/ 40 for the host, the rest between the other three" is one number typed.
 */

export type SplitMode = 'none' | 'people' | 'amount';
/**
 * `docs`: each part's own document as the cashier filled it (absent: the bill's default kind, issue 18
 * item 12); `picked`: the part the cashier tapped for the next payment (null: the first part still
 * owing, issue 18 item 17).
 */
export type SplitDraft = { mode: SplitMode; people: number; typed: string[]; docs?: (SaleDocument | undefined)[]; picked?: number | null };

/** A bill paid together: the default. */
export const NOT_SPLIT: SplitDraft = { mode: 'none', people: 2, typed: ['', ''] };

/**
 * The draft in `mode`. Splitting a bill paid together starts from the table's people (a table of 3
 * splits in 3, issue 18 item 12), at least 2; a split already made keeps its number of parts.
 */
export function withMode(d: SplitDraft, mode: SplitMode, tablePeople: number): SplitDraft {
  if (d.mode === 'none' && mode !== 'none') return withPeople({ ...d, mode }, Math.max(2, tablePeople));
  return { ...d, mode };
}

/** The draft with `people` shares (2 to 20), keeping the amounts already typed for the shares that stay. */
export function withPeople(d: SplitDraft, people: number): SplitDraft {
  const n = Math.max(2, Math.min(MAX_SHARES, people));
  return { ...d, people: n, typed: Array.from({ length: n }, (_, i) => d.typed[i] ?? ''), docs: (d.docs ?? []).slice(0, n), picked: d.picked !== null && d.picked !== undefined && d.picked < n ? d.picked : null };
}

/**
 * The shares in céntimos, or null when the bill is paid together. Typed
 * amounts that cannot be read count as nothing typed; blank ones share the
 * rest evenly (none below 0: a rest below 0 leaves them at 0 and the sum
 * then passes the bill, which the hub refuses with SPLIT_SUM_MISMATCH).
 */
export function sharesOf(d: SplitDraft, dueCents: number): number[] | null {
  if (d.mode === 'none') return null;
  if (d.mode === 'people') return splitEvenly(dueCents, d.people);
  const typed = d.typed.map((s) => (s.trim() === '' ? null : parseCents(s)));
  const blanks = typed.filter((c) => c === null).length;
  const rest = dueCents - typed.reduce<number>((n, c) => n + (c ?? 0), 0);
  const spread = blanks > 0 ? splitEvenly(Math.max(0, rest), blanks) : [];
  let b = 0;
  return typed.map((c) => c ?? spread[b++]!);
}

/** What the shares leave unassigned (negative when they pass the bill). */
export function unassignedCents(shares: readonly number[] | null, dueCents: number): number {
  return shares ? dueCents - shares.reduce((n, c) => n + c, 0) : 0;
}
