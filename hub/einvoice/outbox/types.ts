import type { FiscalParty } from '#protocol';

/**
 * The e-invoice document store and outbox as the rest of the hub sees them
 * (the documents page's routes, the nightly export, the status banner). One
 * folder per Lima issue day: `<data>/einvoice/YYYY-MM-DD/<RUC>-<key>.*`
 * (`.json` the document as computed, `.xml` signed, `.cdr.xml` SUNAT's answer,
 * `.meta.json` what follows); a daily summary's key is its id (`RC-20261124-1`).
 */

/**
 * filed: computed and kept, not signed yet (no certificate); signed: ready to send;
 * awaitingSummary: a boleta (or note on one) signed, waiting for its daily summary;
 * sent: a summary handed in, SUNAT's ticket kept, answer not yet known;
 * accepted; observed (accepted with observations); rejected (final: a new document is needed);
 * needsFix (SUNAT asks for a correction and a new send).
 */
export const DOCUMENT_STATUSES = ['filed', 'signed', 'awaitingSummary', 'sent', 'accepted', 'observed', 'rejected', 'needsFix'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Cat. 01 types and the two communications. */
export type StoredKind = '01' | '03' | '07' | 'RC' | 'RA';

/** SUNAT's last answer about a document: its code (CatalogoErrores.xml), text, observations. */
export type SunatAnswer = { code: string; text: string; notes: { code: string | null; text: string }[]; at: string };

/** What the store knows of one document (its `.meta.json`). */
export type DocumentMeta = {
  key: string;
  kind: StoredKind;
  /** Lima issue day (the folder) and time. */
  day: string;
  time: string;
  series: string;
  number: number;
  customer: FiscalParty | null;
  /** Payable total as a decimal string ("118.00"); a summary: the sum of its lines. */
  total: string;
  billId: string | null;
  /** A credit note: the key of the document it corrects. */
  reference: string | null;
  status: DocumentStatus;
  /** DigestValue of the signed XML (the printed receipt's QR carries it); '' before signing. */
  digest: string;
  /** A boleta or note on one: the summary that carried it. A summary: its keys are in `lines`. */
  summaryId: string | null;
  lines: string[];
  /** A summary handed in: SUNAT's ticket. */
  ticket: string | null;
  sunat: SunatAnswer | null;
  /** Last SUNAT deadline to report this document (Lima day, inclusive), see deadlines.ts. */
  deadline: string;
  updatedAt: string;
};

/** A documents page query: Lima days inclusive, optional kinds and statuses. */
export type DocumentQuery = { from: string; to: string; kinds?: readonly StoredKind[]; statuses?: readonly DocumentStatus[] };

/** The parts of a document one can download. */
export type DocumentPart = 'xml' | 'cdr' | 'json';

/** The read side the routes and the export use (implemented by document-store.ts). */
export interface DocumentReader {
  list(query: DocumentQuery): Promise<DocumentMeta[]>;
  meta(day: string, key: string): Promise<DocumentMeta | null>;
  /** The bytes of a part, or null when it does not exist (yet). */
  read(day: string, key: string, part: DocumentPart): Promise<{ fileName: string; bytes: Buffer } | null>;
  /** Resolves once a write of that document already under way (its filing just after the sale) is done. */
  settled?(day: string, key: string): Promise<void>;
}

/** What the e-invoicing page and the banner show about sending. */
export type OutboxStatus = {
  /** null: never tried since the hub started. */
  reachable: boolean | null;
  lastContactAt: string | null;
  /** Documents not yet accepted or rejected by SUNAT (signed, filed, awaiting summary, sent). */
  waiting: number;
  /** The earliest deadline among them (Lima day), and how many are past it / due within 2 days. */
  earliestDeadline: string | null;
  overdue: number;
  dueSoon: number;
  /** What is missing to send at all. */
  certificate: boolean;
  sol: boolean;
  /** Documents SUNAT rejected or asks to fix (a person must act). */
  needsAttention: number;
};
