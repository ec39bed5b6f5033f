/**
 * How a character a code page lacks is printed instead: its closest ASCII
 * spelling ("€" -> "EUR", "Á" -> "A", "“" -> '"'), so a ticket stays
 * readable on any printer. Only used for characters the page really lacks:
 * á é í ó ú ñ Ñ ¿ ¡ ü are printed as themselves wherever the page has them.
 */

const SPELLINGS: Record<string, string> = {
  '€': 'EUR',
  '¿': '?',
  '¡': '!',
  '“': '"',
  '”': '"',
  '„': '"',
  '«': '"',
  '»': '"',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '–': '-',
  '—': '-',
  '…': '...',
  '•': '*',
  '·': '.',
  '×': 'x',
  '÷': '/',
  '°': 'o',
  'º': 'o',
  'ª': 'a',
  '½': '1/2',
  '¼': '1/4',
  '¾': '3/4',
  'ß': 'ss',
  'Æ': 'AE',
  'æ': 'ae',
  'Œ': 'OE',
  'œ': 'oe',
  'Ø': 'O',
  'ø': 'o',
  '£': 'GBP',
  '¥': 'JPY',
  '¢': 'c',
  '\u00A0': ' ',
  '\u00AD': '',
  '\t': ' ',
};

/** The ASCII spelling of `char`: a known spelling, else the letter without its accents, else "?". */
export function asciiFallback(char: string): string {
  const known = SPELLINGS[char];
  if (known !== undefined) return known;
  // "Á" decomposes to "A" + a combining accent: keep the ASCII base letter.
  const base = char.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (base.length > 0 && /^[\x20-\x7e]+$/.test(base)) return base;
  return '?';
}
