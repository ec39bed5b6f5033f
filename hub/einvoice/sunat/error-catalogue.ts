import catalogue from './catalogo-errores.json' with { type: 'json' };

/**
 * SUNAT's error and observation codes with their texts, from `CatalogoErrores.xml` (the file
 * SUNAT's validation rules read), turned into JSON keyed by the 4-digit code.
 */
const TEXTS: Readonly<Record<string, string>> = catalogue;

/** What the owner must do about a SUNAT answer. */
export type SunatOutcome =
  /** SUNAT could not answer now (its own service failed, or the document is still being processed): send again later, unchanged. */
  | 'retryLater'
  /** The request was wrong (credentials, file name, zip, XML form): fix it and send again; the document was not recorded. */
  | 'fix'
  /** SUNAT read the document and rejected it (2000–3999): it is not valid; issue a new one (a fixed copy under a new number). */
  | 'rejected'
  /** Accepted; the CDR carries observations (4000+) to correct in later documents. */
  | 'acceptedWithObservations'
  /** Accepted, no observations. */
  | 'accepted';

/** Codes 0100–0399 whose catalogue text says SUNAT's side failed, not the request. */
const SERVICE_FAULT = /^(El sistema no puede responder su solicitud|No se pudo procesar su solicitud|Existe un Documento igual en Proceso|No existe el (directorio|archivo) de schema|No se pudo recuperar la constancia)/;

/** Four digits, as the catalogue keys them (`98` -> `0098`); null for anything that is not a number. */
export function normalizeCode(code: string | number): string | null {
  const text = String(code).trim();
  if (!/^\d{1,4}$/.test(text)) return null;
  return text.padStart(4, '0');
}

/** SUNAT's text for a code, or null when the catalogue does not know it. */
export function sunatText(code: string | number): string | null {
  const key = normalizeCode(code);
  return key !== null && Object.hasOwn(TEXTS, key) ? (TEXTS[key] ?? null) : null;
}

/**
 * Classifies a code by SUNAT's ranges (Manual del programador, 4.1 "Manejo de errores"):
 * 0100–1999 are exceptions (nothing recorded: fix and resend, or retry later when the
 * catalogue text says the service itself failed), 2000–3999 rejections, 4000 and above
 * observations on an accepted document. Codes below 0100 are the consultation service's.
 */
export function classifyCode(code: string | number): Exclude<SunatOutcome, 'accepted'> {
  const key = normalizeCode(code);
  if (key === null) return 'retryLater';
  const n = Number(key);
  if (n >= 4000) return 'acceptedWithObservations';
  if (n >= 2000) return 'rejected';
  if (n < 400 && SERVICE_FAULT.test(TEXTS[key] ?? '')) return 'retryLater';
  return 'fix';
}
