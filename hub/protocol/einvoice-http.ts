import { z } from 'zod';

/**
 * The e-invoicing settings page's HTTP calls (hub/http/routes/einvoice): the
 * owner's certificate and where documents are sent with which SOL user.
 * Secrets travel only in these request bodies, never as commands (commands
 * are logged and broadcast) and never back in an answer.
 */

/** The biggest .p12 a request may carry: real ones are 3–10 KB; base64 adds a third. */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;

/** PUT /api/einvoice/certificate: the file read in the browser as base64, and its password. */
export const certificateUploadSchema = z.object({
  p12Base64: z.string().min(1).max(Math.ceil(MAX_CERTIFICATE_BYTES / 3) * 4).regex(/^[A-Za-z0-9+/]+={0,2}$/),
  password: z.string().max(200),
});
export type CertificateUpload = z.infer<typeof certificateUploadSchema>;

/** What the page shows about the stored certificate: nothing secret. */
export type CertificateView = {
  subject: string;
  issuer: string;
  /** The RUC the subject names (null when it names none). */
  ruc: string | null;
  notBefore: string;
  notAfter: string;
  expired: boolean;
};

/** GET and PUT /api/einvoice/certificate answer this (null: none stored). */
export type CertificateReply = { ok: true; certificate: CertificateView | null };

/** Where documents go: SUNAT's beta (testing) service, SUNAT production, or an OSE's https URL. */
export const endpointChoiceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('sunat-beta') }),
  z.object({ kind: z.literal('sunat-production') }),
  // consultUrl: the OSE's own consultation service (getStatusCdr), optional; empty means none.
  z.object({ kind: z.literal('ose'), url: z.string().trim().min(1).max(300), consultUrl: z.string().trim().max(300).optional() }),
]);

/**
 * PUT /api/einvoice/sol: where to send, the SOL user (SUNAT's secondary user,
 * letters and digits) and its password; no password keeps the stored one.
 */
export const sendSettingsSchema = z.object({
  endpoint: endpointChoiceSchema,
  user: z.string().trim().max(30).regex(/^[A-Za-z0-9]*$/),
  password: z.string().max(100).optional(),
});
export type SendSettingsRequest = z.infer<typeof sendSettingsSchema>;

/** GET and PUT /api/einvoice/sol answer this: the password only as "set". */
export type SendSettingsReply = {
  ok: true;
  settings: { endpoint: z.infer<typeof endpointChoiceSchema>; user: string; passwordSet: boolean } | null;
};

/**
 * GET /api/einvoice/buyers/:ruc (anyone who may take payments): the legal name last invoiced to
 * this RUC, to fill the factura form at the till; null when the restaurant never invoiced it.
 */
export type BuyerReply = { ok: true; buyer: { ruc: string; name: string } | null };
