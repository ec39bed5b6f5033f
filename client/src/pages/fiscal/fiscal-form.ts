import type { BagRate, CertificateView, FiscalSettings, IgvRate, State } from '#protocol';
import { isValidRuc, RUC_PREFIXES } from '#protocol';
import { fiscalSettingsTemplate } from '#hub/domain/einvoice/settings.ts';

/** One row of a dated-rate table as typed: the day and the amount as text (a percent, or soles per bag). */
export type RateRow = { from: string; value: string };

/** The page's form: the settings with the rate tables as text the owner edits. */
export type FiscalForm = Omit<FiscalSettings, 'rates'> & { rates: { general: RateRow[]; reduced: RateRow[]; icbper: RateRow[] } };

/** What the RUC field says while the owner types. */
export type RucFeedback = 'empty' | 'ok' | 'short' | 'prefix' | 'check';

/** The RUC as typed so far: too short, a prefix SUNAT does not give, a wrong check digit, or good. */
export function rucFeedback(ruc: string): RucFeedback {
  if (ruc === '') return 'empty';
  if (/^\d{2}/.test(ruc) && !(RUC_PREFIXES as readonly string[]).includes(ruc.slice(0, 2))) return 'prefix';
  if (!/^\d{11}$/.test(ruc)) return 'short';
  return isValidRuc(ruc) ? 'ok' : 'check';
}

/** 1800 basis points → "18"; 1050 → "10.5". */
export function percentText(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** 50 céntimos → "0.50". */
export function solesText(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "18" or "10,5" → basis points; null when it is not a percent with at most two decimals below 50. */
export function parsePercent(text: string): number | null {
  const m = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 5000 ? bp : null;
}

/** "0.50" or "0,5" → céntimos; null when not soles with at most two decimals up to S/ 10. */
export function parseSoles(text: string): number | null {
  const m = /^(\d{1,2})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= 1000 ? cents : null;
}

/**
 * What the form starts from before e-invoicing was ever saved: the template,
 * with the RUC typed when the hub was claimed, the restaurant's name as trade
 * name and the receipts' address as street (issue 18: the owner types them
 * once). The legal name (razón social) is left to type: it is rarely the
 * name on the door.
 */
export function firstFiscalSettings(state: Pick<State, 'settings' | 'restaurant'>): FiscalSettings {
  const template = fiscalSettingsTemplate();
  return {
    ...template,
    ruc: state.settings.ruc,
    tradeName: state.restaurant.name.slice(0, 200),
    address: { ...template.address, street: (state.settings.address ?? '').slice(0, 200) },
  };
}

/** The saved settings (or the template) as the form edits them. */
export function formOf(settings: FiscalSettings): FiscalForm {
  return {
    ...settings,
    address: { ...settings.address },
    series: { ...settings.series },
    bagProductIds: [...settings.bagProductIds],
    rates: {
      general: settings.rates.general.map((r) => ({ from: r.from, value: percentText(r.basisPoints) })),
      reduced: settings.rates.reduced.map((r) => ({ from: r.from, value: percentText(r.basisPoints) })),
      icbper: settings.rates.icbper.map((r) => ({ from: r.from, value: solesText(r.cents) })),
    },
  };
}

/**
 * The form as the command's payload, or the rate table whose amount is not a
 * number (the hub checks everything else and answers with a code).
 */
export function settingsOf(form: FiscalForm): { ok: true; settings: FiscalSettings } | { ok: false; field: 'rates.general' | 'rates.reduced' | 'rates.icbper' } {
  const igv = (rows: RateRow[]): IgvRate[] | null => {
    const out = rows.map((r) => ({ from: r.from.trim(), basisPoints: parsePercent(r.value) }));
    return out.every((r): r is IgvRate => r.basisPoints !== null) ? out : null;
  };
  const bags = (rows: RateRow[]): BagRate[] | null => {
    const out = rows.map((r) => ({ from: r.from.trim(), cents: parseSoles(r.value) }));
    return out.every((r): r is BagRate => r.cents !== null) ? out : null;
  };
  const general = igv(form.rates.general);
  if (!general) return { ok: false, field: 'rates.general' };
  const reduced = igv(form.rates.reduced);
  if (!reduced) return { ok: false, field: 'rates.reduced' };
  const icbper = bags(form.rates.icbper);
  if (!icbper) return { ok: false, field: 'rates.icbper' };
  const upper = (s: string) => s.trim().toUpperCase();
  return {
    ok: true,
    settings: {
      ...form,
      ruc: form.ruc.trim(),
      series: { factura: upper(form.series.factura), boleta: upper(form.series.boleta), facturaNote: upper(form.series.facturaNote), boletaNote: upper(form.series.boletaNote) },
      rates: { general, reduced, icbper },
    },
  };
}

/**
 * Which block of the form a refusal's field points at: the hub names the
 * field (`address.ubigeo`, `series.boleta`, `rates.reduced`...); a rate
 * refusal is shown above the rate tables.
 */
export function refusalSpot(field: string | undefined): string {
  if (!field) return '';
  return field.startsWith('rates') ? 'rates' : field;
}

const DAY_MS = 86_400_000;

/** What the page warns about the stored certificate. */
export type CertificateWarnings = {
  /** The certificate names another RUC than the restaurant's (null: they agree, or either is unknown). */
  rucDiffers: string | null;
  /** The certificate names no RUC at all. */
  noRuc: boolean;
  expired: boolean;
  /** Days left when 30 or fewer (and not expired), else null. */
  expiresInDays: number | null;
};

/** The warnings for a certificate against the restaurant's RUC at `now`. */
export function certificateWarnings(cert: CertificateView, restaurantRuc: string, now: Date): CertificateWarnings {
  const left = Date.parse(cert.notAfter) - now.getTime();
  const expired = cert.expired || left < 0;
  const days = Math.ceil(left / DAY_MS);
  return {
    rucDiffers: cert.ruc !== null && restaurantRuc !== '' && cert.ruc !== restaurantRuc ? cert.ruc : null,
    noRuc: cert.ruc === null,
    expired,
    expiresInDays: !expired && days <= 30 ? days : null,
  };
}
