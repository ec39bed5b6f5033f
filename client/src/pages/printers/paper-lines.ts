import type { PrintDocument, TextSize } from '#protocol';
import { textColumns } from '../../../../hardware/escpos/cjk.ts';
import { layout, lineColumns, paperColumns } from '../../../../hardware/escpos/layout.ts';

export { paperColumns };

/** One line of paper as the preview draws it. `text` fills the whole line (in columns), so alignment and inverted bars come out as printed. */
export type PaperLine =
  | { kind: 'text'; text: string; size: TextSize; bold: boolean; invert: boolean }
  | { kind: 'qr'; data: string; align: 'left' | 'center' | 'right'; moduleSize: number }
  | { kind: 'cut' };

/** `text` placed on a line of `width` columns (Chinese characters take two), padded on both sides as aligned. */
export function align(text: string, width: number, how: 'left' | 'center' | 'right' = 'left'): string {
  const room = Math.max(0, width - textColumns(text));
  const before = how === 'right' ? room : how === 'center' ? Math.floor(room / 2) : 0;
  return ' '.repeat(before) + text + ' '.repeat(room - before);
}

/**
 * A document as lines of paper `paper` mm wide, ending with the cut when it
 * has one. The wrapping and columns are hardware/'s own layout, the code
 * that also makes the printer's bytes, so the screen never shows a line
 * break the paper would not have.
 */
export function paperLines(document: PrintDocument, paper: 58 | 80): PaperLine[] {
  const lines = layout(document, paper).map((line): PaperLine => {
    if (line.kind === 'qr') return { kind: 'qr', data: line.data, align: line.align, moduleSize: line.moduleSize };
    if (line.kind === 'blank') return { kind: 'text', text: ' '.repeat(paperColumns(paper)), size: 'normal', bold: false, invert: false };
    return { kind: 'text', text: align(line.text, lineColumns(paper, line.size), line.align), size: line.size, bold: line.bold, invert: line.invert };
  });
  return document.cut ? [...lines, { kind: 'cut' }] : lines;
}
