/**
 * Draws a line of text into a bitmap with Unifont's glyphs: each character
 * fills its font-A cell (12 dots per column, 24 dots tall; doubled for wide
 * and tall sizes), so a Chinese character (two columns) is 24 x 24 dots,
 * the size of the printer's own Chinese font. The 16-dot glyphs are sampled
 * at 1.5x, every stroke two dots wide.
 */
import type { TextSize } from '#protocol';
import { SIZE_FACTORS } from '../commands.ts';
import { charColumns, textColumns } from '../cjk.ts';
import type { Align } from '../layout.ts';
import { blankBitmap, setDot, type Bitmap } from './bitmap.ts';
import type { Contour, OutlineFont } from './truetype.ts';
import { loadUnifont } from './unifont.ts';

const CELL_WIDTH = 12;
const CELL_HEIGHT = 24;
/** White dots under each drawn line: the printer's default line spacing (30 dots) less the 24-dot cell. */
const LINE_GAP = 6;

/** Nonzero winding: is the point inside the outline? */
function inside(contours: Contour[], x: number, y: number): boolean {
  let winding = 0;
  for (const contour of contours) {
    for (let i = 0; i < contour.length; i += 1) {
      const a = contour[i]!;
      const b = contour[(i + 1) % contour.length]!;
      if (a.y <= y ? b.y > y : b.y <= y) {
        const cross = (b.x - a.x) * (y - a.y) - (x - a.x) * (b.y - a.y);
        if (a.y <= y && cross > 0) winding += 1;
        else if (a.y > y && cross < 0) winding -= 1;
      }
    }
  }
  return winding !== 0;
}

/** An empty box: what a character without a glyph prints as (visibly missing, never silently dropped). */
function drawBox(bitmap: Bitmap, x0: number, w: number, h: number): void {
  for (let x = x0 + 1; x < x0 + w - 1; x += 1) {
    setDot(bitmap, x, 2);
    setDot(bitmap, x, h - 3);
  }
  for (let y = 2; y < h - 2; y += 1) {
    setDot(bitmap, x0 + 1, y);
    setDot(bitmap, x0 + w - 2, y);
  }
}

function drawGlyph(bitmap: Bitmap, font: OutlineFont | null, char: string, x0: number, w: number, h: number): void {
  if (char === ' ') return;
  const glyph = font?.glyphIndex(char.codePointAt(0) ?? 0) ?? 0;
  if (!font || glyph === 0) {
    drawBox(bitmap, x0, w, h);
    return;
  }
  const contours = font.outline(glyph);
  const scale = h / (font.ascender - font.descender);
  const at = (x: number, y: number) => inside(contours, x / scale, font.ascender - y / scale);
  for (let y = 0; y < h; y += 1) {
    for (let x = 0; x < w; x += 1) {
      // A dot is black when any part of it lies on a glyph pixel: at 1.5x every 1-pixel stroke
      // becomes 2 dots wide (sampling centres alone gives 1 or 2, uneven), and 1-pixel gaps stay open.
      const touched = at(x + 0.1, y + 0.1) || at(x + 0.9, y + 0.1) || at(x + 0.1, y + 0.9) || at(x + 0.9, y + 0.9);
      if (touched) setDot(bitmap, x0 + x, y);
    }
  }
}

/** Options of one drawn line: the paper's width in dots, and the line's style. */
export type DrawStyle = { paperDots: number; align: Align; size: TextSize; bold: boolean; invert: boolean };

/** `text` drawn on a paper-wide bitmap, placed as `align` says, at `size`. */
export function drawTextLine(text: string, style: DrawStyle): Bitmap {
  const factor = SIZE_FACTORS[style.size];
  const cellW = CELL_WIDTH * factor.x;
  const h = CELL_HEIGHT * factor.y;
  const bitmap = blankBitmap(style.paperDots, h + LINE_GAP);
  const used = textColumns(text) * cellW;
  let x = style.align === 'center' ? Math.floor((bitmap.width - used) / 2) : style.align === 'right' ? bitmap.width - used : 0;
  x = Math.max(0, x);
  const font = loadUnifont();
  for (const char of text) {
    const w = charColumns(char) * cellW;
    drawGlyph(bitmap, font, char, x, w, h);
    x += w;
  }
  if (style.bold) {
    // Emphasis as the printer does it: every dot doubled one to the right.
    for (let i = bitmap.dots.length - 1; i > 0; i -= 1) if (bitmap.dots[i - 1] && (i % bitmap.width) !== 0) bitmap.dots[i] = 1;
  }
  // Like GS B, invert blackens the characters' cells, not the gap to the next line.
  if (style.invert) for (let i = 0; i < bitmap.width * h; i += 1) bitmap.dots[i] = bitmap.dots[i] ? 0 : 1;
  return bitmap;
}
