/**
 * The cash a guest is likely to hand over for what is left (issue 18 item 11):
 * the exact amount, then the next round amounts of Peruvian notes above it.
 * The rule: for each note of S/ 10, 20, 50, 100 and 200, the smallest multiple
 * of it above what is left; the distinct ones, smallest first, at most three.
 * S/ 43.50 gives 50, 60, 100; S/ 70 gives 80, 100, 200; S/ 180 gives 190, 200.
 */
const NOTES_CENTS = [1_000, 2_000, 5_000, 10_000, 20_000] as const;
const MAX_ROUND = 3;

/** Round amounts (in céntimos) above `leftCents`, smallest first; none when nothing is left. */
export function roundCashAbove(leftCents: number): number[] {
  if (!Number.isSafeInteger(leftCents) || leftCents <= 0) return [];
  const above = NOTES_CENTS.map((note) => (Math.floor(leftCents / note) + 1) * note);
  return [...new Set(above)].sort((a, b) => a - b).slice(0, MAX_ROUND);
}
