/**
 * A document laid out on a printer's paper: every block turned into the
 * lines it prints, wrapped to the paper's columns at its size. The encoder
 * turns these lines into bytes and the preview into text, so what the
 * screen shows and what the printer prints are wrapped by the same code.
 */
import type { PrintBlock, PrintDocument, TextSize } from '#protocol';
import type { EncodeSettings } from '../printer.ts';
import { SIZE_FACTORS } from './commands.ts';
import { textColumns } from './cjk.ts';
import { wrap } from './wrap.ts';

export type Align = 'left' | 'center' | 'right';

/** One printed line of text (already wrapped), one QR code, or a blank line. */
export type LaidLine =
  | { kind: 'text'; text: string; align: Align; size: TextSize; bold: boolean; invert: boolean }
  | { kind: 'qr'; data: string; moduleSize: number; align: Align }
  | { kind: 'blank' };

/** Font A columns across the paper: 58 mm paper prints 384 dots (32 x 12), 80 mm 576 dots (48 x 12). */
export const paperColumns = (paper: EncodeSettings['paper']): number => (paper === 58 ? 32 : 48);

/** Printable dots across the paper (8 dots per mm at 203 dpi). */
export const paperDots = (paper: EncodeSettings['paper']): number => paperColumns(paper) * 12;

/** Columns a line of `size` holds: double width halves them. */
export const lineColumns = (paper: EncodeSettings['paper'], s: TextSize): number => Math.floor(paperColumns(paper) / SIZE_FACTORS[s].x);

/** The default QR module size in dots: about 3 cm wide for a short URL on either paper. */
export const DEFAULT_QR_MODULE = 6;

function layoutBlock(block: PrintBlock, paper: EncodeSettings['paper']): LaidLine[] {
  switch (block.kind) {
    case 'text': {
      const s = block.size ?? 'normal';
      const style = { align: block.align ?? 'left', size: s, bold: block.bold ?? false, invert: block.invert ?? false } as const;
      return wrap(block.text, lineColumns(paper, s)).map((text) => ({ kind: 'text', text, ...style }));
    }
    case 'columns': {
      const s = block.size ?? 'normal';
      const width = lineColumns(paper, s);
      const style = { align: 'left', size: s, bold: block.bold ?? false, invert: false } as const;
      const right = block.right.trim();
      const rightCols = Math.min(textColumns(right), width - 2);
      const left = wrap(block.left, Math.max(2, width - rightCols - 1));
      const lastLeft = left.pop() ?? '';
      const gap = Math.max(1, width - textColumns(lastLeft) - textColumns(right));
      const lines = left.map((text): LaidLine => ({ kind: 'text', text, ...style }));
      if (textColumns(lastLeft) + 1 + textColumns(right) <= width || lastLeft === '') {
        lines.push({ kind: 'text', text: `${lastLeft}${' '.repeat(lastLeft === '' ? Math.max(0, width - textColumns(right)) : gap)}${right}`, ...style });
      } else {
        // An amount wider than the room beside the label gets its own line, flush right.
        lines.push({ kind: 'text', text: lastLeft, ...style }, { kind: 'text', text: right, ...style, align: 'right' });
      }
      return lines;
    }
    case 'rule':
      return [{ kind: 'text', text: (block.char ?? '-').repeat(paperColumns(paper)), align: 'left', size: 'normal', bold: false, invert: false }];
    case 'qr':
      return [{ kind: 'qr', data: block.data, moduleSize: block.size ?? DEFAULT_QR_MODULE, align: block.align ?? 'center' }];
    case 'feed':
      return Array.from({ length: block.lines }, (): LaidLine => ({ kind: 'blank' }));
  }
}

/** Every line `document` prints on `paper`, in order. */
export function layout(document: PrintDocument, paper: EncodeSettings['paper']): LaidLine[] {
  return document.blocks.flatMap((block) => layoutBlock(block, paper));
}
