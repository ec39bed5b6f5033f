import { MAX_IMPORT_ROWS, type MenuRow } from '#hub/domain/goods/import-plan.ts';
import { Slicer } from './cooperative.ts';
import { MenuFileError } from './menu-file-error.ts';
import { MAX_PART_BYTES, MAX_UNPACKED_BYTES } from './xlsx-limits.ts';
import { readSheetRows } from './xlsx-sheet.ts';
import { readSharedStrings } from './xlsx-strings.ts';
import { readDateStyles } from './xlsx-styles.ts';
import { readRels, readWorkbook, relsPartOf, type SheetEntry } from './xlsx-workbook.ts';
import { listZip, unpackEntry, ZipError, type ZipListing } from './zip.ts';

/**
 * Reads the menu sheet of an .xlsx file as rows of text cells, the way the
 * menu import needs them: shared, inline and rich strings (phonetic guides
 * left out), numbers without float noise (12.5, not 12.499999999999998),
 * booleans as 1/0, formulas by their saved value. What text alone would hide
 * is flagged per cell: a number shown as a date, a formula saved without its
 * value, an error value (#N/A). Files from Excel, LibreOffice, Google Sheets,
 * openpyxl and this hub read alike.
 *
 * Hostile files are refused, never allowed to stop the hub: every part is
 * unpacked off the main thread within the caps of xlsx-limits.ts, scanned in
 * one linear pass, and the scan gives way to the event loop every few ms.
 */

export type XlsxReadOptions = {
  /** Whether a sheet whose first non-empty row is `cells` is the one wanted; the default takes any. */
  acceptHeader?: (cells: readonly string[]) => boolean;
  /** Most rows under the header; one more is refused ('tooManyRows'). */
  maxRows?: number;
};

function fromZip(err: unknown): unknown {
  if (!(err instanceof ZipError)) return err;
  const issue = err.kind === 'tooBig' ? 'fileTooBig' : err.kind === 'damaged' ? 'fileDamaged' : 'unreadable';
  return new MenuFileError(issue, err.message);
}

/** Unpacks the parts of one file within one budget for all of them together. */
class Parts {
  private left = MAX_UNPACKED_BYTES;
  private readonly buf: Buffer;
  private readonly listing: Map<string, ZipListing>;

  constructor(buf: Buffer, listing: Map<string, ZipListing>) {
    this.buf = buf;
    this.listing = listing;
  }

  async get(name: string): Promise<Buffer | undefined> {
    const entry = this.listing.get(name);
    if (!entry) return undefined;
    try {
      const data = await unpackEntry(this.buf, entry, Math.min(MAX_PART_BYTES, this.left));
      this.left -= data.length;
      return data;
    } catch (err) {
      throw fromZip(err);
    }
  }
}

/** What a zip that is not an .xlsx workbook is, for the owner: an OpenDocument file, a binary .xlsb, or something else. */
function notAWorkbook(listing: Map<string, ZipListing>, workbookPath: string): MenuFileError {
  if (listing.has('content.xml') || listing.has('mimetype')) return new MenuFileError('fileOds', 'an OpenDocument file');
  if (workbookPath.endsWith('.bin') || listing.has('xl/workbook.bin')) return new MenuFileError('fileXlsb', 'a binary .xlsb workbook');
  return new MenuFileError('unreadable', 'a zip without a workbook');
}

/**
 * The sheets to try, best first: the tab that was open when the file was
 * saved, then the others in tab order. Hidden sheets never: an old price list
 * kept hidden is not what the owner sees, so it must not be what is imported.
 */
function candidates(sheets: readonly SheetEntry[], activeTab: number): string[] {
  const visible = sheets.filter((s) => !s.hidden && s.target);
  const active = sheets[activeTab];
  const ordered = active && visible.includes(active) ? [active, ...visible.filter((s) => s !== active)] : visible;
  return [...new Set(ordered.map((s) => s.target!))];
}

/** The rows of the chosen sheet, header first; only rows with something in them. */
export async function readXlsx(buf: Buffer, options: XlsxReadOptions = {}): Promise<MenuRow[]> {
  const acceptHeader = options.acceptHeader ?? (() => true);
  const maxRows = options.maxRows ?? MAX_IMPORT_ROWS;
  const slicer = new Slicer();
  let listing: Map<string, ZipListing>;
  try {
    listing = listZip(buf);
  } catch (err) {
    throw fromZip(err);
  }
  const parts = new Parts(buf, listing);
  // An OpenDocument file names its kind in its first entry, "mimetype".
  const mimetype = listing.has('mimetype') ? (await parts.get('mimetype'))?.toString('latin1', 0, 100) : undefined;
  if (mimetype?.startsWith('application/vnd.oasis.opendocument.spreadsheet')) throw new MenuFileError('fileOds', 'an OpenDocument spreadsheet');
  const root = [...(await readRels(await parts.get('_rels/.rels'), '', slicer)).values()].find((r) => r.type.endsWith('/officeDocument'));
  const workbookPath = root?.target ?? 'xl/workbook.xml';
  const workbookXml = workbookPath.endsWith('.xml') ? await parts.get(workbookPath) : undefined;
  if (!workbookXml) throw notAWorkbook(listing, workbookPath);
  const rels = await readRels(await parts.get(relsPartOf(workbookPath)), workbookPath, slicer);
  const workbook = await readWorkbook(workbookXml, rels, slicer);
  const related = (kind: string, fallback: string) => [...rels.values()].find((r) => r.type.endsWith(kind))?.target ?? fallback;
  const sstXml = await parts.get(related('/sharedStrings', 'xl/sharedStrings.xml'));
  const shared = sstXml ? await readSharedStrings(sstXml, slicer) : [];
  const stylesXml = await parts.get(related('/styles', 'xl/styles.xml'));
  const dateStyles = stylesXml ? await readDateStyles(stylesXml, slicer) : [];

  for (const target of candidates(workbook.sheets, workbook.activeTab)) {
    const xml = await parts.get(target);
    if (!xml) continue;
    const rows = await readSheetRows(xml, { shared, dateStyles, slicer, part: target }, { acceptHeader, maxRows });
    if (rows) return rows;
  }
  throw new MenuFileError('noMenuSheet', `none of ${workbook.sheets.length} sheets`);
}
