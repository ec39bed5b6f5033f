import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeLine, encodeLine, encodeLineBytes, encodeLinesBytes, scanLines } from './line-codec.ts';

const RECORD = {
  seq: 42,
  commandId: '3b241101-e2bb-4255-8caf-4136c566a962',
  events: [{ type: 'product.saved', product: { names: { es: 'Ají de gallina', en: 'Creamy chili chicken', zh: '辣味鸡肉酱' }, priceCents: 2800 } }],
  remark: 'sin "ají"\nbien caliente',
};

describe('encodeLine / decodeLine', () => {
  it.each<[string, unknown]>([
    ['a log record with accents, Chinese and a newline in a string', RECORD],
    ['an empty object', {}],
    ['a number', 12345],
    ['a string', 'S/ 12.50'],
    ['an array', [1, 'dos', { tres: 3 }]],
    ['null', null],
  ])('round-trips %s', (_label, value) => {
    const line = encodeLine(value);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.indexOf('\n')).toBe(line.length - 1);
    expect(decodeLine(line.slice(0, -1))).toEqual(value);
  });

  it('writes `<crc32 in 8 hex digits> <json>\\n`', () => {
    expect(encodeLine({ a: 1 })).toMatch(/^[0-9a-f]{8} \{"a":1\}\n$/);
  });

  it.each<[string, string]>([
    ['an empty line', ''],
    ['a line shorter than a checksum', '1234'],
    ['no space after the checksum', `${encodeLine({ a: 1 }).slice(0, 8)}x{"a":1}`],
    ['a checksum that does not match', `00000000 {"a":1}`],
  ])('decodes %s as null', (_label, line) => {
    expect(decodeLine(line)).toBeNull();
  });

  it('a line whose checksum matches but whose text is not JSON is refused', () => {
    const text = '{"seq":';
    const crc = crc32(text).toString(16).padStart(8, '0');
    expect(decodeLine(`${crc} ${text}`)).toBeNull();
  });
});

describe('the checksum catches damage', () => {
  const line = Buffer.from(encodeLine(RECORD));

  it.each([0x01, 0x20, 0x80, 0xff])('flipping any single byte of a record with mask 0x%s is detected', (mask) => {
    for (let i = 0; i < line.length; i++) {
      const damaged = Buffer.from(line);
      damaged[i] = damaged[i]! ^ mask;
      const scanned = scanLines(damaged);
      expect(scanned.every((l) => l.value === null), `byte ${i} flipped with ${mask}`).toBe(true);
    }
  });

  it('every strict prefix of a record (a torn write) decodes to nothing', () => {
    for (let cut = 1; cut < line.length; cut++) {
      const scanned = scanLines(line.subarray(0, cut));
      expect(scanned).toEqual([{ value: null, start: 0, end: cut }]);
    }
  });
});

describe('scanLines', () => {
  it('returns each whole record with its byte range', () => {
    const a = encodeLine({ seq: 1, text: 'ñandú' });
    const b = encodeLine({ seq: 2 });
    const bytes = Buffer.from(a + b);
    const aLen = Buffer.byteLength(a);
    expect(scanLines(bytes)).toEqual([
      { value: { seq: 1, text: 'ñandú' }, start: 0, end: aLen },
      { value: { seq: 2 }, start: aLen, end: bytes.length },
    ]);
  });

  it('reports a last piece without newline as torn, at its offset', () => {
    const a = encodeLine({ seq: 1 });
    const torn = encodeLine({ seq: 2 }).slice(0, 12);
    const scanned = scanLines(Buffer.from(a + torn));
    expect(scanned).toHaveLength(2);
    expect(scanned[1]).toEqual({ value: null, start: a.length, end: a.length + torn.length });
  });

  it('a damaged line in the middle is reported and the lines after it still decode', () => {
    const bytes = Buffer.from(encodeLine({ seq: 1 }) + 'garbage\n' + encodeLine({ seq: 3 }));
    expect(scanLines(bytes).map((l) => l.value)).toEqual([{ seq: 1 }, null, { seq: 3 }]);
  });

  it('an empty file has no lines', () => {
    expect(scanLines(Buffer.alloc(0))).toEqual([]);
  });
});

describe('encodeLineBytes', () => {
  it.each([{ seq: 1 }, { seq: 2, text: 'Ají de gallina 辣味鸡肉酱 ñ' }, { seq: 3, nested: { a: [1, 2, { b: null }] } }])('writes the very bytes of encodeLine for %j', (value) => {
    expect(encodeLineBytes(value).toString('utf8')).toBe(encodeLine(value));
  });
});

describe('encodeLinesBytes (the log\'s group commit)', () => {
  const VALUES: unknown[] = [
    RECORD,
    { seq: 2, text: 'Ají de gallina 辣味鸡肉酱 ñ', emoji: '🍲🌶️' },
    // A lone surrogate: JSON.stringify escapes it, so the UTF-8 written is still the text's.
    { seq: 3, broken: 'a\ud800b' },
    // Own keys named like Object members travel as data.
    JSON.parse('{"seq":4,"__proto__":{"x":1},"constructor":"c"}'),
    { seq: 5, long: 'ñ'.repeat(5_000) + '\u4e2d'.repeat(3_000) },
    {},
  ];

  it('writes the very bytes of encodeLine of each value, one after another, and scans back to the values', () => {
    const bytes = encodeLinesBytes(VALUES);
    expect(bytes.toString('utf8')).toBe(VALUES.map((v) => encodeLine(v)).join(''));
    expect(scanLines(bytes).map((l) => l.value)).toEqual(VALUES.map((v) => JSON.parse(JSON.stringify(v)) as unknown));
  });

  it('one value is encodeLineBytes of it; none is an empty buffer', () => {
    expect(encodeLinesBytes([VALUES[1]]).equals(encodeLineBytes(VALUES[1]))).toBe(true);
    expect(encodeLinesBytes([])).toHaveLength(0);
  });

  it('a value JSON cannot hold throws before anything is written (the engine refuses that batch)', () => {
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    expect(() => encodeLinesBytes([{ seq: 1 }, cyclic])).toThrow(TypeError);
    expect(() => encodeLinesBytes([undefined])).toThrow(TypeError);
  });
});
