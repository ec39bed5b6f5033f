import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { FIXTURES, sunatCheckUnavailable, validateBatch, validateSunatRules, validateXsd, type SunatKind, type ValidationResult } from './sunat-validator.ts';

const unavailable = sunatCheckUnavailable();
if (unavailable) console.warn(`SUNAT harness tests skipped: ${unavailable}`);

/**
 * Every sample of the fixtures with the answer the fixtures README records
 * for it: the harness must give the same, or it is not SUNAT's rules running.
 * `xsdValid`: the signed samples, and RC/RA (UBL 2.0, whose ExtensionContent takes
 * anything); the other unsigned ones fail the XSD only at the empty signature slot.
 */
const SAMPLES: { file: string; errors: string[]; observations: string[]; xsdValid?: boolean }[] = [
  { file: 'factura/12345678912-01-FF11-1.xml', errors: [], observations: [] },
  { file: 'factura/12345678912-01-FF14-1.xml', errors: [], observations: [] },
  { file: 'factura/12345678912-01-F001-1.icbper.xml', errors: [], observations: [] },
  { file: 'factura/12345678912-01-F001-1.signed.xml', errors: [], observations: [], xsdValid: true },
  { file: 'boleta/12345678912-03-BB11-1.xml', errors: [], observations: [] },
  { file: 'boleta/12345678912-03-BB14-1.xml', errors: [], observations: [] },
  { file: 'nota-credito/12345678912-07-FF11-1.xml', errors: [], observations: [] },
  { file: 'nota-credito/12345678912-07-BB11-1.xml', errors: [], observations: [] },
  { file: 'resumen-diario/12345678912-RC-20191224-1.xml', errors: [], observations: ['4027', '4027'], xsdValid: true },
  { file: 'resumen-diario/12345678912-RC-20191224-1.anulacion.xml', errors: [], observations: ['4027'], xsdValid: true },
  { file: 'resumen-diario/20123456789-RC-20201007-001.xml', errors: [], observations: [], xsdValid: true },
  { file: 'comunicacion-baja/12345678912-RA-20220131-1.xml', errors: [], observations: [], xsdValid: true },
  { file: 'comunicacion-baja/12345678912-RA-20200328-1.signed.xml', errors: [], observations: [], xsdValid: true },
  { file: 'comunicacion-baja/20600995805-RA-20170719-01.xml', errors: [], observations: [], xsdValid: true },
  { file: 'negative/12345678912-01-FF11-1.no-taxtotal.xml', errors: ['2956'], observations: [] },
  { file: 'negative/12345678912-01-FF11-1.bad-payable.xml', errors: ['3280'], observations: [] },
];

/** The name a sample was sent under: its file name without the `.variant` before `.xml`. */
const sentName = (file: string) => path.basename(file).replace(/\.[a-z-]+\.xml$/, '.xml');
const kindOf = (file: string) => sentName(file).split('-')[1] as SunatKind;

describe.skipIf(Boolean(unavailable))('the SUNAT harness on the fixtures\' samples', () => {
  let rules: ValidationResult[] = [];
  let xsd: ValidationResult[] = [];

  beforeAll(async () => {
    const xmls = SAMPLES.map((sample) => readFileSync(path.join(FIXTURES, 'samples', sample.file), 'latin1'));
    const results = await validateBatch([
      ...SAMPLES.map((sample, index) => ({ kind: kindOf(sample.file), check: 'rules' as const, xml: xmls[index]!, fileName: sentName(sample.file) })),
      ...SAMPLES.map((sample, index) => ({ kind: kindOf(sample.file), check: 'xsd' as const, xml: xmls[index]! })),
    ]);
    rules = results.slice(0, SAMPLES.length);
    xsd = results.slice(SAMPLES.length);
  });

  test.each(SAMPLES.map((sample, index) => [sample.file, sample, index] as const))('%s', (_file, sample, index) => {
    const result = rules[index]!;
    expect(result.errors.map((error) => error.code)).toEqual(sample.errors);
    expect(result.ok).toBe(sample.errors.length === 0);
    expect(result.observations.map((observation) => observation.code)).toEqual(sample.observations);
    if (sample.xsdValid) {
      expect(xsd[index]!.errors).toEqual([]);
    } else {
      expect(xsd[index]!.ok).toBe(false);
      expect(xsd[index]!.errors).toHaveLength(1);
      expect(xsd[index]!.errors[0]!.text).toContain('ExtensionContent');
    }
  });

  test('the rules read RUC, type, series and number from the file name', async () => {
    const xml = readFileSync(path.join(FIXTURES, 'samples/factura/12345678912-01-FF11-1.xml'), 'latin1');
    const result = await validateSunatRules(xml, '12345678912-01-FF11-2.xml', '01');
    expect(result.ok).toBe(false);
    expect(result.errors[0]!.text).toContain('errorCode');
  });

  test('XML that does not parse is an error, not a crash', async () => {
    const result = await validateXsd('<Invoice><unclosed></Invoice>', '01');
    expect(result.ok).toBe(false);
    expect(result.errors[0]!.code).toBe('XML');
  });
});
