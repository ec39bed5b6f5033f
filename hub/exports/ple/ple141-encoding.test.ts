import { describe, expect, it } from 'vitest';
import type { Bill } from '#protocol';
import { testBill, testSettings } from '#hub/domain/einvoice/test-bills.ts';
import { buildPle141, plainText, ple141Bytes } from './ple141.ts';

/**
 * Issue 19 item 7 and the register's encoding: a buyer's "&" and accents go
 * into the file as they are and come back the same when the file is read as
 * ISO-8859-1 (the PLE's reading), one byte per character; what Latin-1
 * cannot hold is taken out, never written as bytes the PLE would misread.
 */

const SETTINGS = testSettings();

function factura(n: number, name: string): Bill {
  const bill = testBill([{ price: 11_800 }], { paidAt: `2026-03-0${n}T18:00:00.000Z`, fiscal: { type: '01', series: 'F001', number: n }, document: { kind: 'factura', docId: '20100070970', name } });
  return { ...bill, id: `o-${n}`, billNo: n };
}

describe('plainText', () => {
  it.each([
    ['SABORES & MÁS E.I.R.L.', 'SABORES & MÁS E.I.R.L.'],
    ['Panadería Ñandú Güemes S.A.C.', 'Panadería Ñandú Güemes S.A.C.'],
    ['¿Qué tal? ¡Año nuevo!', '¿Qué tal? ¡Año nuevo!'],
    ['Norte | Sur / Este \\ Oeste', 'Norte Sur Este Oeste'],
    ['Línea\u0000uno\r\ndos\u0085', 'Línea uno dos'],
    ['Chifa 龍鳳 S.A.C.', 'Chifa S.A.C.'],
    ['Őrség Kft. Łódź', 'Orség Kft. ódz'],
    ['Cafe\u0301 decomposed', 'Café decomposed'],
  ])('%j → %j', (name, written) => {
    expect(plainText(name, 100)).toBe(written);
  });
});

describe('the register as bytes', () => {
  const names = ['SABORES & MÁS E.I.R.L.', 'Panadería Ñandú Güemes S.A.C.', 'Chifa 龍鳳 S.A.C.'];
  const ple = buildPle141({ ruc: SETTINGS.ruc, year: 2026, month: 3, bills: names.map((name, i) => factura(i + 1, name)), corrections: [], settings: SETTINGS });

  it('accented and "&" names round-trip through ISO-8859-1, one byte per character', () => {
    const bytes = ple141Bytes(ple.content);
    expect(bytes.length).toBe(ple.content.length);
    const read = bytes.toString('latin1');
    expect(read).toBe(ple.content);
    const buyers = read.split('\r\n').filter((l) => l !== '').map((l) => l.split('|')[11]);
    expect(buyers).toEqual(['SABORES & MÁS E.I.R.L.', 'Panadería Ñandú Güemes S.A.C.', 'Chifa S.A.C.']);
    // "Á" is the single byte C1, not UTF-8's C3 81.
    const at = read.indexOf('MÁS');
    expect([...bytes.subarray(at, at + 3)]).toEqual([0x4d, 0xc1, 0x53]);
  });

  it('"&" stays out of the fields the table forbids it in (2 and 3)', () => {
    for (const line of ple.content.split('\r\n').filter((l) => l !== '')) {
      const fields = line.split('|');
      expect(fields[1]).not.toContain('&');
      expect(fields[2]).not.toContain('&');
    }
  });
});
