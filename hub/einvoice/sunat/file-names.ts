/**
 * SUNAT's file names (Manual del programador, RS 097-2012/SUNAT y modificatorias, 1.2): the XML
 * is `RUC-TT-SERIE-CORRELATIVO.xml` (TT = catalogue 01 type: 01, 03, 07, 08), a summary
 * `RUC-RC-YYYYMMDD-n.xml`, a voiding `RUC-RA-YYYYMMDD-n.xml`; the zip carries the same name, and
 * SUNAT's answer is `R-<name>.zip` holding `R-<name>.xml`. Error 0161 rejects a zip whose XML
 * name differs.
 */

/** A document's identity as SUNAT reads it from the file name. */
export type DocumentName =
  | { ruc: string; type: '01' | '03' | '07' | '08'; series: string; number: number }
  | { ruc: string; type: 'RC' | 'RA'; date: string; sequence: number };

/** Thrown for a name SUNAT would refuse (0151/0159), before anything is sent. */
export class FileNameError extends Error {
  readonly code = 'FILE_NAME_INVALID';
  constructor(reason: string) {
    super(`FILE_NAME_INVALID: ${reason}`);
    this.name = 'FileNameError';
  }
}

/** The base name, without extension: `20123456789-01-F001-1`, `20123456789-RC-20260131-1`. */
export function baseName(doc: DocumentName): string {
  if (!/^\d{11}$/.test(doc.ruc)) throw new FileNameError('the RUC must be 11 digits');
  if ('date' in doc) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(doc.date)) throw new FileNameError('the date must be YYYY-MM-DD');
    if (!Number.isInteger(doc.sequence) || doc.sequence < 1 || doc.sequence > 99_999) throw new FileNameError('the sequence must be 1 to 99999');
    return `${doc.ruc}-${doc.type}-${doc.date.replaceAll('-', '')}-${doc.sequence}`;
  }
  if (!/^[A-Z0-9]{4}$/.test(doc.series)) throw new FileNameError('the series must be 4 letters or digits');
  // Error 0010: "numérico de 1 hasta 8 dígitos y mayor a cero".
  if (!Number.isInteger(doc.number) || doc.number < 1 || doc.number > 99_999_999) throw new FileNameError('the number must be 1 to 99999999');
  return `${doc.ruc}-${doc.type}-${doc.series}-${doc.number}`;
}

/** `<base>.zip` and the `<base>.xml` it contains. */
export function fileNames(doc: DocumentName): { zip: string; xml: string } {
  const base = baseName(doc);
  return { zip: `${base}.zip`, xml: `${base}.xml` };
}

/** The XML name inside a zip named `zipName` (`x.zip` -> `x.xml`). */
export function xmlNameOf(zipName: string): string {
  return zipName.replace(/\.zip$/i, '.xml');
}

/** The name of SUNAT's answer for a sent zip (`x.zip` -> `R-x.zip`, holding `R-x.xml`). */
export function cdrNames(zipName: string): { zip: string; xml: string } {
  return { zip: `R-${zipName}`, xml: `R-${xmlNameOf(zipName)}` };
}
