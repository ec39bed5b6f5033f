/**
 * A document as the lines of text its paper shows, for the virtual printer's
 * page and for tests: the same layout as the printer's bytes (wrapping,
 * columns, alignment within the line's width), a QR code as "[QR] data".
 */
import type { PrintDocument, TextSize } from '#protocol';
import type { EncodeSettings } from '../printer.ts';
import { textColumns } from './cjk.ts';
import { layout, lineColumns } from './layout.ts';

/** One line of the paper: its text placed within the line's columns, and how it is printed. */
export type PreviewLine = { text: string; size: TextSize; bold: boolean; invert: boolean; qr?: string };

function place(text: string, alignTo: 'left' | 'center' | 'right', width: number): string {
  const room = Math.max(0, width - textColumns(text));
  if (alignTo === 'center') return ' '.repeat(Math.floor(room / 2)) + text;
  if (alignTo === 'right') return ' '.repeat(room) + text;
  return text;
}

/** The paper's lines with their style (a double-width line holds half the columns). */
export function previewLines(document: PrintDocument, settings: Pick<EncodeSettings, 'paper'>): PreviewLine[] {
  return layout(document, settings.paper).map((line): PreviewLine => {
    if (line.kind === 'blank') return { text: '', size: 'normal', bold: false, invert: false };
    if (line.kind === 'qr') return { text: place(`[QR] ${line.data}`, line.align, lineColumns(settings.paper, 'normal')), size: 'normal', bold: false, invert: false, qr: line.data };
    return { text: place(line.text, line.align, lineColumns(settings.paper, line.size)), size: line.size, bold: line.bold, invert: line.invert };
  });
}

/** The paper's lines as plain text. */
export function previewText(document: PrintDocument, settings: Pick<EncodeSettings, 'paper'>): string[] {
  return previewLines(document, settings).map((line) => line.text);
}
