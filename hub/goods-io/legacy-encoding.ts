/**
 * Telling Windows-1252 from Mac Roman in text that is not UTF-8. Both are
 * what spreadsheets save as plain "CSV" (Excel on Windows, old Excel and
 * Numbers on a Mac); both read every byte, so only the result tells them
 * apart. A Spanish menu is full of á é í ó ú ñ ü ¿ ¡ inside words: read in
 * the wrong one they turn into capitals or symbols in the middle of a word
 * ("AjÌ", "Caf‚", "Pi–a", "s’"), which this scores as implausible.
 */

/** The two legacy encodings a spreadsheet's "CSV" comes in, as TextDecoder names them. */
export type LegacyEncoding = 'windows-1252' | 'macintosh';

const SPANISH_LOWER = new Set('áéíóúñü');
const SPANISH_UPPER = new Set('ÁÉÍÓÚÑÜ');
const OPENERS = new Set('¿¡');
const ORDINALS = new Set('ºª°');
const QUOTES = new Set('’‘');
const MONEY = new Set('€£¢');

const isLetter = (c: string | undefined) => c !== undefined && /\p{L}/u.test(c);
const isLower = (c: string | undefined) => c !== undefined && c !== c.toUpperCase() && c === c.toLowerCase();
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** How plausible one non-ASCII character is where it stands in a menu: above 0 likely, below 0 a sign of the wrong encoding. */
function charScore(c: string, prev: string | undefined, next: string | undefined): number {
  const inWord = isLetter(prev) && isLetter(next);
  const code = c.codePointAt(0)!;
  // C1 controls: bytes one encoding leaves undefined (1252's 0x81, 0x8d...).
  if ((code >= 0x80 && code <= 0x9f) || c === '\uFFFD') return -10;
  if (SPANISH_LOWER.has(c)) return isLetter(prev) || isLetter(next) ? 4 : 1;
  if (SPANISH_UPPER.has(c)) return isLower(prev) ? -3 : 3;
  if (OPENERS.has(c)) return isLetter(next) ? 2 : -1;
  if (ORDINALS.has(c)) return isDigit(prev) ? 2 : isLetter(prev) ? 1 : -1;
  if (QUOTES.has(c)) return inWord ? 1 : 0;
  if (MONEY.has(c)) return inWord ? -3 : isDigit(prev) || isDigit(next) || next === ' ' ? 1 : 0;
  if (isLetter(c)) {
    // A capital straight after a small letter ("AjÌ") is how a misread accent looks.
    if (c === c.toUpperCase() && isLower(prev)) return -3;
    return isLower(c) && isLower(prev) ? 1 : 0;
  }
  // Dashes, quotes, symbols: fine between words, not inside one.
  return inWord ? -4 : '“”«»–—…•'.includes(c) ? 0 : -1;
}

/**
 * The plausibility of decoded text: the sum over its non-ASCII characters.
 * Walks the text by index (no copy of it as an array of characters): both
 * legacy encodings decode to the Basic Multilingual Plane only.
 */
export function plausibility(text: string): number {
  let score = 0;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) < 0x80) continue;
    score += charScore(text[i]!, text[i - 1], text[i + 1]);
  }
  return score;
}

/** The lead the winner must have over the other reading (and over nothing) to be taken as certain. */
const CONFIDENT_LEAD = 3;

/**
 * Mac Roman's upper half (0x80-0xFF), as Mac OS 8.5 and later have it (0xDB
 * is the euro). Written out rather than asked of TextDecoder, whose
 * 'macintosh' needs a Node built with full ICU.
 */
const MAC_ROMAN_HIGH =
  'ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø' +
  '¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ';

const windows1252 = new TextDecoder('windows-1252');

/** Bytes in one legacy encoding as text. */
export function decodeLegacy(bytes: Uint8Array, encoding: LegacyEncoding): string {
  if (encoding === 'windows-1252') return windows1252.decode(bytes);
  let out = '';
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : MAC_ROMAN_HIGH[b - 0x80]!;
  return out;
}

/** How plausible one piece of a file reads in each legacy encoding (summed over pieces by the caller). */
export function legacyScores(piece: Uint8Array): { win: number; mac: number } {
  return { win: plausibility(decodeLegacy(piece, 'windows-1252')), mac: plausibility(decodeLegacy(piece, 'macintosh')) };
}

/** The verdict from summed scores: the encoding that reads clearly better, or null when neither does. */
export function legacyVerdict(win: number, mac: number): LegacyEncoding | null {
  if (win >= mac + CONFIDENT_LEAD && win >= CONFIDENT_LEAD) return 'windows-1252';
  if (mac >= win + CONFIDENT_LEAD && mac >= CONFIDENT_LEAD) return 'macintosh';
  return null;
}
