import type { CommandPayload, ErrorCode, FiscalSettings, State } from '#protocol';
import { isValidRuc } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { GENERAL_IGV_PRESET, ICBPER_PRESET, REDUCED_IGV_PRESET, ratesWellFormed } from './rates.ts';

/** Why a set of fiscal settings cannot be saved, with the field to point at; null when they can. */
export function fiscalSettingsRefusal(p: FiscalSettings): { code: ErrorCode; field: string } | null {
  // Nothing typed is a missing field, not a wrong RUC (issue 18 item 16: "RUC incorrecto" on an empty field).
  if (p.ruc.trim() === '') return { code: 'REQUIRED_FIELD', field: 'ruc' };
  if (!isValidRuc(p.ruc)) return { code: 'INVALID_RUC', field: 'ruc' };
  if (!p.legalName) return { code: 'FISCAL_NAME_REQUIRED', field: 'legalName' };
  const a = p.address;
  for (const field of ['street', 'district', 'province', 'department'] as const) {
    if (!a[field]) return { code: 'FISCAL_ADDRESS_REQUIRED', field: `address.${field}` };
  }
  if (!isUbigeo(a.ubigeo)) return { code: 'INVALID_UBIGEO', field: 'address.ubigeo' };
  if (!/^\d{4}$/.test(a.establishmentCode)) return { code: 'INVALID_ESTABLISHMENT', field: 'address.establishmentCode' };
  const s = p.series;
  const shapes = [
    ['factura', s.factura, 'F'],
    ['boleta', s.boleta, 'B'],
    ['facturaNote', s.facturaNote, 'F'],
    ['boletaNote', s.boletaNote, 'B'],
  ] as const;
  for (const [field, series, letter] of shapes) {
    if (!isSeries(series, letter)) return { code: 'INVALID_SERIES', field: `series.${field}` };
  }
  // A credit note's series may share the letter of what it corrects, never the series itself: each series is numbered alone.
  if (s.facturaNote === s.factura) return { code: 'INVALID_SERIES', field: 'series.facturaNote' };
  if (s.boletaNote === s.boleta) return { code: 'INVALID_SERIES', field: 'series.boletaNote' };
  const r = p.rates;
  if (!ratesWellFormed(r.general) || !ratesWellFormed(r.reduced) || !ratesWellFormed(r.icbper)) return { code: 'INVALID_TAX_RATES', field: 'rates' };
  if (p.regime === 'reduced' && r.reduced.length === 0) return { code: 'INVALID_TAX_RATES', field: 'rates.reduced' };
  return null;
}

/**
 * INEI's ubigeo: department 01–25, province and district from 01. Lima
 * Cercado is 150101; "000000" or a department 26 is no place.
 */
export function isUbigeo(code: string): boolean {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(code);
  if (!m) return false;
  const [dep, prov, dist] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return dep >= 1 && dep <= 25 && prov >= 1 && dist >= 1;
}

/**
 * A series: the letter (F facturas and the notes on them, B boletas and the
 * notes on them) and three letters or digits, upper case, as SUNAT's rules
 * check it (ValidaExprRegFactura-2.0.1.xsl: `^[F][A-Z0-9]{3}$`).
 */
export function isSeries(series: string, letter: 'F' | 'B'): boolean {
  return new RegExp(`^${letter}[A-Z0-9]{3}$`).test(series);
}

/** Fiscal settings a new restaurant starts from: the presets, series F001/B001/FC01/BC01, the general regime; the owner fills in who they are. */
export function fiscalSettingsTemplate(): FiscalSettings {
  return {
    ruc: '',
    legalName: '',
    tradeName: '',
    address: { street: '', district: '', province: '', department: '', ubigeo: '', establishmentCode: '0000' },
    series: { factura: 'F001', boleta: 'B001', facturaNote: 'FC01', boletaNote: 'BC01' },
    regime: 'general',
    rates: { general: [...GENERAL_IGV_PRESET], reduced: [...REDUCED_IGV_PRESET], icbper: [...ICBPER_PRESET] },
    bagProductIds: [],
  };
}

/** `fiscal.saveSettings`: the whole settings, checked, replace the old ones (the counters stay: numbers are per series, whatever the settings). */
export function saveFiscalSettings(_s: State, p: CommandPayload<'fiscal.saveSettings'>): Decision {
  const no = fiscalSettingsRefusal(p);
  if (no) return refuse(no.code, no.field);
  return accept([{ type: 'fiscal.settingsSaved', settings: p }]);
}
