/**
 * A 1-bit picture the width of the paper, drawn in memory and sent as one
 * GS v 0 raster image: Chinese text on printers without a Chinese font, and
 * QR codes on printers without the QR command.
 */
import { rasterImage } from '../commands.ts';

/** One byte per dot (1 = black), row by row; `width` is a multiple of 8. */
export type Bitmap = { width: number; height: number; dots: Uint8Array };

/** A white bitmap; the width is rounded up to whole bytes. */
export function blankBitmap(width: number, height: number): Bitmap {
  const w = Math.ceil(width / 8) * 8;
  return { width: w, height, dots: new Uint8Array(w * height) };
}

/** Blackens one dot (outside the bitmap: ignored). */
export function setDot(bitmap: Bitmap, x: number, y: number): void {
  if (x < 0 || y < 0 || x >= bitmap.width || y >= bitmap.height) return;
  bitmap.dots[y * bitmap.width + x] = 1;
}

/** The GS v 0 command printing `bitmap`: 8 dots per byte, most significant bit leftmost. */
export function bitmapToRaster(bitmap: Bitmap): Uint8Array {
  const widthBytes = bitmap.width / 8;
  const data = new Uint8Array(widthBytes * bitmap.height);
  for (let y = 0; y < bitmap.height; y += 1) {
    for (let x = 0; x < bitmap.width; x += 1) {
      if (bitmap.dots[y * bitmap.width + x]) data[y * widthBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return rasterImage(widthBytes, bitmap.height, data);
}
