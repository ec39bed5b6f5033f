import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCdr } from '../testing/fake-sunat.ts';
import { parseCdr } from './cdr.ts';
import { classifyCode, normalizeCode, sunatText } from './error-catalogue.ts';
import { faultCodeOf } from './soap-fault.ts';

/** CDR samples from the SUNAT fixtures (see fixtures/README.md in this folder). */
const sample = (name: string): string => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'latin1');

describe('parseCdr on SUNAT samples', () => {
  it('an accepted factura (2016, UBL 2.0 CDR)', () => {
    const cdr = parseCdr(sample('R-20600995805-01-F001-1.xml'));
    expect(cdr).toMatchObject({
      responseCode: '0', outcome: 'accepted', documentId: 'F001-1', notes: [], codeText: null,
      description: 'La Factura numero F001-00000001, ha sido aceptada', responseId: '201656892705188', responseDate: '2016-05-25',
    });
  });

  it('an accepted factura (2018, beta)', () => {
    const cdr = parseCdr(sample('R-12345678901-01-F001-00000587.xml'));
    expect(cdr).toMatchObject({ responseCode: '0', outcome: 'accepted', documentId: 'F001-00000587', notes: [] });
  });

  it('accepted with observations: the notes carry their codes', () => {
    const cdr = parseCdr(sample('R-20220557805-01-F001-22Openubl.xml'));
    expect(cdr.responseCode).toBe('0');
    expect(cdr.outcome).toBe('acceptedWithObservations');
    expect(cdr.notes.map((n) => n.code)).toEqual(['4252', '4255', '3030', '4255', '4252', '4252', '4252', '4252']);
    expect(cdr.notes[0]?.text).toMatch(/^El dato ingresado como atributo @listName es incorrecto/);
  });

  it('a rejection with its code and SUNAT\'s catalogue text', () => {
    const cdr = parseCdr(buildCdr('F001-9', '20123456789', '2800', 'El comprobante F001-9 ha sido rechazado', []));
    expect(cdr).toMatchObject({ responseCode: '2800', outcome: 'rejected', documentId: 'F001-9' });
    expect(cdr.codeText).toBe('El dato ingresado en el tipo de documento de identidad del receptor no esta permitido.');
  });

  it.each([
    ['not XML', 'hola'],
    ['another document', '<Invoice/>'],
    ['no response code', '<ar:ApplicationResponse xmlns:ar="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"/>'],
  ])('refuses %s with CDR_UNREADABLE', (_label, xml) => {
    expect(() => parseCdr(xml)).toThrow(/CDR_UNREADABLE/);
  });
});

describe('classifyCode (ranges of the Manual del programador, texts of CatalogoErrores.xml)', () => {
  it.each([
    ['0100', 'retryLater'], // El sistema no puede responder su solicitud
    ['0109', 'retryLater'], // ... el servicio de autenticación no está disponible
    ['0130', 'retryLater'], ['0138', 'retryLater'],
    ['0140', 'retryLater'], // Existe un Documento igual en Proceso
    ['0200', 'retryLater'], ['0254', 'retryLater'], // No se pudo procesar su solicitud
    ['0303', 'retryLater'], ['0307', 'retryLater'],
    ['0101', 'fix'], ['0102', 'fix'], ['0104', 'fix'], ['0111', 'fix'], // security header, user, password, profile
    ['0151', 'fix'], ['0156', 'fix'], ['0161', 'fix'], // zip and file names
    ['0306', 'fix'], ['0402', 'fix'], ['1033', 'fix'], ['1999', 'fix'],
    ['2000', 'rejected'], ['2800', 'rejected'], ['3999', 'rejected'],
    ['4000', 'acceptedWithObservations'], ['4252', 'acceptedWithObservations'],
    ['not-a-code', 'retryLater'],
  ])('%s -> %s', (code, outcome) => {
    expect(classifyCode(code)).toBe(outcome);
  });

  it('every 0100-0399 code classified retryLater says in its text that the service failed', () => {
    for (let n = 100; n < 400; n += 1) {
      const text = sunatText(n);
      if (text === null || classifyCode(n) !== 'retryLater') continue;
      expect(text).toMatch(/no puede responder|No se pudo procesar|en Proceso|No existe el (directorio|archivo) de schema|No se pudo recuperar/);
    }
  });

  it.each([['98', '0098'], [2800, '2800'], ['12345', null], ['__proto__', null], ['', null]])('normalizeCode(%s) = %s', (code, key) => {
    expect(normalizeCode(code)).toBe(key);
  });

  it('unknown and prototype names have no text', () => {
    expect(sunatText('__proto__')).toBeNull();
    expect(sunatText('9998')).toBeNull();
    expect(sunatText('2800')).toMatch(/tipo de documento de identidad/);
  });
});

describe('faultCodeOf', () => {
  it.each([
    ['soap-env:Client.0100', '', '0100'],
    ['env:Server.1033', '', '1033'],
    ['Client.2800', '', '2800'],
    ['soap-env:Client.98', '', '0098'],
    ['2800', '', '2800'],
    ['soap:Server', '0151', '0151'],
    ['soap:Server', '2800 - El dato ingresado', '2800'],
    ['soap:Server', 'Internal Error', null],
  ])('%s / %s -> %s', (faultcode, faultstring, code) => {
    expect(faultCodeOf(faultcode, faultstring)).toBe(code);
  });
});
