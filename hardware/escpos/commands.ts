/**
 * The ESC/POS commands this project sends, as byte builders, named after what
 * they do. Byte references: Epson's "ESC/POS Application Programming Guide"
 * and command reference (ESC @, ESC a, ESC E, ESC t, GS !, GS B, GS V, GS v 0,
 * GS ( k, ESC p, DLE EOT) and the Chinese-mode commands FS & / FS . that
 * Chinese-market printers (Xprinter, Rongta, HPRT...) implement.
 */
import type { TextSize } from '#protocol';

export const ESC = 0x1b;
export const GS = 0x1d;
export const FS = 0x1c;
export const DLE = 0x10;
export const LF = 0x0a;

/** ESC @: reset the printer to its power-on modes (clears leftovers of an interrupted job). */
export const INIT = Uint8Array.of(ESC, 0x40);

/** ESC a n: 0 left, 1 center, 2 right (also positions raster images on most printers). */
export const ALIGN_CODES = { left: 0, center: 1, right: 2 } as const;
export const align = (where: keyof typeof ALIGN_CODES): Uint8Array => Uint8Array.of(ESC, 0x61, ALIGN_CODES[where]);

/** ESC E n: emphasized (bold) on or off. */
export const bold = (on: boolean): Uint8Array => Uint8Array.of(ESC, 0x45, on ? 1 : 0);

/** GS B n: white on black (reverse) on or off. */
export const invert = (on: boolean): Uint8Array => Uint8Array.of(GS, 0x42, on ? 1 : 0);

/** GS ! n: high nibble width factor - 1, low nibble height factor - 1. */
export const SIZE_CODES: Record<TextSize, number> = { normal: 0x00, tall: 0x01, wide: 0x10, large: 0x11 };
export const size = (s: TextSize): Uint8Array => Uint8Array.of(GS, 0x21, SIZE_CODES[s]);

/** How many times wider and taller than font A a size prints. */
export const SIZE_FACTORS: Record<TextSize, { x: 1 | 2; y: 1 | 2 }> = {
  normal: { x: 1, y: 1 },
  tall: { x: 1, y: 2 },
  wide: { x: 2, y: 1 },
  large: { x: 2, y: 2 },
};

/** ESC t n: select the single-byte character table. */
export const codeTable = (n: number): Uint8Array => Uint8Array.of(ESC, 0x74, n);

/** FS &: Chinese (double-byte) character mode on; FS .: off. Bytes >= 0x80 are GB18030 between them. */
export const CHINESE_ON = Uint8Array.of(FS, 0x26);
export const CHINESE_OFF = Uint8Array.of(FS, 0x2e);

/** GS V 66 0: feed to the cutter and cut partially (one tab of paper left), the usual receipt cut. */
export const CUT = Uint8Array.of(GS, 0x56, 0x42, 0x00);

/** ESC p 0 25 250: pulse drawer pin 2 for 50 ms on, 500 ms off: the full 5 bytes (some libraries send 3). */
export const DRAWER_KICK = Uint8Array.of(ESC, 0x70, 0x00, 0x19, 0xfa);

/** DLE EOT n: real-time status: 1 printer, 2 off-line cause, 4 paper roll sensor. Answered with one byte each. */
export const statusRequest = (n: 1 | 2 | 4): Uint8Array => Uint8Array.of(DLE, 0x04, n);

/** GS r 1: transmit the paper sensor status, answered in turn (after every byte before it is processed). */
export const TRANSMIT_PAPER_STATUS = Uint8Array.of(GS, 0x72, 0x01);

/** GS ( k with cn = 49 (QR code): `fn` and its parameter bytes, with pL pH counted for them. */
export function qrFunction(fn: number, params: ArrayLike<number>): Uint8Array {
  const length = params.length + 2;
  const out = new Uint8Array(5 + length);
  out.set([GS, 0x28, 0x6b, length & 0xff, length >> 8, 0x31, fn]);
  out.set(params, 7);
  return out;
}

/** QR error correction levels of GS ( k fn 69: 48 L, 49 M, 50 Q, 51 H. */
export const QR_LEVEL_M = 49;

/**
 * GS v 0 m xL xH yL yH d...: one 1-bit raster image, `widthBytes` bytes per
 * row (8 dots each, most significant bit left), `rows` rows, 1 = black.
 */
export function rasterImage(widthBytes: number, rows: number, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length);
  out.set([GS, 0x76, 0x30, 0x00, widthBytes & 0xff, widthBytes >> 8, rows & 0xff, rows >> 8]);
  out.set(data, 8);
  return out;
}
