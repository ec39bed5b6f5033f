import { describe, expect, it } from 'vitest';
import type { PrintDocument } from '#protocol';
import { textColumns } from '../../../../hardware/escpos/cjk.ts';
import { align, paperColumns, paperLines } from './paper-lines.ts';

const texts = (doc: PrintDocument, paper: 58 | 80) => paperLines(doc, paper).map((l) => (l.kind === 'text' ? l.text : l.kind));

describe('paper lines: a document as the paper would show it', () => {
  it.each<[58 | 80, number]>([
    [58, 32],
    [80, 48],
  ])('%i mm paper: every line fills its %i columns', (paper, cols) => {
    expect(paperColumns(paper)).toBe(cols);
    const lines = texts({ blocks: [{ kind: 'rule' }, { kind: 'text', text: 'x' }, { kind: 'text', text: '宫保鸡丁 Ají de gallina con arroz y papa a la huancaína' }, { kind: 'feed', lines: 1 }], cut: false }, paper);
    expect(lines.map((l) => textColumns(l))).toEqual(lines.map(() => cols));
  });

  it('Chinese characters take two columns when aligning', () => {
    expect(align('中', 6, 'center')).toBe('  中  ');
    expect(align('ñ', 3, 'right')).toBe('  ñ');
  });

  it('alignment pads inside the line; wide and large text fill half the columns; the cut ends the paper', () => {
    const lines = paperLines(
      {
        blocks: [
          { kind: 'text', text: 'MESA 5', align: 'center', size: 'large', bold: true },
          { kind: 'text', text: 'HOLD', invert: true },
          { kind: 'text', text: 'fin', align: 'right' },
        ],
        cut: true,
      },
      58,
    );
    expect(lines[0]).toEqual({ kind: 'text', text: `${' '.repeat(5)}MESA 5${' '.repeat(5)}`, size: 'large', bold: true, invert: false });
    expect(lines[1]).toMatchObject({ text: 'HOLD'.padEnd(32), invert: true });
    expect(lines[2]).toMatchObject({ text: 'fin'.padStart(32) });
    expect(lines.at(-1)).toEqual({ kind: 'cut' });
  });

  it('columns: the amount flush right on the label\'s last line', () => {
    const lines = texts({ blocks: [{ kind: 'columns', left: '2 x Lomo saltado con arroz y papas', right: 'S/ 64.00' }], cut: false }, 58);
    expect(lines.at(-1)!.endsWith('S/ 64.00')).toBe(true);
    expect(lines.join(' ').replace(/\s+/g, ' ')).toContain('2 x Lomo saltado con arroz y papas');
  });

  it('a QR is its own line with its data; no cut when the document has none', () => {
    expect(paperLines({ blocks: [{ kind: 'qr', data: 'http://10.0.0.2:8080', size: 4 }], cut: false }, 80)).toEqual([{ kind: 'qr', data: 'http://10.0.0.2:8080', align: 'center', moduleSize: 4 }]);
  });
});
