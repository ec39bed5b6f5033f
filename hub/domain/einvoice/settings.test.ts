import { describe, expect, it } from 'vitest';
import type { FiscalSettings } from '#protocol';
import { parseCommand } from '#protocol';
import { decideOn, deepFreeze, exec, menuState } from '../test-fixtures.ts';
import { GENERAL_IGV_PRESET, ICBPER_PRESET, igvRateOn, bagTaxOn, REDUCED_IGV_PRESET } from './rates.ts';
import { SAMPLE_FISCAL } from './samples.ts';
import { isUbigeo } from './settings.ts';

const ok = SAMPLE_FISCAL;
const addr = (over: Partial<FiscalSettings['address']>): FiscalSettings => ({ ...ok, address: { ...ok.address, ...over } });
const series = (over: Partial<FiscalSettings['series']>): FiscalSettings => ({ ...ok, series: { ...ok.series, ...over } });
const rates = (over: Partial<FiscalSettings['rates']>): FiscalSettings => ({ ...ok, rates: { ...ok.rates, ...over } });

describe('fiscal.saveSettings: each rule, refusals change nothing', () => {
  const cases: { name: string; p: FiscalSettings; code?: string; field?: string }[] = [
    { name: 'complete settings', p: ok },
    { name: 'the reduced regime', p: { ...ok, regime: 'reduced' } },
    { name: 'credit notes on the invoice series letter (F002 / B002)', p: series({ facturaNote: 'F002', boletaNote: 'B002' }) },
    { name: 'a RUC with a wrong check digit', p: { ...ok, ruc: '20131312956' }, code: 'INVALID_RUC', field: 'ruc' },
    { name: 'no RUC: a missing field, not a wrong RUC', p: { ...ok, ruc: '' }, code: 'REQUIRED_FIELD', field: 'ruc' },
    { name: 'a RUC of spaces: missing too', p: { ...ok, ruc: '   ' }, code: 'REQUIRED_FIELD', field: 'ruc' },
    { name: 'a DNI instead of a RUC', p: { ...ok, ruc: '45781236' }, code: 'INVALID_RUC', field: 'ruc' },
    { name: 'no legal name', p: { ...ok, legalName: '' }, code: 'FISCAL_NAME_REQUIRED', field: 'legalName' },
    { name: 'no district', p: addr({ district: '' }), code: 'FISCAL_ADDRESS_REQUIRED', field: 'address.district' },
    { name: 'a 5-digit ubigeo', p: addr({ ubigeo: '15010' }), code: 'INVALID_UBIGEO', field: 'address.ubigeo' },
    { name: 'ubigeo 000000', p: addr({ ubigeo: '000000' }), code: 'INVALID_UBIGEO', field: 'address.ubigeo' },
    { name: 'ubigeo with letters', p: addr({ ubigeo: '15O101' }), code: 'INVALID_UBIGEO', field: 'address.ubigeo' },
    { name: 'department 26', p: addr({ ubigeo: '260101' }), code: 'INVALID_UBIGEO', field: 'address.ubigeo' },
    { name: 'establishment "1"', p: addr({ establishmentCode: '1' }), code: 'INVALID_ESTABLISHMENT', field: 'address.establishmentCode' },
    { name: 'a factura series starting with B', p: series({ factura: 'B001' }), code: 'INVALID_SERIES', field: 'series.factura' },
    { name: 'a boleta series in lower case', p: series({ boleta: 'b001' }), code: 'INVALID_SERIES', field: 'series.boleta' },
    { name: 'a 3-character series', p: series({ boleta: 'B01' }), code: 'INVALID_SERIES', field: 'series.boleta' },
    { name: 'a credit note on facturas with a B series', p: series({ facturaNote: 'BC01' }), code: 'INVALID_SERIES', field: 'series.facturaNote' },
    { name: 'credit notes sharing the boletas\' series', p: series({ boletaNote: 'B001' }), code: 'INVALID_SERIES', field: 'series.boletaNote' },
    { name: 'series "__pr"', p: series({ boleta: '__pr' }), code: 'INVALID_SERIES', field: 'series.boleta' },
    { name: 'rates out of order', p: rates({ icbper: [{ from: '2023-01-01', cents: 50 }, { from: '2019-08-01', cents: 10 }] }), code: 'INVALID_TAX_RATES', field: 'rates' },
    { name: 'a rate on 30 February', p: rates({ general: [{ from: '2026-02-30', basisPoints: 1800 }] }), code: 'INVALID_TAX_RATES', field: 'rates' },
    { name: 'a rate from "2026-1-1"', p: rates({ general: [{ from: '2026-1-1', basisPoints: 1800 }] }), code: 'INVALID_TAX_RATES', field: 'rates' },
    { name: 'the same day twice', p: rates({ general: [{ from: '2026-01-01', basisPoints: 1800 }, { from: '2026-01-01', basisPoints: 1900 }] }), code: 'INVALID_TAX_RATES', field: 'rates' },
    { name: 'the reduced regime with no reduced rate', p: { ...rates({ reduced: [] }), regime: 'reduced' }, code: 'INVALID_TAX_RATES', field: 'rates.reduced' },
  ];
  it.each(cases)('$name', ({ p, code, field }) => {
    const before = deepFreeze(menuState());
    const d = decideOn(before, 'fiscal.saveSettings', p);
    if (code) {
      expect(d).toEqual({ ok: false, code, message: field });
      expect(before.fiscal).toBeNull();
      return;
    }
    if (!d.ok) throw new Error(d.code);
    expect(exec(before, 'fiscal.saveSettings', p).state.fiscal).toEqual(p);
  });

  it.each([
    ['a bag id __proto__', { ...ok, bagProductIds: ['__proto__'] }],
    ['a bag id constructor', { ...ok, bagProductIds: ['constructor'] }],
    ['no rates at all', { ...ok, rates: { general: [], reduced: [], icbper: [] } }],
    ['an unknown regime', { ...ok, regime: 'special' }],
    ['a negative rate', rates({ general: [{ from: '2026-01-01', basisPoints: -1 }] })],
    ['a legal name of 201 characters', { ...ok, legalName: 'x'.repeat(201) }],
  ])('refused at the door: %s', (_n, payload) => {
    const parsed = parseCommand({ id: '00000000-0000-4000-8000-000000000001', type: 'fiscal.saveSettings', payload, deviceId: 'dev-1', at: '2026-03-02T18:00:00.000Z' });
    expect(parsed.ok).toBe(false);
    expect(['INCORRECT_INPUT', 'REQUIRED_FIELD', 'INVALID_ID']).toContain(!parsed.ok && parsed.code);
  });

  it('saving again keeps the counters (numbers are per series)', () => {
    let s = exec(menuState(), 'fiscal.saveSettings', ok).state;
    s = { ...s, fiscalNumbers: { B001: 7 } };
    s = exec(s, 'fiscal.saveSettings', { ...ok, tradeName: 'Otro' }).state;
    expect(s.fiscalNumbers).toEqual({ B001: 7 });
  });
});

describe('ubigeo', () => {
  it.each([
    ['150101', true], ['010101', true], ['250401', true], ['150100', false], ['150001', false], ['000000', false], ['260101', false], ['1501011', false], ['', false],
  ])('%s → %s', (code, valid) => expect(isUbigeo(code)).toBe(valid));
});

describe('dated rates: the one in force on the Lima day', () => {
  const general = { regime: 'general' as const, rates: { general: [...GENERAL_IGV_PRESET], reduced: [...REDUCED_IGV_PRESET], icbper: [...ICBPER_PRESET] } };
  const reduced = { ...general, regime: 'reduced' as const };
  it.each([
    [general, '2011-02-28', undefined],
    [general, '2011-03-01', 1800],
    [general, '2026-11-24', 1800],
    [reduced, '2022-08-31', undefined],
    [reduced, '2022-09-01', 1000],
    [reduced, '2024-12-31', 1000],
    [reduced, '2025-01-01', 1000],
    [reduced, '2026-12-31', 1000],
    [reduced, '2027-01-01', 1400],
    [reduced, '2027-12-31', 1400],
    [reduced, '2028-01-01', 1800],
  ])('IGV %#: %s', (settings, day, bp) => expect(igvRateOn(settings, day as string)).toBe(bp));

  it.each([
    ['2019-07-31', 0], ['2019-08-01', 10], ['2020-01-01', 20], ['2021-06-30', 30], ['2022-12-31', 40], ['2023-01-01', 50], ['2026-11-24', 50],
  ])('ICBPER on %s: %i céntimos', (day, cents) => expect(bagTaxOn(general, day)).toBe(cents));
});
