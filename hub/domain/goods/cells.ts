import type { Names, Spec } from '#protocol';
import { formatSoles, parseCents } from '../money.ts';

/**
 * How menu values are written in one spreadsheet cell and read back. Owners
 * type these by hand, so reading is forgiving (sí/si/yes/是/1/x, "12,50")
 * and writing is plain.
 */

/** Lower case, accents and spacing removed: "Categoría" and "categoria" are one header. */
export function foldKey(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_()（）\-./:：]+/g, '');
}

const YES = new Set(['si', 'sí', 's', 'yes', 'y', 'true', '1', 'x', '是', '✓', 'verdadero']);
const NO = new Set(['no', 'n', 'false', '0', '否', 'falso']);

/** yes/no in any of the three languages; '' is `empty`; null when unrecognisable. */
export function readYesNo(cell: string, empty: boolean): boolean | null {
  const v = cell.trim().toLowerCase();
  if (v === '') return empty;
  if (YES.has(v)) return true;
  if (NO.has(v)) return false;
  return null;
}

/** The word the export writes for a yes/no, in the file's language. */
export function writeYesNo(value: boolean, lang: 'es' | 'en' | 'zh'): string {
  const words = { es: ['sí', 'no'], en: ['yes', 'no'], zh: ['是', '否'] } as const;
  return words[lang][value ? 0 : 1];
}

/** A whole number >= 0 ("12", or "12.0" as a spreadsheet may write it); null otherwise. */
export function readWhole(cell: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,]0+)?\s*$/.exec(cell);
  return m ? Number(m[1]) : null;
}

/** An amount in soles as céntimos: "12", "12.5", "12,50", "S/ 12.50"; null when not one. */
export function readPrice(cell: string): number | null {
  return parseCents(cell.replace(/^\s*S\/\.?\s*/i, ''));
}

/** Céntimos as the plain number a spreadsheet keeps: 1250 -> "12.50". */
export function writePrice(cents: number): string {
  return formatSoles(cents).replace(/^S\/ /, '').replace(/,/g, '');
}

/** A list cell ("sin hielo; con hielo"): items split on ";", blanks dropped. */
export function readList(cell: string): string[] {
  return cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Items joined for one cell; a ";" inside an item would split it on the way back, so it becomes ",". */
export function writeList(items: readonly string[]): string {
  return items.map((s) => s.replace(/;/g, ',')).join('; ');
}

/** A size as read from the sizes cell, before it is matched to an existing size. */
export type SpecCell = { names: Names; priceCents: number; vipPriceCents: number | null };

/**
 * The sizes cell: `Personal=25.00/22.00; Fuente=45.00`, each size
 * `names=price` or `names=price/vip`, the names `es|en|zh` (later ones may be
 * left out). Null when any part cannot be read.
 */
export function readSpecs(cell: string): SpecCell[] | null {
  const out: SpecCell[] = [];
  for (const item of readList(cell)) {
    const eq = item.lastIndexOf('=');
    if (eq <= 0) return null;
    const [es = '', en = '', zh = ''] = item.slice(0, eq).split('|').map((s) => s.trim());
    const [price = '', vip, extra] = item.slice(eq + 1).split('/');
    if (extra !== undefined) return null;
    const priceCents = readPrice(price);
    const vipPriceCents = vip === undefined || vip.trim() === '' ? null : readPrice(vip);
    if (priceCents === null || vipPriceCents === undefined || (vip !== undefined && vip.trim() !== '' && vipPriceCents === null)) return null;
    if (!es && !en && !zh) return null;
    out.push({ names: { es, en, zh }, priceCents, vipPriceCents });
  }
  return out;
}

/** The sizes cell for a product's sizes (the inverse of readSpecs). */
export function writeSpecs(specs: readonly Spec[]): string {
  return writeList(
    specs.map((s) => {
      const names = [s.names.es, s.names.en, s.names.zh].map((n) => n.replace(/[|=]/g, '/'));
      while (names.length > 1 && names.at(-1) === '') names.pop();
      const vip = s.vipPriceCents === null ? '' : `/${writePrice(s.vipPriceCents)}`;
      return `${names.join('|')}=${writePrice(s.priceCents)}${vip}`;
    }),
  );
}
