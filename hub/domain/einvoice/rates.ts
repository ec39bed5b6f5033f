import type { BagRate, FiscalSettings, IgvRate } from '#protocol';

/**
 * Dated tax rates: presets the owner starts from, and the rate in force on a
 * Lima day. The rules never hold a rate of their own: every document reads
 * the one its settings give for its issue day (sources: README.md here).
 */

/** IGV 16 % + IPM 2 % = 18 %, since 1 March 2011 (Ley 29666). */
export const GENERAL_IGV_PRESET: readonly IgvRate[] = [{ from: '2011-03-01', basisPoints: 1800 }];

/**
 * Micro and small restaurants, hotels and tourist lodgings: IGV 8 % + IPM 2 %
 * from 1 September 2022 (Ley 31556), kept for 2025 and 2026 and 12 % + 2 %
 * for 2027 by its extension (Ley 32219), the general 18 % again from 2028.
 */
export const REDUCED_IGV_PRESET: readonly IgvRate[] = [
  { from: '2022-09-01', basisPoints: 1000 },
  { from: '2027-01-01', basisPoints: 1400 },
  { from: '2028-01-01', basisPoints: 1800 },
];

/** ICBPER per plastic bag (Ley 30884, art. 12): S/ 0.10 from 1 August 2019, +0.10 each year, S/ 0.50 from 2023. */
export const ICBPER_PRESET: readonly BagRate[] = [
  { from: '2019-08-01', cents: 10 },
  { from: '2020-01-01', cents: 20 },
  { from: '2021-01-01', cents: 30 },
  { from: '2022-01-01', cents: 40 },
  { from: '2023-01-01', cents: 50 },
];

/** The entry in force on `day` (YYYY-MM-DD): the latest whose `from` is not after it; undefined before the first. */
export function inForce<T extends { from: string }>(rates: readonly T[], day: string): T | undefined {
  let found: T | undefined;
  for (const r of rates) if (r.from <= day && (!found || r.from >= found.from)) found = r;
  return found;
}

/** The IGV (+IPM) rate of the restaurant's regime on a Lima day, in basis points; undefined when none is set for that day. */
export function igvRateOn(settings: Pick<FiscalSettings, 'regime' | 'rates'>, day: string): number | undefined {
  return inForce(settings.regime === 'reduced' ? settings.rates.reduced : settings.rates.general, day)?.basisPoints;
}

/** ICBPER per bag on a Lima day, in céntimos (0 before the tax existed). */
export function bagTaxOn(settings: Pick<FiscalSettings, 'rates'>, day: string): number {
  return inForce(settings.rates.icbper, day)?.cents ?? 0;
}

/** True when the dates are real days, in increasing order, none twice. */
export function ratesWellFormed(rates: readonly { from: string }[]): boolean {
  for (let i = 0; i < rates.length; i++) {
    const day = rates[i]!.from;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
    const t = Date.parse(`${day}T00:00:00Z`);
    if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day) return false;
    if (i > 0 && rates[i - 1]!.from >= day) return false;
  }
  return true;
}
