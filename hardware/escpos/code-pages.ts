/**
 * The four single-byte code pages a printer can be set to for Spanish
 * (hub/protocol/printers.ts CODE_PAGES): the ESC t number that selects each
 * on Epson-compatible printers, and what its bytes 0x80..0xFF print. Bytes
 * below 0x80 are ASCII on all four. A character a page lacks is spelled in
 * ASCII (ascii-fallback.ts), never sent as a stray byte that prints garbage.
 */
import type { CodePage } from '#protocol';

/** ESC t n for each page (Epson numbering; most Chinese-made printers follow it). */
export const CODE_PAGE_NUMBERS: Record<CodePage, number> = { cp437: 0, cp850: 2, wpc1252: 16, cp858: 19 };

/** What bytes 0x80..0xFF print, 128 characters per page; U+0000 marks a byte the page leaves undefined. */
export const UPPER_HALVES: Record<CodePage, string> = {
  cp437: [
    'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒ', // 0x80
    'áíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐', // 0xa0
    '└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀', // 0xc0
    'αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00A0', // 0xe0
  ].join(''),
  cp850: [
    'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒ', // 0x80
    'áíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐', // 0xa0
    '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀', // 0xc0
    'ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0', // 0xe0
  ].join(''),
  cp858: [
    'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒ', // 0x80
    'áíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐', // 0xa0
    '└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈ€ÍÎÏ┘┌█▄¦Ì▀', // 0xc0
    'ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00AD±‗¾¶§÷¸°¨·¹³²■\u00A0', // 0xe0
  ].join(''),
  wpc1252: [
    '€\u0000‚ƒ„…†‡ˆ‰Š‹Œ\u0000Ž\u0000\u0000‘’“”•–—˜™š›œ\u0000žŸ', // 0x80
    '\u00A0¡¢£¤¥¦§¨©ª«¬\u00AD®¯°±²³´µ¶·¸¹º»¼½¾¿', // 0xa0
    'ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞß', // 0xc0
    'àáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ', // 0xe0
  ].join(''),
};

const toByteTables = new Map<CodePage, Map<string, number>>();

/** The byte for `char` in `page`, or undefined when the page does not have it. */
export function byteFor(page: CodePage, char: string): number | undefined {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x80) return code;
  let table = toByteTables.get(page);
  if (!table) {
    table = new Map();
    const half = UPPER_HALVES[page];
    for (let i = 0; i < half.length; i += 1) {
      const c = half[i] ?? '\u0000';
      // The first byte wins where a page has a character twice (none of these four does).
      if (c !== '\u0000' && !table.has(c)) table.set(c, 0x80 + i);
    }
    toByteTables.set(page, table);
  }
  return table.get(char);
}

/** The character `byte` prints in `page` (U+FFFD for an undefined byte). */
export function charFor(page: CodePage, byte: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  const c = UPPER_HALVES[page][byte - 0x80] ?? '\u0000';
  return c === '\u0000' ? '\uFFFD' : c;
}
