/**
 * Just enough TrueType to draw a bitmap font's glyphs: the character map
 * (cmap formats 4 and 12), glyph locations (loca) and simple glyph outlines
 * (glyf), with the em square and ascender for scaling. GNU Unifont's outline
 * font draws each pixel of its 16-dot bitmaps as a square, so sampling the
 * outline on a pixel grid gives back the bitmap. References: Apple's
 * TrueType Reference Manual / OpenType spec, tables cmap, head, hhea, loca, glyf.
 */
import type { FontTables } from './woff.ts';

/** A glyph outline: closed contours of points in font units (y up). */
export type Contour = Array<{ x: number; y: number }>;

/** A parsed font: glyph lookup, outlines, and the metrics to scale them. */
export type OutlineFont = {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  glyphIndex(codePoint: number): number;
  outline(glyph: number): Contour[];
};

function table(tables: FontTables, tag: string): DataView {
  const t = tables.get(tag);
  if (!t) throw new Error(`font has no ${tag} table`);
  return t;
}

/** Reads the best Unicode subtable of cmap: format 12 (all planes) if present, else format 4 (BMP). */
function readCmap(cmap: DataView): (codePoint: number) => number {
  const count = cmap.getUint16(2);
  let format4 = -1;
  let format12 = -1;
  for (let i = 0; i < count; i += 1) {
    const platform = cmap.getUint16(4 + i * 8);
    const encoding = cmap.getUint16(6 + i * 8);
    const offset = cmap.getUint32(8 + i * 8);
    const format = cmap.getUint16(offset);
    if (format === 12 && (platform === 3 || platform === 0)) format12 = offset;
    if (format === 4 && (platform === 0 || (platform === 3 && encoding === 1))) format4 = offset;
  }
  if (format12 >= 0) {
    const groups = cmap.getUint32(format12 + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const at = format12 + 16 + mid * 12;
        const start = cmap.getUint32(at);
        const end = cmap.getUint32(at + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return cmap.getUint32(at + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (format4 < 0) throw new Error('font has no Unicode cmap');
  const segX2 = cmap.getUint16(format4 + 6);
  const ends = format4 + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const rangeOffsets = deltas + segX2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segX2; s += 2) {
      if (cp > cmap.getUint16(ends + s)) continue;
      const start = cmap.getUint16(starts + s);
      if (cp < start) return 0;
      const delta = cmap.getInt16(deltas + s);
      const ro = cmap.getUint16(rangeOffsets + s);
      if (ro === 0) return (cp + delta) & 0xffff;
      const g = cmap.getUint16(rangeOffsets + s + ro + (cp - start) * 2);
      return g === 0 ? 0 : (g + delta) & 0xffff;
    }
    return 0;
  };
}

/** The contours of a simple glyph (a composite glyph, which bitmap fonts do not use, draws nothing). */
function readGlyph(glyf: DataView, start: number, end: number): Contour[] {
  if (end <= start) return [];
  const contours = glyf.getInt16(start);
  if (contours <= 0) return [];
  const endPts: number[] = [];
  for (let i = 0; i < contours; i += 1) endPts.push(glyf.getUint16(start + 10 + i * 2));
  const points = (endPts[endPts.length - 1] ?? -1) + 1;
  let p = start + 10 + contours * 2;
  p += 2 + glyf.getUint16(p); // instructions
  const flags: number[] = [];
  while (flags.length < points) {
    const flag = glyf.getUint8(p++);
    flags.push(flag);
    if (flag & 8) {
      const repeat = glyf.getUint8(p++);
      for (let r = 0; r < repeat; r += 1) flags.push(flag);
    }
  }
  const readCoords = (shortBit: number, sameBit: number): number[] => {
    const out: number[] = [];
    let value = 0;
    for (const flag of flags.slice(0, points)) {
      if (flag & shortBit) {
        const d = glyf.getUint8(p++);
        value += flag & sameBit ? d : -d;
      } else if (!(flag & sameBit)) {
        value += glyf.getInt16(p);
        p += 2;
      }
      out.push(value);
    }
    return out;
  };
  const xs = readCoords(2, 16);
  const ys = readCoords(4, 32);
  const result: Contour[] = [];
  let from = 0;
  for (const last of endPts) {
    const contour: Contour = [];
    // Off-curve points are taken as corners: a bitmap font's outlines are straight lines only.
    for (let i = from; i <= last; i += 1) contour.push({ x: xs[i] ?? 0, y: ys[i] ?? 0 });
    result.push(contour);
    from = last + 1;
  }
  return result;
}

/** Parses the tables of a TrueType font into glyph lookup and outlines. */
export function readOutlineFont(tables: FontTables): OutlineFont {
  const head = table(tables, 'head');
  const hhea = table(tables, 'hhea');
  const loca = table(tables, 'loca');
  const glyf = table(tables, 'glyf');
  const longLoca = head.getInt16(50) === 1;
  const glyphCount = table(tables, 'maxp').getUint16(4);
  const location = (g: number) => (longLoca ? loca.getUint32(g * 4) : loca.getUint16(g * 2) * 2);
  return {
    unitsPerEm: head.getUint16(18),
    ascender: hhea.getInt16(4),
    descender: hhea.getInt16(6),
    glyphIndex: readCmap(table(tables, 'cmap')),
    outline: (g) => (g <= 0 || g >= glyphCount ? [] : readGlyph(glyf, location(g), location(g + 1))),
  };
}
