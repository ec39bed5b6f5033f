import { describe, expect, it } from 'vitest';
import { bitmapToRaster, blankBitmap, setDot } from './bitmap.ts';
import { drawTextLine } from './draw-text.ts';
import { loadUnifont } from './unifont.ts';

const style = { paperDots: 384, align: 'left', size: 'normal', bold: false, invert: false } as const;
const blackIn = (b: ReturnType<typeof drawTextLine>, x0: number, x1: number) => {
  let n = 0;
  for (let y = 0; y < b.height; y += 1) for (let x = x0; x < x1; x += 1) n += b.dots[y * b.width + x] ?? 0;
  return n;
};

describe('raster text', () => {
  it('the shipped font has the Chinese glyphs', () => {
    const font = loadUnifont();
    expect(font).not.toBeNull();
    for (const char of '宫保鸡丁米饭，。') expect(font?.glyphIndex(char.codePointAt(0) ?? 0)).toBeGreaterThan(0);
  });

  it('a Chinese character fills its 24-dot cell; a Latin one its 12-dot cell', () => {
    const b = drawTextLine('中a', style);
    expect(b.height).toBe(30);
    expect(blackIn(b, 0, 24)).toBeGreaterThan(40);
    expect(blackIn(b, 24, 36)).toBeGreaterThan(10);
    expect(blackIn(b, 36, 384)).toBe(0);
  });

  it.each([
    ['normal', 30],
    ['tall', 54],
    ['wide', 30],
    ['large', 54],
  ] as const)('size %s is %i dots tall (with the 6-dot line gap)', (size, height) => {
    expect(drawTextLine('中', { ...style, size }).height).toBe(height);
  });

  it('right alignment puts the text at the right edge; invert blackens the rest', () => {
    const b = drawTextLine('中', { ...style, align: 'right' });
    expect(blackIn(b, 0, 360)).toBe(0);
    expect(blackIn(b, 360, 384)).toBeGreaterThan(0);
    const inv = drawTextLine('中', { ...style, invert: true });
    expect(blackIn(inv, 30, 384)).toBe((384 - 30) * 24);
  });

  it('GS v 0 packs 8 dots per byte, leftmost in the high bit', () => {
    const b = blankBitmap(10, 2);
    setDot(b, 0, 0);
    setDot(b, 9, 1);
    expect([...bitmapToRaster(b)]).toEqual([0x1d, 0x76, 0x30, 0x00, 2, 0, 2, 0, 0x80, 0x00, 0x00, 0x40]);
  });
});
