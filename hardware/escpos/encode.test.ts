import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CODE_PAGES, type PrintDocument } from '#protocol';
import type { EncodeSettings } from '../printer.ts';
import { DRAWER_KICK } from './commands.ts';
import { encode } from './encode.ts';
import { parseEscPos } from './parse.ts';
import { previewText } from './preview.ts';

const SPANISH = 'áéíóú ÁÉÍÓÚ ñ Ñ ¿Qué tal? ¡Olé! pingüino';
const base: EncodeSettings = { paper: 80, codePage: 'cp858', cjk: 'gb18030', qr: 'native' };
const doc = (text: string, cut = true): PrintDocument => ({ blocks: [{ kind: 'text', text }], cut });
const squash = (s: string) => s.replace(/\s+/g, '');
const printed = (bytes: Uint8Array, s: EncodeSettings) => parseEscPos(bytes, s).texts.join('');

describe('Spanish in each code page', () => {
  // cp437 has no Á Í Ó Ú: those print as the plain letter, the rest as themselves.
  const expected: Record<(typeof CODE_PAGES)[number], string> = {
    cp858: SPANISH,
    cp850: SPANISH,
    wpc1252: SPANISH,
    cp437: SPANISH.replace('ÁÉÍÓÚ', 'AÉIOU'),
  };
  for (const codePage of CODE_PAGES) {
    it(`${codePage}: the bytes decode back to the same text, with ESC t selecting the page`, () => {
      const s = { ...base, codePage };
      const bytes = encode(doc(SPANISH), s);
      expect(squash(printed(bytes, s))).toBe(squash(expected[codePage]));
      // No letter became '?': the only 0x3f bytes are the text's own question marks.
      expect(bytes.filter((b) => b === 0x3f).length).toBe([...expected[codePage]].filter((c) => c === '?').length);
    });
  }
  it.each([
    ['cp850', '€5', 'EUR5'],
    ['cp858', '€5', '€5'],
    ['wpc1252', '€5', '€5'],
    ['cp437', '“ok” — 3×2', '"ok" - 3x2'],
  ] as const)('%s prints %s as %s', (codePage, text, out) => {
    const s = { ...base, codePage };
    expect(printed(encode(doc(text), s), s)).toBe(out);
  });
  it('control characters in text cannot inject commands', () => {
    const bytes = encode(doc('a\x1b@\x1dV\x00b\x10\x04\x01'), base);
    const parsed = parseEscPos(bytes, base);
    expect(parsed.cuts).toBe(1);
    expect(parsed.texts.join('')).toBe('a @ V b   ');
  });
});

describe('Chinese', () => {
  it('gb18030: runs between FS & and FS ., mixed with Spanish on one line', () => {
    const text = '宫保鸡丁 con arroz ñ ¿picante? 不要辣';
    const bytes = encode(doc(text), base);
    expect(printed(bytes, base)).toBe(text);
    expect(Buffer.from(bytes).includes(Buffer.from([0x1c, 0x26]))).toBe(true);
  });
  it('wrapping counts a Chinese character as two columns', () => {
    const s = { ...base, paper: 58 } as const;
    const lines = previewText(doc('中'.repeat(20)), s);
    expect(lines).toEqual(['中'.repeat(16), '中'.repeat(4)]);
  });
  it('raster: a line with Chinese is an image, a Latin-only line stays text', () => {
    const s = { ...base, cjk: 'raster' } as const;
    const d: PrintDocument = { blocks: [{ kind: 'text', text: 'Mesa 5 ñ' }, { kind: 'text', text: '宫保鸡丁 x2' }], cut: true };
    const parsed = parseEscPos(encode(d, s), s);
    expect(parsed.images).toBe(1);
    expect(parsed.texts.filter(Boolean)).toEqual(['Mesa 5 ñ']);
  });
});

describe('layout', () => {
  it.each([
    [58, 'normal', 32],
    [80, 'normal', 48],
    [58, 'wide', 16],
    [80, 'large', 24],
  ] as const)('%i mm at %s holds %i columns', (paper, size, cols) => {
    const lines = previewText({ blocks: [{ kind: 'text', text: 'x'.repeat(cols + 1), size }], cut: false }, { paper });
    expect(lines.map((l) => l.length)).toEqual([cols, 1]);
  });
  it('columns: the label wraps, the amount sits right on the last line', () => {
    const lines = previewText({ blocks: [{ kind: 'columns', left: 'Lomo saltado con papas fritas y arroz', right: 'S/ 32.00' }], cut: false }, { paper: 58 });
    expect(lines).toEqual(['Lomo saltado con papas', 'fritas y arroz          S/ 32.00']);
  });
  it('alignment and rules', () => {
    const lines = previewText({ blocks: [{ kind: 'text', text: 'HOLA', align: 'center' }, { kind: 'rule', char: '=' }], cut: false }, { paper: 58 });
    expect(lines).toEqual([' '.repeat(14) + 'HOLA', '='.repeat(32)]);
  });
});

describe('QR, cut, drawer', () => {
  const data = 'https://pos.local/claim?code=ÑANDÚ-中';
  it.each(['native', 'image'] as const)('qr %s', (qr) => {
    const s = { ...base, qr };
    const parsed = parseEscPos(encode({ blocks: [{ kind: 'qr', data }], cut: true }, s), s);
    if (qr === 'native') expect(parsed.qrs).toEqual([data]);
    else expect(parsed.images).toBe(1);
  });
  it('one cut per document, none when cut is false', () => {
    expect(parseEscPos(encode(doc('a'), base), base).cuts).toBe(1);
    expect(parseEscPos(encode(doc('a', false), base), base).cuts).toBe(0);
  });
  it('the drawer kick is exactly ESC p 0 25 250', () => {
    expect([...DRAWER_KICK]).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);
    expect([...parseEscPos(DRAWER_KICK, base).drawerKicks[0]!]).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);
  });
});

describe('property: random Spanish and Chinese text prints back the same', () => {
  const alphabet = [...'abcñÑáéíóúüÁÉÍÓÚÜ¿¡?!.,0123456789 ', ...'宫保鸡丁米饭不要辣你好。，'];
  const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }).map((chars) => chars.join(''));
  for (const codePage of ['cp858', 'cp850', 'wpc1252'] as const) {
    it(codePage, () => {
      const s = { ...base, codePage };
      fc.assert(
        fc.property(text, fc.constantFrom(58, 80), (t, paper) => {
          const ps = { ...s, paper } as EncodeSettings;
          expect(squash(printed(encode(doc(t), ps), ps))).toBe(squash(t));
        }),
        { numRuns: 150 },
      );
    });
  }
});
