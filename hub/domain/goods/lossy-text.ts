/**
 * Text that lost characters on its way through a spreadsheet. Excel's plain
 * "CSV" is saved in Windows-1252, which has no Chinese: Excel writes `?` for
 * each character it cannot keep ("经典酸橘汁腌鱼" becomes "???????"). The file
 * is valid and reads without error, so only the pattern tells: the import
 * refuses such a cell (issue 'encoding') instead of saving question marks
 * over a real name.
 */

/** The character a reader puts where it could not tell a character for sure (hub/goods-io/csv.ts). */
export const UNSURE_CHAR = '\uFFFD';

/** Characters Windows-1252 holds: ASCII, Latin-1's upper half and its 27 extras (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ). */
const WINDOWS_1252_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const in1252 = (c: string) => c.charCodeAt(0) <= 0x7f || (c.charCodeAt(0) >= 0xa0 && c.charCodeAt(0) <= 0xff) || WINDOWS_1252_EXTRAS.has(c);

/**
 * Whether a cell's text looks like characters replaced by `?` (or marked
 * unsure by the reader):
 * - it holds UNSURE_CHAR;
 * - it has a `?` and no letter at all ("???", "?? (?)");
 * - it has two `?` in a row ("Pisco ?????"): no menu writes that;
 * - it has a `?` where the value it would replace has a character that
 *   Windows-1252 cannot hold, and no `?` of its own ("Café 咖" and "Café ?").
 * A lone question mark in words ("¿Qué tal?") is text, and kept.
 */
export function looksLossy(cell: string, current = ''): boolean {
  if (cell.includes(UNSURE_CHAR)) return true;
  if (!cell.includes('?')) return false;
  if (!/\p{L}/u.test(cell) || cell.includes('??')) return true;
  return !current.includes('?') && [...current].some((c) => !in1252(c));
}
