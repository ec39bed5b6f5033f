import type { Slicer } from './cooperative.ts';
import { MenuFileError } from './menu-file-error.ts';
import { XmlScanner } from './xml-scan.ts';

/**
 * Which cell styles of a workbook show a number as a date or time. A date in
 * a spreadsheet is a number (days since 1900) with a date format, so without
 * this a date typed into a price cell would import as S/ 45,996.00.
 */

/** Built-in number formats that are dates or times (ECMA-376 18.8.30, and the East Asian ones). */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]);

/** Most cell styles a workbook may define (Excel's own limit is about 64,000). */
const MAX_XFS = 65_536;
/** Most custom number formats (Excel allows a few hundred). */
const MAX_NUM_FMTS = 4096;

/**
 * Whether a number format code shows a date or time: a d, m, y, h or s
 * outside quoted text, [brackets] (colours, locales, conditions), escaped
 * characters (\x) and padding (_x, *x).
 */
export function isDateFormat(code: string): boolean {
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      i = end < 0 ? code.length : end + 1;
    } else if (ch === '[') {
      const end = code.indexOf(']', i + 1);
      i = end < 0 ? code.length : end + 1;
    } else if (ch === '\\' || ch === '_' || ch === '*') i += 2;
    else if ('dmyhsDMYHS'.includes(ch)) return true;
    else i++;
  }
  return false;
}

/** For each cell style index (a cell's `s`), whether it shows a date. */
export async function readDateStyles(xml: Buffer, slicer: Slicer): Promise<boolean[]> {
  const sc = new XmlScanner(xml, 'styles');
  const custom = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  for (let tok = sc.next(); tok !== 'end'; tok = sc.next()) {
    if (slicer.due()) await slicer.pause();
    if (tok === 'open') {
      if (sc.name === 'numFmt') {
        if (custom.size >= MAX_NUM_FMTS) throw new MenuFileError('fileTooBig', 'number formats');
        custom.set(Number(sc.attr('numFmtId') ?? -1), sc.attr('formatCode', 1024) ?? '');
      } else if (sc.name === 'cellXfs' && !sc.selfClosing) inCellXfs = true;
      else if (sc.name === 'xf' && inCellXfs) {
        if (xfFormats.length >= MAX_XFS) throw new MenuFileError('fileTooBig', 'cell styles');
        xfFormats.push(Number(sc.attr('numFmtId') ?? 0));
      }
    } else if (tok === 'close' && sc.name === 'cellXfs') break;
  }
  // A custom format may reuse a built-in number: the workbook's own code wins.
  return xfFormats.map((id) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id);
  });
}
