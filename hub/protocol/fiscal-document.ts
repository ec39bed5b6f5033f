/**
 * Peru's electronic sales documents (issue 11) as data: what the tax rules
 * compute from a bill (hub/domain/einvoice) and what the UBL 2.1 builders
 * (hub/einvoice/ubl) turn into XML for SUNAT. Amounts are decimal strings as
 * they go into the XML ("118.00", a unit value may carry up to 10
 * decimals), computed from integer céntimos; never floats. Codes are
 * SUNAT's catalogues (fixtures/sunat/xsl/commons/cpe/catalogo): document
 * types cat. 01, identity documents cat. 06, IGV affectation cat. 07,
 * credit-note reasons cat. 09, legends cat. 52.
 */

/** Cat. 01: 01 factura, 03 boleta de venta, 07 nota de crédito. */
export type FiscalDocType = '01' | '03' | '07';
/** Cat. 06: 0 other (non-domiciled), 1 DNI, 4 foreigner's card, 6 RUC, 7 passport, A diplomatic ID, '-' none (consumidor final). */
export type IdentityType = '0' | '1' | '4' | '6' | '7' | 'A' | '-';

export type FiscalParty = { idType: IdentityType; idNumber: string; name: string };

export type FiscalIssuer = {
  ruc: string;
  legalName: string;
  tradeName: string;
  /** Fiscal address: ubigeo (6 digits, INEI), street line, district, province, department, establishment code (4 digits, '0000' = main). */
  address: { ubigeo: string; street: string; district: string; province: string; department: string; establishmentCode: string };
};

/** Cat. 07: 10 gravado (IGV), 20 exonerado, 30 inafecto. */
export type IgvAffectation = '10' | '20' | '30';

export type FiscalLine = {
  /** 1, 2, 3... in document order. */
  index: number;
  /** The restaurant's own product code. */
  code: string;
  description: string;
  /** Quantity as a decimal string ("2"). */
  qty: string;
  /** Cat. 03 unit: NIU (units, goods) or ZZ (services: tip, minimum-spend fee). */
  unitCode: 'NIU' | 'ZZ';
  /** Value of one unit without taxes (up to 10 decimals). */
  unitValue: string;
  /** Price of one unit with taxes, as charged after the line's own discount (2 decimals; SUNAT rule 3270). */
  unitPrice: string;
  /** Line value without taxes, after the line's discount (2 decimals): the IGV base. */
  lineExtension: string;
  /** A discount on this line (cat. 53 code 00), without taxes; absent when none. */
  discount?: { base: string; amount: string };
  affectation: IgvAffectation;
  igvPercent: string;
  igv: string;
  /** ICBPER (plastic-bag tax, cat. 05 code 7152): bags in this line and the tax per bag. */
  icbper?: { bags: number; perBag: string; amount: string };
  /** A line given free (gift): SUNAT's "transferencia gratuita" (affectation 11–16 / 21 / 31–36): value shown, nothing charged. */
  free?: boolean;
};

export type FiscalTotals = {
  /** Sum of gravado line values (IGV base), exonerado, inafecto, gratuito. */
  taxable: string;
  exempt: string;
  unaffected: string;
  free: string;
  igv: string;
  icbper: string;
  /** A discount on the whole document that lowers the base (cat. 53 code 02), without taxes. */
  globalDiscount?: { factor: string; base: string; amount: string };
  /** Sum of line values, taxes included, minus the global discount: LegalMonetaryTotal. */
  lineExtension: string;
  taxInclusive: string;
  /** Charges outside the base (cat. 53 code 46 / 50: a tip, if it is put on the document) and discounts outside it. */
  charges: string;
  allowances: string;
  payable: string;
};

/** A factura, boleta or credit note, ready to be written as UBL 2.1. */
export type FiscalDocument = {
  type: FiscalDocType;
  /** F001 / B001 / FC01 / BC01 (four characters). */
  series: string;
  /** 1 to 99,999,999, gap-free per series. */
  number: number;
  /** Lima date and time of issue: YYYY-MM-DD, HH:MM:SS. */
  issueDate: string;
  issueTime: string;
  currency: 'PEN';
  issuer: FiscalIssuer;
  customer: FiscalParty;
  lines: FiscalLine[];
  totals: FiscalTotals;
  /** Cat. 52: 1000 the total in words ("CIENTO DIECIOCHO CON 00/100 SOLES"). */
  legends: { code: string; text: string }[];
  /** Facturas: "Contado" (paid at the till) or "Credito" (on account, with the amount owed). */
  paymentTerms?: { kind: 'Contado' } | { kind: 'Credito'; amount: string; dueDate: string };
  /** Credit notes: the document it corrects, and why (cat. 09). */
  reference?: { type: '01' | '03'; series: string; number: number; reasonCode: string; reason: string };
};

/** One line of a daily summary (resumen diario, RC): a boleta or a credit note on a boleta, added (1), changed (2) or voided (3). */
export type SummaryLine = {
  index: number;
  type: '03' | '07';
  series: string;
  number: number;
  customer: FiscalParty;
  status: '1' | '2' | '3';
  totals: Pick<FiscalTotals, 'taxable' | 'exempt' | 'unaffected' | 'free' | 'igv' | 'icbper' | 'payable'> & {
    /**
     * The document's charges outside the base less its discounts outside the base (the tip, in
     * practice), when positive: the RC line's "otros cargos", so that SUNAT's sum of the line's
     * amounts meets its total (observation 4027 otherwise). Absent when none, and on lines
     * queued before it was recorded.
     */
    charges?: string;
  };
  reference?: { type: '03'; series: string; number: number };
};

/** A daily summary of boletas: id RC-YYYYMMDD-n, the day of the boletas and the day it is sent. */
export type SummaryDocument = { id: string; referenceDate: string; issueDate: string; issuer: FiscalIssuer; lines: SummaryLine[] };

/** A communication of voiding (comunicación de baja, RA) for facturas and their notes: id RA-YYYYMMDD-n. */
export type VoidedDocument = {
  id: string;
  referenceDate: string;
  issueDate: string;
  issuer: FiscalIssuer;
  lines: { index: number; type: '01' | '07'; series: string; number: number; reason: string }[];
};
