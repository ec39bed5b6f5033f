/**
 * Parts every SUNAT document shares: namespaces, the empty extension slot the
 * signer fills, the signature reference, the parties, amounts.
 */
import type { FiscalIssuer, FiscalParty } from '#protocol';
import { el, leaf, type XmlElement } from './xml-writer.ts';

export const NS = {
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  sac: 'urn:sunat:names:specification:ubl:peru:schema:xsd:SunatAggregateComponents-1',
} as const;

/** Namespace declarations for a root element whose default namespace is `defaultNs`. */
export function rootAttrs(defaultNs: string): Record<string, string> {
  return {
    xmlns: defaultNs,
    'xmlns:cac': NS.cac,
    'xmlns:cbc': NS.cbc,
    'xmlns:ds': NS.ds,
    'xmlns:ext': NS.ext,
    'xmlns:sac': NS.sac,
  };
}

/**
 * The `Id` the signer gives its `ds:Signature`; `cac:Signature` points at it
 * (`#` + this) so SUNAT can pair the UBL signature reference with the XMLDSig.
 */
export const SIGNATURE_ID = 'SignatureSP';

/**
 * Where the signature goes: every builder writes exactly this empty element,
 * the only `ext:ExtensionContent` of the document, at
 * `/*\/ext:UBLExtensions/ext:UBLExtension/ext:ExtensionContent` (the first
 * child of the root). The signer (hub/einvoice/sign) puts the enveloped
 * `ds:Signature Id="SignatureSP"` inside it.
 */
export const EXTENSION_CONTENT_SLOT = '<ext:ExtensionContent/>';

/** `ext:UBLExtensions` with the one empty slot for the signature. */
export function signatureSlot(): XmlElement {
  return el('ext:UBLExtensions', {}, el('ext:UBLExtension', {}, el('ext:ExtensionContent', {})));
}

/** `cac:Signature`: who signs and where the XMLDSig is (SUNAT checks the reference, the signer writes the signature). */
export function signatureReference(issuer: FiscalIssuer): XmlElement {
  return el('cac:Signature', {},
    leaf('cbc:ID', issuer.ruc),
    el('cac:SignatoryParty', {},
      el('cac:PartyIdentification', {}, leaf('cbc:ID', issuer.ruc)),
      el('cac:PartyName', {}, leaf('cbc:Name', issuer.legalName))),
    el('cac:DigitalSignatureAttachment', {},
      el('cac:ExternalReference', {}, leaf('cbc:URI', `#${SIGNATURE_ID}`))));
}

/** An amount in soles: `currencyID="PEN"`. */
export function amount(name: string, value: string): XmlElement {
  return leaf(name, value, { currencyID: 'PEN' });
}

const CATALOGUE = (n: string) => `urn:pe:gob:sunat:cpe:see:gem:catalogos:catalogo${n}`;

/** An identity number with its cat. 06 type. */
export function partyId(type: string, value: string): XmlElement {
  return leaf('cbc:ID', value, {
    schemeID: type,
    schemeName: 'Documento de Identidad',
    schemeAgencyName: 'PE:SUNAT',
    schemeURI: CATALOGUE('06'),
  });
}

/** A code from a SUNAT catalogue, with the list attributes SUNAT's examples carry. */
export function catalogueCode(name: string, value: string, catalogue: string, listName: string, extra: Record<string, string> = {}): XmlElement {
  return leaf(name, value, { ...extra, listAgencyName: 'PE:SUNAT', listName, listURI: CATALOGUE(catalogue) });
}

/**
 * `cac:AccountingSupplierParty` for 01/03/07 (UBL 2.1): RUC (cat. 06 code 6),
 * trade name, legal name, and the fiscal address whose `AddressTypeCode` is
 * the establishment code SUNAT registered ("0000" = main).
 */
export function supplierParty(issuer: FiscalIssuer): XmlElement {
  const { address } = issuer;
  return el('cac:AccountingSupplierParty', {},
    el('cac:Party', {},
      el('cac:PartyIdentification', {}, partyId('6', issuer.ruc)),
      issuer.tradeName !== '' && el('cac:PartyName', {}, leaf('cbc:Name', issuer.tradeName)),
      el('cac:PartyLegalEntity', {},
        leaf('cbc:RegistrationName', issuer.legalName),
        el('cac:RegistrationAddress', {},
          leaf('cbc:ID', address.ubigeo, { schemeName: 'Ubigeos', schemeAgencyName: 'PE:INEI' }),
          leaf('cbc:AddressTypeCode', address.establishmentCode, { listAgencyName: 'PE:SUNAT', listName: 'Establecimientos anexos' }),
          leaf('cbc:CityName', address.province),
          leaf('cbc:CountrySubentity', address.department),
          leaf('cbc:District', address.district),
          el('cac:AddressLine', {}, leaf('cbc:Line', address.street)),
          el('cac:Country', {}, leaf('cbc:IdentificationCode', 'PE', { listID: 'ISO 3166-1', listAgencyName: 'United Nations Economic Commission for Europe', listName: 'Country' }))))));
}

/**
 * The buyer's identity as SUNAT reads it. A boleta's "consumidor final"
 * (contract type '-') has no catalogue-06 code of its own: SUNAT's practice
 * is type 0 with the number "-" (documented in hub/einvoice/README.md).
 */
export function buyerIdentity(customer: FiscalParty): { type: string; number: string } {
  if (customer.idType === '-') return { type: '0', number: customer.idNumber === '' ? '-' : customer.idNumber };
  return { type: customer.idType, number: customer.idNumber };
}

/**
 * The buyer's name as written: a boleta without a name (consumidor final, or
 * a DNI given without a name) reads "CLIENTES VARIOS", because SUNAT's rule
 * 2022 wants 3 to 1500 characters there.
 */
export const NAMELESS_BUYER = 'CLIENTES VARIOS';

/** `cac:AccountingCustomerParty` for 01/03/07. */
export function customerParty(customer: FiscalParty): XmlElement {
  const id = buyerIdentity(customer);
  return el('cac:AccountingCustomerParty', {},
    el('cac:Party', {},
      el('cac:PartyIdentification', {}, partyId(id.type, id.number)),
      el('cac:PartyLegalEntity', {}, leaf('cbc:RegistrationName', customer.name.trim() === '' ? NAMELESS_BUYER : customer.name))));
}

/** `cac:AccountingSupplierParty` in the UBL 2.0 form RC and RA still use (RUC as CustomerAssignedAccountID). */
export function supplierParty20(issuer: FiscalIssuer): XmlElement {
  return el('cac:AccountingSupplierParty', {},
    leaf('cbc:CustomerAssignedAccountID', issuer.ruc),
    leaf('cbc:AdditionalAccountID', '6'),
    el('cac:Party', {}, el('cac:PartyLegalEntity', {}, leaf('cbc:RegistrationName', issuer.legalName))));
}

/** Legends (cat. 52): `cbc:Note languageLocaleID="1000"` and so on. */
export function legendNotes(legends: { code: string; text: string }[]): XmlElement[] {
  return legends.map((legend) => leaf('cbc:Note', legend.text, { languageLocaleID: legend.code }));
}

/** "F001-123": series and number as SUNAT writes a document id (no leading zeros). */
export function documentId(series: string, number: number): string {
  return `${series}-${number}`;
}

/** True when a decimal string is not zero ("0", "0.00" are zero). */
export function nonZero(value: string | undefined): value is string {
  return value !== undefined && Number(value) !== 0;
}
