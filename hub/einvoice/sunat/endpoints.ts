/**
 * Where documents go. SUNAT's own web service (billService) for facturas, boletas, notes,
 * daily summaries and voidings; an OSE publishes its own URL with the same operations.
 * Sources: README of this folder (SUNAT, Manual del programador, RS 097-2012/SUNAT).
 * No test contacts these: tests point the client at the fake on 127.0.0.1.
 */
export const SUNAT_ENDPOINTS = {
  /** SUNAT's testing service ("beta"): checks structure and rules, keeps nothing. */
  beta: 'https://e-beta.sunat.gob.pe/ol-ti-itcpfegem-beta/billService',
  /** SUNAT production. */
  production: 'https://e-factura.sunat.gob.pe/ol-ti-itcpfegem/billService',
} as const;

/**
 * SUNAT's consultation service (billConsultService: getStatus, getStatusCdr by RUC, type,
 * series and number). Production only: SUNAT's beta keeps nothing, so there is nothing to ask.
 */
export const SUNAT_CONSULT_ENDPOINT = 'https://e-factura.sunat.gob.pe/ol-it-wsconscpegem/billConsultService';

/** The owner's choice of where to send; an OSE may name its own consultation service. */
export type EndpointChoice = { kind: 'sunat-beta' } | { kind: 'sunat-production' } | { kind: 'ose'; url: string; consultUrl?: string };

/** Hosts that never leave this machine: plain http there carries the SOL password nowhere (the fake SUNAT in tests). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The URL a choice sends to. An OSE URL must be https (it carries the SOL
 * password), except on this machine's loopback (127.0.0.1, localhost, ::1),
 * where tests point the hub at the fake SUNAT.
 */
export function endpointUrl(choice: EndpointChoice): string {
  if (choice.kind === 'sunat-beta') return SUNAT_ENDPOINTS.beta;
  if (choice.kind === 'sunat-production') return SUNAT_ENDPOINTS.production;
  return checkedUrl(choice.url);
}

/** An OSE's URL: https, or plain http on this machine's loopback only (it carries the SOL password). */
function checkedUrl(text: string): string {
  const url = new URL(text);
  const loopbackHttp = url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
  if (url.protocol !== 'https:' && !loopbackHttp) throw new Error('ENDPOINT_NOT_HTTPS: an OSE endpoint must use https');
  return url.toString();
}

/**
 * Where to ask for the CDR of a document sent before (after SUNAT answered a resend "already
 * registered", 1033/0402): SUNAT's consultation service in production, an OSE's own one when
 * the owner gave it, none on beta (null). Same https rule as the sending URL.
 */
export function consultUrl(choice: EndpointChoice): string | null {
  if (choice.kind === 'sunat-production') return SUNAT_CONSULT_ENDPOINT;
  if (choice.kind === 'ose' && choice.consultUrl) return checkedUrl(choice.consultUrl);
  return null;
}
