/**
 * SUNAT's RUC (Registro Único de Contribuyentes): 11 digits, a prefix that
 * says what kind of taxpayer it is, and a check digit (modulus 11). Shared by
 * the hub (which refuses a wrong one) and the setup page (which says so at once).
 */

/** 10 person, 15/16/17 other natural-person and non-domiciled cases, 20 company. */
export const RUC_PREFIXES = ['10', '15', '16', '17', '20'] as const;
const WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** The check digit SUNAT expects after the first ten digits. */
export function rucCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(first10[i]) * WEIGHTS[i]!;
  const digit = 11 - (sum % 11);
  // 11 - 0 = 11 and 11 - 1 = 10 do not fit one digit: SUNAT writes them as 1 and 0.
  return digit === 11 ? 1 : digit === 10 ? 0 : digit;
}

/** True for a well-formed RUC: 11 digits, a known prefix, the right check digit. */
export function isValidRuc(ruc: string): boolean {
  if (!/^\d{11}$/.test(ruc)) return false;
  if (!(RUC_PREFIXES as readonly string[]).includes(ruc.slice(0, 2))) return false;
  return rucCheckDigit(ruc.slice(0, 10)) === Number(ruc[10]);
}
