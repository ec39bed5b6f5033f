/**
 * `VoidedDocuments` (comunicación de baja, RA): UBL 2.0, SUNAT
 * customization 1.0. One line per voided factura or note, with the reason.
 */
import type { VoidedDocument } from '#protocol';
import { rootAttrs, signatureReference, signatureSlot, supplierParty20 } from './common.ts';
import { el, leaf, writeXml } from './xml-writer.ts';

const VOIDED_NS = 'urn:sunat:names:specification:ubl:peru:schema:xsd:VoidedDocuments-1';

/** The XML of a communication of voiding; the signature slot is left empty for the signer. */
export function buildVoidedXml(doc: VoidedDocument): string {
  const root = el('VoidedDocuments', rootAttrs(VOIDED_NS),
    signatureSlot(),
    leaf('cbc:UBLVersionID', '2.0'),
    leaf('cbc:CustomizationID', '1.0'),
    leaf('cbc:ID', doc.id),
    leaf('cbc:ReferenceDate', doc.referenceDate),
    leaf('cbc:IssueDate', doc.issueDate),
    signatureReference(doc.issuer),
    supplierParty20(doc.issuer),
    doc.lines.map((line) => el('sac:VoidedDocumentsLine', {},
      leaf('cbc:LineID', String(line.index)),
      leaf('cbc:DocumentTypeCode', line.type),
      leaf('sac:DocumentSerialID', line.series),
      leaf('sac:DocumentNumberID', String(line.number)),
      leaf('sac:VoidReasonDescription', line.reason))));
  return writeXml(root);
}
