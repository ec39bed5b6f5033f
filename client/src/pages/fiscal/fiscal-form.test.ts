import { describe, expect, it } from 'vitest';
import type { CertificateView } from '#protocol';
import { fiscalSettingsTemplate } from '#hub/domain/einvoice/settings.ts';
import { certificateWarnings, firstFiscalSettings, formOf, parsePercent, parseSoles, refusalSpot, rucFeedback, settingsOf } from './fiscal-form.ts';

describe('rucFeedback: what the RUC field says as the owner types', () => {
  it.each([
    ['', 'empty'],
    ['2', 'short'],
    ['2012345678', 'short'],
    ['20123456786', 'ok'],
    ['20123456789', 'check'],
    ['20600995805', 'ok'],
    ['30123456789', 'prefix'],
    ['10467793549', 'ok'],
    ['12', 'prefix'],
  ])('%s -> %s', (ruc, feedback) => expect(rucFeedback(ruc)).toBe(feedback));
});

describe('amounts typed in the rate tables', () => {
  it.each([
    ['18', 1800],
    ['10,5', 1050],
    ['8.25', 825],
    [' 14 ', 1400],
    ['50', 5000],
    ['51', null],
    ['18%', null],
    ['', null],
    ['1.234', null],
  ])('percent %s -> %s', (text, bp) => expect(parsePercent(text)).toBe(bp));

  it.each([
    ['0.50', 50],
    ['0,5', 50],
    ['1', 100],
    ['10', 1000],
    ['10.01', null],
    ['-1', null],
    ['S/ 0.50', null],
  ])('soles %s -> %s', (text, cents) => expect(parseSoles(text)).toBe(cents));
});

describe('the form and the payload', () => {
  it('the template round-trips unchanged', () => {
    const template = fiscalSettingsTemplate();
    expect(settingsOf(formOf(template))).toEqual({ ok: true, settings: template });
  });

  it('series are upper-cased and the RUC trimmed', () => {
    const form = formOf(fiscalSettingsTemplate());
    const r = settingsOf({ ...form, ruc: ' 20123456789 ', series: { factura: 'f002', boleta: 'b002', facturaNote: 'fc02', boletaNote: 'bc02' } });
    expect(r.ok && r.settings.series).toEqual({ factura: 'F002', boleta: 'B002', facturaNote: 'FC02', boletaNote: 'BC02' });
    expect(r.ok && r.settings.ruc).toBe('20123456789');
  });

  it.each([
    ['general', 'rates.general'],
    ['reduced', 'rates.reduced'],
    ['icbper', 'rates.icbper'],
  ] as const)('an amount that is not a number in the %s table points at it', (table, field) => {
    const form = formOf(fiscalSettingsTemplate());
    const rates = { ...form.rates, [table]: [{ from: '2025-01-01', value: 'diez' }] };
    expect(settingsOf({ ...form, rates })).toEqual({ ok: false, field });
  });

  it.each([
    ['address.ubigeo', 'address.ubigeo'],
    ['rates.reduced', 'rates'],
    ['rates', 'rates'],
    [undefined, ''],
  ])('a refusal naming %s is shown at %s', (field, spot) => expect(refusalSpot(field)).toBe(spot));
});

describe('certificate warnings', () => {
  const NOW = new Date('2026-06-01T12:00:00Z');
  const cert = (over: Partial<CertificateView>): CertificateView => ({
    subject: 'CN=X',
    issuer: 'CN=X',
    ruc: '20123456789',
    notBefore: '2026-01-01T00:00:00Z',
    notAfter: '2027-01-01T00:00:00Z',
    expired: false,
    ...over,
  });
  it.each([
    ['all good', cert({}), '20123456789', { rucDiffers: null, noRuc: false, expired: false, expiresInDays: null }],
    ['another RUC', cert({}), '20600995805', { rucDiffers: '20123456789', noRuc: false, expired: false, expiresInDays: null }],
    ['no restaurant RUC yet', cert({}), '', { rucDiffers: null, noRuc: false, expired: false, expiresInDays: null }],
    ['no RUC in the certificate', cert({ ruc: null }), '20123456789', { rucDiffers: null, noRuc: true, expired: false, expiresInDays: null }],
    ['30 days left', cert({ notAfter: '2026-07-01T12:00:00Z' }), '20123456789', { rucDiffers: null, noRuc: false, expired: false, expiresInDays: 30 }],
    ['31 days left', cert({ notAfter: '2026-07-02T12:00:00Z' }), '20123456789', { rucDiffers: null, noRuc: false, expired: false, expiresInDays: null }],
    ['expired', cert({ notAfter: '2026-05-31T12:00:00Z' }), '20123456789', { rucDiffers: null, noRuc: false, expired: true, expiresInDays: null }],
  ])('%s', (_label, c, ruc, warnings) => expect(certificateWarnings(c, ruc, NOW)).toEqual(warnings));
});

describe('firstFiscalSettings: what the claim typed pre-fills an unsaved form (issue 18)', () => {
  it('the RUC, the restaurant name as trade name and the receipts address as street; the rest is the template', () => {
    const first = firstFiscalSettings({ settings: { ruc: '20123456786', idleLockMinutes: 5, address: 'Av. Larco 123' }, restaurant: { name: 'Cevichería Mar' } });
    expect(first).toEqual({
      ...fiscalSettingsTemplate(),
      ruc: '20123456786',
      tradeName: 'Cevichería Mar',
      address: { ...fiscalSettingsTemplate().address, street: 'Av. Larco 123' },
    });
    expect(settingsOf(formOf(first))).toEqual({ ok: true, settings: first });
  });

  it('a claim without RUC or address leaves them empty', () => {
    const first = firstFiscalSettings({ settings: { ruc: '', idleLockMinutes: 5 }, restaurant: { name: 'X' } });
    expect([first.ruc, first.address.street, first.legalName]).toEqual(['', '', '']);
  });
});
