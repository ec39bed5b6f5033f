import { z } from 'zod';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';
import type { SummaryDocument, SummaryLine } from '../fiscal-document.ts';

/**
 * Electronic receipts (issue 11), the fiscal part the hub's rules need: who
 * issues (RUC, legal name, fiscal address, establishment), the series of each
 * document type, the dated tax rates, and the last number used per series.
 * The certificate, the SOL user and password are NOT here: they live in the
 * hub's secret store and never reach the state, a snapshot or a broadcast.
 * Rules and sources: hub/domain/einvoice/README.md.
 */

/** YYYY-MM-DD; checked by the rules (INVALID_TAX_RATES) rather than here, like every fiscal field. */
const isoDay = z.string().trim().max(10);
/** Up to 200 characters of printable text (names and address lines as SUNAT's XML carries them). */
const line = (max: number) => z.string().trim().max(max);

/** A tax rate in force from a Lima day: hundredths of a percent (1800 = 18.00 %, IGV 16 % + IPM 2 %). */
export const igvRateSchema = z.object({ from: isoDay, basisPoints: z.int().min(0).max(5000) });
export type IgvRate = z.infer<typeof igvRateSchema>;
/** The plastic-bag tax (ICBPER) per bag in céntimos, in force from a Lima day. */
export const bagRateSchema = z.object({ from: isoDay, cents: z.int().min(0).max(1000) });
export type BagRate = z.infer<typeof bagRateSchema>;

/** general: IGV 18 %; reduced: the rate of Ley 31556 and its extension (micro and small restaurants and hotels). */
export const TAX_REGIMES = ['general', 'reduced'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

/**
 * The owner's fiscal settings. The shapes are loose on purpose (a string for
 * the ubigeo, the series, the dates): the rules check each and answer a code
 * the till translates (INVALID_UBIGEO, INVALID_SERIES...), not a bare "bad
 * payload".
 */
export const fiscalSettingsSchema = z.object({
  ruc: line(11),
  legalName: line(200),
  tradeName: line(200),
  address: z.object({
    street: line(200),
    district: line(60),
    province: line(60),
    department: line(60),
    /** INEI's 6-digit code of the district (department, province, district). */
    ubigeo: line(6),
    /** SUNAT's 4-digit code of the establishment ('0000' = the main one). */
    establishmentCode: line(4),
  }),
  /** Four characters each: F### facturas, B### boletas; credit notes on each carry the same first letter. */
  series: z.object({ factura: line(4), boleta: line(4), facturaNote: line(4), boletaNote: line(4) }),
  regime: z.enum(TAX_REGIMES),
  rates: z.object({
    general: z.array(igvRateSchema).min(1).max(30),
    reduced: z.array(igvRateSchema).max(30),
    icbper: z.array(bagRateSchema).max(30),
  }),
  /** Dishes that are plastic bags (each one sold carries ICBPER). */
  bagProductIds: z.array(idSchema).max(20),
});
export type FiscalSettings = z.infer<typeof fiscalSettingsSchema>;

/** Which fiscal document a bill became, numbered by the hub at settlement (absent: a sale note, or e-invoicing not set up). */
export type BillFiscal = { type: '01' | '03'; series: string; number: number };

/**
 * A fiscal document's key: cat. 01 type, series, number ("03-B001-17"). With
 * the RUC in front it is SUNAT's file name (`20123456789-03-B001-17.xml`);
 * the document store, the jobs and the documents page all name a document so.
 */
export function fiscalKey(d: { type: string; series: string; number: number }): string {
  return `${d.type}-${d.series}-${d.number}`;
}

/**
 * A boleta, or a credit note on a boleta, waiting for its daily summary (RC):
 * SUNAT learns of boletas through the summary of their day of issue
 * (hub/domain/einvoice/README.md). Kept in the live state from settlement
 * until `einvoice.summarize` puts it in a summary; `line.index` is
 * renumbered then.
 */
export type PendingSummaryLine = { key: string; referenceDate: string; line: SummaryLine };

/** Events of e-invoicing. */
export type EinvoiceEvent =
  | { type: 'fiscal.settingsSaved'; settings: FiscalSettings }
  /** Recorded with `order.settled` (or a credit note's `bill.corrected`), in the same log record: the series' counter moves to `number`. */
  | { type: 'fiscal.numbered'; series: string; number: number; billId: string }
  /** A boleta or a note on one joins the lines waiting for their day's summary (same log record as its numbering). */
  | { type: 'einvoice.summaryQueued'; pending: PendingSummaryLine }
  /** A daily summary was numbered (`fiscalNumbers['RC-YYYYMMDD']`) with these lines, which leave `pendingSummary`; its job sends it. */
  | { type: 'einvoice.summaryPlanned'; summary: SummaryDocument; keys: string[] };

/**
 * The e-invoicing slice of the live state: the settings (null until the owner
 * sets them), the last number used per series (and per summary day, key
 * `RC-YYYYMMDD`), and the boleta lines waiting for a summary, by key.
 */
export type EinvoiceState = { fiscal: FiscalSettings | null; fiscalNumbers: Record<string, number>; pendingSummary: Record<string, PendingSummaryLine> };

/** At most this many lines in one daily summary (SUNAT's limit for a resumen diario). */
export const SUMMARY_MAX_LINES = 500;

/** E-invoicing: fiscal settings (owner, gate `settings`); numbering happens inside `order.settle`. */
export const einvoiceProtocol = defineProtocol<EinvoiceEvent, EinvoiceState>()({
  name: 'einvoice',
  commands: {
    'fiscal.saveSettings': fiscalSettingsSchema,
    /**
     * Number and send the daily summary of the boletas issued on `referenceDate` (Lima day) still
     * waiting (at most SUMMARY_MAX_LINES per summary; the rest wait for the next). The hub sends it
     * itself for every past day; an owner may send a day's summary at once.
     */
    'einvoice.summarize': z.object({ referenceDate: isoDay }),
    /**
     * A daily summary SUNAT rejected or asked to fix (its job failed for good): its boletas wait
     * again for a new summary (a new RC number; SUNAT registered none of them), and the failed job
     * is given up. A person asks for it from the documents page, having read SUNAT's answer.
     */
    'einvoice.requeueSummary': z.object({ summaryId: z.string().regex(/^RC-\d{8}-\d{1,5}$/) }),
  },
  aliases: { 'fiscal.saveSettings': 'settings', 'einvoice.summarize': 'settings', 'einvoice.requeueSummary': 'settings' },
  errors: {
    FISCAL_NAME_REQUIRED: 400,
    FISCAL_ADDRESS_REQUIRED: 400,
    INVALID_UBIGEO: 400,
    INVALID_ESTABLISHMENT: 400,
    INVALID_SERIES: 400,
    INVALID_TAX_RATES: 400,
    FISCAL_RATE_MISSING: 409,
    FISCAL_SERIES_FULL: 409,
    // A bag on the menu priced below its ICBPER: the document cannot take the tax out of its price (tax.ts).
    BAG_PRICE_BELOW_ICBPER: 409,
    // A daily summary or a credit note needs the issuer's fiscal settings.
    FISCAL_SETTINGS_REQUIRED: 409,
    // The certificate and the sending settings (HTTP routes, hub/http/routes/einvoice): hub/einvoice/secrets/pkcs12.ts.
    CERT_UNREADABLE: 400,
    // A key derivation asked to run more rounds than any real issuer uses (a file made to stall the hub).
    CERT_TOO_COSTLY: 400,
    CERT_BAD_PASSWORD: 400,
    CERT_NO_PRIVATE_KEY: 400,
    CERT_NO_CERTIFICATE: 400,
    CERT_NOT_RSA: 400,
    CERT_EXPIRED: 400,
    CERT_NOT_YET_VALID: 400,
    ENDPOINT_NOT_HTTPS: 400,
    // einvoice.summarize: no boleta of that day waits for a summary, or the day is not a past or current Lima day.
    NOTHING_TO_SUMMARIZE: 409,
    INVALID_DATE: 400,
    // einvoice.requeueSummary: no summary by that id whose job SUNAT's answer ended (rejected or to fix).
    SUMMARY_NOT_FAILED: 409,
  },
});
