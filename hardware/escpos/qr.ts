/**
 * QR codes: the printer's own command (GS ( k: model 2, module size, error
 * correction M, store the data, print it) or the same code drawn as a GS v 0
 * raster image for printers without the command. The data travels as UTF-8.
 */
import qrcode from 'qrcode-generator';
import { QR_LEVEL_M, qrFunction } from './commands.ts';
import { bitmapToRaster, blankBitmap, setDot } from './raster/bitmap.ts';

const utf8 = (data: string) => new TextEncoder().encode(data);

/** The five GS ( k commands that print `data` as a QR code with modules of `moduleSize` dots. */
export function nativeQr(data: string, moduleSize: number): Uint8Array[] {
  const bytes = utf8(data);
  return [
    qrFunction(65, [50, 0]), // fn 65: model 2
    qrFunction(67, [Math.max(1, Math.min(16, moduleSize))]), // fn 67: module size in dots
    qrFunction(69, [QR_LEVEL_M]), // fn 69: error correction M (15%)
    qrFunction(80, [48, ...bytes]), // fn 80: store the data in the symbol storage area
    qrFunction(81, [48]), // fn 81: print the stored symbol
  ];
}

/** The QR code of `data` drawn as a raster image `paperDots` wide (centred), with a 4-module quiet zone. */
export function imageQr(data: string, moduleSize: number, paperDots: number): Uint8Array {
  const code = qrcode(0, 'M');
  // Bytes as a binary string: the library's byte mode then carries UTF-8 exactly.
  code.addData(String.fromCharCode(...utf8(data)), 'Byte');
  code.make();
  const modules = code.getModuleCount();
  // Shrink the modules if the code would not fit the paper.
  const size = Math.max(1, Math.min(moduleSize, Math.floor(paperDots / (modules + 8))));
  const side = (modules + 8) * size;
  const bitmap = blankBitmap(paperDots, side);
  const left = Math.floor((bitmap.width - side) / 2) + 4 * size;
  for (let row = 0; row < modules; row += 1) {
    for (let col = 0; col < modules; col += 1) {
      if (!code.isDark(row, col)) continue;
      for (let dy = 0; dy < size; dy += 1) for (let dx = 0; dx < size; dx += 1) setDot(bitmap, left + col * size + dx, (row + 4) * size + dy);
    }
  }
  return bitmapToRaster(bitmap);
}
