import type { PrintDocument } from '#protocol';

/** Characters per line of the text file: an 80 mm receipt's 48, so the file reads like the paper. */
const WIDTH = 48;

/**
 * A print document (the Z report of hub/domain/printing/documents/z-report.ts)
 * as plain text for the accountant's folder: texts as they are (centred when
 * the paper centres them), columns padded to the width, rules drawn, QR codes
 * and feeds as their data or blank lines.
 */
export function printDocumentText(doc: PrintDocument): string {
  const out: string[] = [];
  for (const block of doc.blocks) {
    if (block.kind === 'text') {
      for (const line of block.text.split('\n')) out.push(block.align === 'center' ? line.padStart(Math.floor((WIDTH + line.length) / 2)) : line);
    } else if (block.kind === 'columns') {
      const gap = Math.max(1, WIDTH - block.left.length - block.right.length);
      out.push(`${block.left}${' '.repeat(gap)}${block.right}`);
    } else if (block.kind === 'rule') out.push((block.char ?? '-').repeat(WIDTH));
    else if (block.kind === 'qr') out.push(block.data);
    else if (block.kind === 'feed') for (let i = 0; i < block.lines; i++) out.push('');
  }
  return `${out.join('\r\n')}\r\n`;
}
