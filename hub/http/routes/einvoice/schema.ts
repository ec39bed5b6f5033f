import { z } from 'zod';
import { calendarDaySchema } from '#protocol';
import { isDocumentKey } from '#hub/einvoice/outbox/keys.ts';
import { DOCUMENT_STATUSES, type DocumentMeta, type StoredKind } from '#hub/einvoice/outbox/types.ts';

/**
 * The documents page's query (GET /api/einvoice/documents) and a download's
 * path parts (GET /api/einvoice/documents/:day/:key/:part). The query and the
 * path come from a URL anyone signed in can type, so every part is checked
 * here before it names a folder or a file.
 */

/** The kinds the page filters by: factura, boleta, credit note, daily summary, voiding. */
export const STORED_KINDS = ['01', '03', '07', 'RC', 'RA'] as const satisfies readonly StoredKind[];

/** The longest range one query may read (a year and a day: a leap year's whole). */
export const MAX_RANGE_DAYS = 366;

/** Days from `from` to `to`, both counted (2026-01-01..2026-01-01 is 1). */
export function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * Days are the shared calendar-day schema, keys the store's own rule (hub/einvoice/outbox/keys.ts):
 * a real calendar day, a key of exactly a document's shape (`03-B001-17`,
 * `RC-20261124-1`): no dot, no slash, no `__proto__`, so a key never leaves its day's folder.
 */
const day = calendarDaySchema;
/**
 * A comma-separated list of one enum's values ("01,03"); empty or absent: all.
 * Checked whole, so a refusal names the parameter (`kinds`), not a position in it.
 */
const csvOf = <T extends string>(values: readonly T[]) => {
  const known: ReadonlySet<string> = new Set(values);
  const isKnown = (v: string): v is T => known.has(v);
  const split = (s: string) => s.split(',').filter((v) => v !== '');
  return z
    .string()
    .max(200)
    .refine((s) => split(s).every(isKnown))
    .transform((s) => split(s).filter(isKnown));
};

export const documentsQuerySchema = z.object({
  from: day,
  to: day,
  kinds: csvOf(STORED_KINDS).optional(),
  statuses: csvOf(DOCUMENT_STATUSES).optional(),
});

export const documentPathSchema = z.object({
  day,
  key: z.string().max(40).refine(isDocumentKey),
  part: z.enum(['xml', 'cdr', 'json']),
});

/** GET /api/einvoice/documents answers this: newest first. */
export type DocumentsReply = { ok: true; documents: DocumentMeta[] };
