/**
 * Céntimos as the decimal strings SUNAT's XML carries, and the one division
 * the tax rules need, all in integers (BigInt where a quotient needs more
 * than 2 decimals): never a float on the way to a document.
 */

/** 11800 → "118.00". */
export function dec2(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "118.00" → 11800, "-3.50" → -350: the inverse of dec2, for strings the tax rules wrote (read as text, never through a float). */
export function centsOf(amount: string): number {
  const negative = amount.startsWith('-');
  const [whole = '0', frac = ''] = amount.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

/** `cents / 100 / qty` rounded half up to `places` decimals (2–10), trailing zeros after the second decimal dropped: 1000/3 → "3.3333333333". */
export function decDiv(cents: number, qty: number, places = 10): string {
  const scale = 10n ** BigInt(places - 2);
  const q = BigInt(qty);
  const scaled = (BigInt(cents) * scale * 2n + q) / (2n * q);
  const text = scaled.toString().padStart(places + 1, '0');
  const whole = text.slice(0, text.length - places);
  const frac = text.slice(text.length - places).replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${frac}`;
}

/**
 * The value without tax of an amount that includes it, at a rate in basis
 * points (1800 = 18 %), rounded half up to the céntimo: 11800 at 1800 → 10000.
 * The tax is then the difference, so value + tax is the amount exactly.
 */
export function baseOf(inclusiveCents: number, basisPoints: number): number {
  const divisor = 10_000 + basisPoints;
  return Math.floor((inclusiveCents * 10_000 * 2 + divisor) / (2 * divisor));
}

/** A rate in basis points as SUNAT writes the percent: 1800 → "18.00". */
export function percentText(basisPoints: number): string {
  return dec2(basisPoints);
}

/** `part / whole` to 5 decimals (the global discount's factor), half up; "0.00000" when whole is 0. */
export function factor5(part: number, whole: number): string {
  if (whole <= 0) return '0.00000';
  const scaled = Math.floor((part * 100_000 * 2 + whole) / (2 * whole));
  return `${Math.floor(scaled / 100_000)}.${String(scaled % 100_000).padStart(5, '0')}`;
}
