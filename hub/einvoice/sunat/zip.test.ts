import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseName, cdrNames, fileNames } from './file-names.ts';
import { packageDocument } from './package.ts';
import { readZip, writeZip } from './zip.ts';

const XML = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><Invoice>Señor Ñandú 数</Invoice>'.repeat(50), 'utf8');

/** True when the machine has this Info-ZIP tool (CI images may not). */
function has(tool: 'zip' | 'unzip'): boolean {
  try {
    execFileSync(tool, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('zip', () => {
  it('round-trips names and bytes (deflated, smaller than the input)', () => {
    const zip = writeZip([{ name: '20123456789-01-F001-1.xml', data: XML }, { name: 'otro.xml', data: Buffer.alloc(0) }]);
    expect(zip.length).toBeLessThan(XML.length);
    const entries = readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['20123456789-01-F001-1.xml', 'otro.xml']);
    expect(Buffer.from(entries[0]?.data ?? []).equals(XML)).toBe(true);
    expect(entries[1]?.data.length).toBe(0);
  });

  it('is reproducible byte for byte', () => {
    expect(writeZip([{ name: 'a.xml', data: XML }]).equals(writeZip([{ name: 'a.xml', data: XML }]))).toBe(true);
  });

  it.runIf(has('unzip'))('is read by unzip (list and CRC test)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      const file = path.join(dir, '20123456789-01-F001-1.zip');
      writeFileSync(file, writeZip([{ name: '20123456789-01-F001-1.xml', data: XML }]));
      expect(execFileSync('unzip', ['-l', file]).toString()).toContain('20123456789-01-F001-1.xml');
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(has('zip'))('reads what the system zip writes (stored and deflated, with a folder)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
    try {
      writeFileSync(path.join(dir, 'R-1.xml'), XML);
      execFileSync('sh', ['-c', 'mkdir dummy && zip -q -0 a.zip R-1.xml && zip -q b.zip R-1.xml dummy'], { cwd: dir });
      for (const name of ['a.zip', 'b.zip']) {
        const entries = readZip(readFileSync(path.join(dir, name)));
        expect(entries.map((e) => e.name)).toEqual(['R-1.xml']);
        expect(Buffer.from(entries[0]?.data ?? []).equals(XML)).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['empty', () => Buffer.alloc(0)],
    ['not a zip', () => Buffer.from('hola mundo, esto no es un zip de SUNAT')],
    ['truncated', () => writeZip([{ name: 'a.xml', data: XML }]).subarray(0, 40)],
    ['a flipped data byte (CRC)', () => {
      const zip = writeZip([{ name: 'a.xml', data: XML }]);
      zip[40] = (zip[40] ?? 0) ^ 0xff;
      return zip;
    }],
  ])('refuses %s with ZIP_CORRUPT', (_label, make) => {
    expect(() => readZip(make())).toThrow(/ZIP_CORRUPT/);
  });
});

describe('file names', () => {
  it.each([
    [{ ruc: '20123456789', type: '01', series: 'F001', number: 1 } as const, '20123456789-01-F001-1'],
    [{ ruc: '20123456789', type: '03', series: 'B001', number: 99_999_999 } as const, '20123456789-03-B001-99999999'],
    [{ ruc: '20123456789', type: '07', series: 'FC01', number: 12 } as const, '20123456789-07-FC01-12'],
    [{ ruc: '20123456789', type: 'RC', date: '2026-01-31', sequence: 1 } as const, '20123456789-RC-20260131-1'],
    [{ ruc: '20123456789', type: 'RA', date: '2026-02-01', sequence: 3 } as const, '20123456789-RA-20260201-3'],
  ])('%o -> %s', (doc, name) => {
    expect(baseName(doc)).toBe(name);
    expect(fileNames(doc)).toEqual({ zip: `${name}.zip`, xml: `${name}.xml` });
    expect(cdrNames(`${name}.zip`)).toEqual({ zip: `R-${name}.zip`, xml: `R-${name}.xml` });
  });

  it.each([
    [{ ruc: '2012345678', type: '01', series: 'F001', number: 1 } as const],
    [{ ruc: '20123456789', type: '01', series: 'F01', number: 1 } as const],
    [{ ruc: '20123456789', type: '01', series: 'f001', number: 1 } as const],
    [{ ruc: '20123456789', type: '01', series: 'F001', number: 0 } as const],
    [{ ruc: '20123456789', type: '01', series: 'F001', number: 100_000_000 } as const],
    [{ ruc: '20123456789', type: '01', series: '../x', number: 1 } as const],
    [{ ruc: '20123456789', type: 'RC', date: '20260131', sequence: 1 } as const],
    [{ ruc: '20123456789', type: 'RA', date: '2026-01-31', sequence: 0 } as const],
  ])('refuses %o', (doc) => {
    expect(() => baseName(doc)).toThrow(/FILE_NAME_INVALID/);
  });
});

describe('packageDocument', () => {
  it.each([
    ['<?xml version="1.0" encoding="ISO-8859-1"?><a>Señor</a>', 'latin1'],
    ['<?xml version="1.0" encoding="UTF-8"?><a>Señor</a>', 'utf8'],
    ['<a>Señor</a>', 'utf8'],
  ] as const)('zips %s in its declared encoding (%s)', (xml, encoding) => {
    const { fileName, zip } = packageDocument({ ruc: '20123456789', type: '03', series: 'B001', number: 5 }, xml);
    expect(fileName).toBe('20123456789-03-B001-5.zip');
    const [entry] = readZip(zip);
    expect(entry?.name).toBe('20123456789-03-B001-5.xml');
    expect(Buffer.from(entry?.data ?? []).equals(Buffer.from(xml, encoding))).toBe(true);
  });
});
