import { describe, expect, it } from 'vitest';
import { base64Lines, dotStuff, encodeWords, quotedPrintable } from './mime.ts';

describe('MIME pieces', () => {
  it.each(['Ventas', 'Exportación', '日报'.repeat(30), 'a'.repeat(40) + 'ñ'.repeat(40), '=?UTF-8?B?x?='])('encodes the subject %s in words of at most 75 characters that decode back', (subject) => {
    const encoded = encodeWords(subject);
    const words = encoded.split('\r\n ');
    for (const w of words) expect(w.length).toBeLessThanOrEqual(/^[\x20-\x7e]*$/.test(subject) && !subject.includes('=?') ? 998 : 75);
    const decoded = /=\?/.test(encoded) ? Buffer.concat(words.map((w) => Buffer.from(/=\?UTF-8\?B\?(.*)\?=/.exec(w)![1]!, 'base64'))).toString('utf8') : encoded;
    expect(decoded).toBe(subject);
  });

  it('writes base64 in lines of 76 and quoted-printable lines under 77, escaping "=" and trailing spaces', () => {
    expect(base64Lines(Buffer.alloc(300, 7)).split('\r\n').every((l) => l.length <= 76)).toBe(true);
    const qp = quotedPrintable(`${'x'.repeat(200)}\n= fin \nñ`);
    expect(qp.split('\r\n').every((l) => l.length <= 76)).toBe(true);
    expect(qp).toContain('=3D fin=20');
    expect(qp.endsWith('=C3=B1')).toBe(true);
  });

  it.each([
    ['.\r\nx', '..\r\nx'],
    ['a\r\n.b\r\n.', 'a\r\n..b\r\n..'],
    ['a.b\r\n c.', 'a.b\r\n c.'],
  ])('dot-stuffs %j', (input, expected) => {
    expect(dotStuff(input)).toBe(expected);
  });
});
