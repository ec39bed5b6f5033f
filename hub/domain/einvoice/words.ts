/**
 * An amount in Spanish words, as the legend 1000 of a boleta or factura
 * (cat. 52) writes it: "SON: CIENTO DIECIOCHO CON 00/100 SOLES". Whole soles
 * in words, céntimos as a fraction of 100. Apocope before MIL and MILLONES
 * ("VEINTIÚN MIL", "UN MILLÓN"), the full "UNO" at the end ("CIENTO UNO").
 */

const UNITS = [
  'CERO', 'UNO', 'DOS', 'TRES', 'CUATRO', 'CINCO', 'SEIS', 'SIETE', 'OCHO', 'NUEVE',
  'DIEZ', 'ONCE', 'DOCE', 'TRECE', 'CATORCE', 'QUINCE', 'DIECISÉIS', 'DIECISIETE', 'DIECIOCHO', 'DIECINUEVE',
  'VEINTE', 'VEINTIUNO', 'VEINTIDÓS', 'VEINTITRÉS', 'VEINTICUATRO', 'VEINTICINCO', 'VEINTISÉIS', 'VEINTISIETE', 'VEINTIOCHO', 'VEINTINUEVE',
] as const;
const TENS = ['', '', '', 'TREINTA', 'CUARENTA', 'CINCUENTA', 'SESENTA', 'SETENTA', 'OCHENTA', 'NOVENTA'] as const;
const HUNDREDS = ['', 'CIENTO', 'DOSCIENTOS', 'TRESCIENTOS', 'CUATROCIENTOS', 'QUINIENTOS', 'SEISCIENTOS', 'SETECIENTOS', 'OCHOCIENTOS', 'NOVECIENTOS'] as const;

function below100(n: number): string {
  if (n < 30) return UNITS[n]!;
  const unit = n % 10;
  return TENS[Math.floor(n / 10)]! + (unit ? ` Y ${UNITS[unit]!}` : '');
}

function below1000(n: number): string {
  if (n === 100) return 'CIEN';
  const hundreds = HUNDREDS[Math.floor(n / 100)]!;
  const rest = n % 100;
  if (!rest) return hundreds;
  return hundreds ? `${hundreds} ${below100(rest)}` : below100(rest);
}

/** "UNO" becomes "UN" before a noun (MIL, MILLONES): "VEINTIÚN MIL", "CIENTO UN MILLONES". */
function apocope(words: string): string {
  return words.replace(/VEINTIUNO$/, 'VEINTIÚN').replace(/UNO$/, 'UN');
}

/** A whole number from 0 to 999,999,999,999 in Spanish words, upper case. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n >= 1e12) throw new RangeError(`numberInWords: ${n}`);
  if (n === 0) return UNITS[0];
  const millions = Math.floor(n / 1e6);
  const thousands = Math.floor(n / 1000) % 1000;
  const rest = n % 1000;
  const parts: string[] = [];
  if (millions === 1) parts.push('UN MILLÓN');
  else if (millions > 1) parts.push(`${millions >= 1000 ? numberInWordsThousands(millions) : apocope(below1000(millions))} MILLONES`);
  if (thousands === 1) parts.push('MIL');
  else if (thousands > 1) parts.push(`${apocope(below1000(thousands))} MIL`);
  if (rest) parts.push(below1000(rest));
  return parts.join(' ');
}

/** Millions of millions ("MIL MILLONES"): the thousands part of a count of millions, with apocope. */
function numberInWordsThousands(millions: number): string {
  return apocope(numberInWords(millions));
}

/** The legend 1000 text of an amount in céntimos: "SON: CIENTO DIECIOCHO CON 00/100 SOLES". */
export function amountInWords(cents: number): string {
  const soles = Math.floor(cents / 100);
  const fraction = String(cents % 100).padStart(2, '0');
  return `SON: ${numberInWords(soles)} CON ${fraction}/100 SOLES`;
}
