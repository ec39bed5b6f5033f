/**
 * Which characters are Chinese (printed in the printer's Chinese mode or as
 * an image) and how many font-A columns a character takes: CJK characters are
 * full width (two columns, 24 dots), everything else one (12 dots).
 */

/** Unicode blocks printed as Chinese: ideographs, CJK punctuation, kana, bopomofo, full-width forms. */
const CJK_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x2e80, 0x2fdf], // CJK radicals, Kangxi radicals
  [0x3000, 0x303f], // CJK symbols and punctuation (、。「」)
  [0x3040, 0x30ff], // hiragana, katakana
  [0x3100, 0x312f], // bopomofo
  [0x3190, 0x31ef], // kanbun, bopomofo extended, strokes
  [0x3200, 0x33ff], // enclosed CJK, compatibility
  [0x3400, 0x4dbf], // extension A
  [0x4e00, 0x9fff], // unified ideographs
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f], // vertical forms
  [0xff01, 0xff60], // full-width ASCII forms (！，：)
  [0xffe0, 0xffe6], // full-width signs (￥)
  [0x20000, 0x2fa1f], // extensions B..F, compatibility supplement
];

/** True for a character printed as Chinese. */
export function isCjk(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x2e80) return false;
  return CJK_RANGES.some(([from, to]) => code >= from && code <= to);
}

/** Font-A columns `char` takes at normal size. */
export const charColumns = (char: string): 1 | 2 => (isCjk(char) ? 2 : 1);

/** Font-A columns a string takes at normal size. */
export function textColumns(text: string): number {
  let n = 0;
  for (const char of text) n += charColumns(char);
  return n;
}
