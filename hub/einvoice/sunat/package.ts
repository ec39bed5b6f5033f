import { fileNames, type DocumentName } from './file-names.ts';
import { writeZip } from './zip.ts';

/**
 * The bytes of an XML text in the encoding its declaration names: SUNAT's samples declare
 * ISO-8859-1 as often as UTF-8, and the bytes must match or "Señor" becomes a different
 * document (and the signature digest no longer matches).
 */
export function xmlBytes(xml: string): Buffer {
  const declared = /^<\?xml[^>]*encoding=["']([^"']+)["']/i.exec(xml)?.[1]?.toLowerCase();
  return declared === 'iso-8859-1' || declared === 'latin1' ? Buffer.from(xml, 'latin1') : Buffer.from(xml, 'utf8');
}

/** A signed document ready for sendBill or sendSummary: `RUC-TT-SERIE-NUMERO.zip` holding the `.xml`. */
export function packageDocument(doc: DocumentName, signedXml: string): { fileName: string; zip: Buffer } {
  const names = fileNames(doc);
  return { fileName: names.zip, zip: writeZip([{ name: names.xml, data: xmlBytes(signedXml) }]) };
}
