/**
 * A document as one printer's bytes: ESC @, the code page (ESC t), every
 * laid-out line with its style (ESC a, ESC E, GS !, GS B), Chinese in the
 * printer's Chinese mode or as an image, QR codes native or as an image, and
 * the cut (GS V 66 0) when the document asks for one.
 */
import type { PrintDocument } from '#protocol';
import type { EncodeSettings } from '../printer.ts';
import { CUT, INIT, LF, align, bold, codeTable, invert, size } from './commands.ts';
import { CODE_PAGE_NUMBERS } from './code-pages.ts';
import { isCjk } from './cjk.ts';
import { gb18030LineBytes } from './encode-text.ts';
import { layout, paperDots, type LaidLine } from './layout.ts';
import { imageQr, nativeQr } from './qr.ts';
import { bitmapToRaster } from './raster/bitmap.ts';
import { drawTextLine } from './raster/draw-text.ts';

/** Collects byte chunks and joins them once. */
class Bytes {
  private chunks: ArrayLike<number>[] = [];
  private length = 0;
  push(...chunks: ArrayLike<number>[]): void {
    for (const c of chunks) {
      this.chunks.push(c);
      this.length += c.length;
    }
  }
  join(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

function encodeLine(line: LaidLine, settings: EncodeSettings, out: Bytes): void {
  if (line.kind === 'blank') {
    out.push([LF]);
    return;
  }
  if (line.kind === 'qr') {
    out.push(align(line.align));
    if (settings.qr === 'native') out.push(...nativeQr(line.data, line.moduleSize));
    else out.push(imageQr(line.data, line.moduleSize, paperDots(settings.paper)));
    out.push([LF]);
    return;
  }
  if (settings.cjk === 'raster' && [...line.text].some(isCjk)) {
    // The whole line as one image, placed by its own alignment: a printer cannot mix an image into a text line.
    out.push(align('left'), bitmapToRaster(drawTextLine(line.text, { paperDots: paperDots(settings.paper), ...line })));
    return;
  }
  out.push(align(line.align), size(line.size), bold(line.bold), invert(line.invert), gb18030LineBytes(line.text, settings.codePage), [LF]);
}

/** The bytes that print `document` on a printer with `settings`. */
export function encode(document: PrintDocument, settings: EncodeSettings): Uint8Array {
  const out = new Bytes();
  out.push(INIT, codeTable(CODE_PAGE_NUMBERS[settings.codePage]));
  for (const line of layout(document, settings.paper)) encodeLine(line, settings, out);
  // Back to plain style so the next job (or a drawer kick) starts clean even without ESC @.
  out.push(align('left'), size('normal'), bold(false), invert(false));
  if (document.cut) out.push(CUT);
  return out.join();
}
