import type { State } from '#protocol';
import { menuTable, type ExportCell } from '#hub/domain/goods/export-table.ts';
import { MAX_IMPORT_ROWS, readHeader, type MenuTable } from '#hub/domain/goods/import-plan.ts';
import { writePrice } from '#hub/domain/goods/cells.ts';
import { readCsvMenu, writeCsv } from './csv.ts';
import { MenuFileError } from './menu-file-error.ts';
import { readXlsx } from './xlsx-read.ts';
import { writeXlsx } from './xlsx-write.ts';

/** The menu file formats the hub reads and writes. */
export type MenuFormat = 'csv' | 'xlsx';
export type Lang = 'es' | 'en' | 'zh';

export const CONTENT_TYPES: Record<MenuFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Whether the bytes are a zip (so an .xlsx, or an .ods), whatever the file was called. */
export function isXlsx(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && (bytes[2] === 0x03 || bytes[2] === 0x05) && (bytes[3] === 0x04 || bytes[3] === 0x06);
}

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/**
 * What an OLE2 compound file is: Excel 97-2003 (.xls), or an .xlsx saved
 * with a password, which Excel wraps in OLE2 with an "EncryptedPackage"
 * stream (its directory names are UTF-16).
 */
function oleFileError(bytes: Buffer): MenuFileError {
  if (bytes.includes(Buffer.from('EncryptedPackage', 'utf16le'))) return new MenuFileError('fileEncrypted', 'a password-protected workbook');
  return new MenuFileError('fileXls', 'an Excel 97-2003 workbook');
}

/** A sheet is the menu when its header row names the code column (in any of the three languages). */
const isMenuHeader = (cells: readonly string[]) => readHeader(cells.map((c) => c.trim())).columns.includes('code');

/**
 * The header and rows of an uploaded menu file (CSV or XLSX, told apart by
 * their bytes). The header is the first row with anything in it; in a
 * workbook, of the first visible sheet whose header has the code column.
 * A file refused as a whole throws MenuFileError with the issue to show.
 */
export async function readMenuFile(bytes: Buffer): Promise<MenuTable> {
  if (bytes.subarray(0, 8).equals(OLE2)) throw oleFileError(bytes);
  if (isXlsx(bytes)) {
    const rows = await readXlsx(bytes, { acceptHeader: isMenuHeader, maxRows: MAX_IMPORT_ROWS });
    const [header, ...rest] = rows;
    return { header: header?.cells.map((c) => c.trim()) ?? [], rows: rest };
  }
  return readCsvMenu(bytes);
}

/** The whole menu as a file in the given format, headers in the given language. */
export function writeMenuFile(state: State, format: MenuFormat, lang: Lang): Buffer {
  const table = menuTable(state, lang);
  if (format === 'csv') {
    const text = (c: ExportCell) => (c.t === 's' ? c.v : c.t === 'n' ? String(c.v) : writePrice(c.cents));
    return writeCsv([table.header, ...table.rows.map((r) => r.map(text))]);
  }
  const sheet = { es: 'Carta', en: 'Menu', zh: '菜单' }[lang];
  return writeXlsx(
    sheet,
    table.header,
    table.rows.map((r) => r.map((c) => (c.t === 'money' ? { t: 'money' as const, v: c.cents / 100 } : c))),
  );
}

/** "restaurante-demo-carta-2025-03-14.xlsx": the restaurant, the word for menu, the day (Lima time). */
export function menuFileName(restaurant: string, format: MenuFormat, lang: Lang, now: Date, utcOffsetMinutes = -300): string {
  const slug =
    restaurant
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'restaurante';
  const day = new Date(now.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
  const word = { es: 'carta', en: 'menu', zh: 'menu' }[lang];
  return `${slug}-${word}-${day}.${format}`;
}
