import type { DocumentMeta, DocumentStatus, StoredKind } from '#hub/einvoice/outbox/types.ts';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import type { JobBoard, PendingSummaryLine } from '#protocol';
import { lanesStamp } from '../../../sync/job-board.ts';

/**
 * The documents page's rules, apart from React so they are table-tested:
 * which Lima days a period means, the query it sends, how a row reads
 * (status tone, deadline), which rows may be voided or refunded, and the
 * days whose boletas still wait for their daily summary.
 */

export type PeriodPreset = 'today' | 'week' | 'month' | 'custom';
export type KindFilter = 'factura' | 'boleta' | 'note' | 'summary';
export type DayRange = { from: string; to: string };

/** The filter chips and the stored kinds each stands for (a summary chip: daily summaries and voidings). */
export const KIND_FILTERS: Record<KindFilter, readonly StoredKind[]> = { factura: ['01'], boleta: ['03'], note: ['07'], summary: ['RC', 'RA'] };
/** The chips' order. */
export const KIND_CHIPS: readonly KindFilter[] = ['factura', 'boleta', 'note', 'summary'];

/** Statuses where the document is not yet settled with SUNAT (its deadline still matters). */
const WAITING: ReadonlySet<DocumentStatus> = new Set(['filed', 'signed', 'awaitingSummary', 'sent']);

/** Today in Lima (the documents' days are Lima days, whatever the device's own zone). */
export function limaToday(now: Date): string {
  return limaDateTime(now.toISOString()).date;
}

/** `day` moved by `n` calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The days of a period: today; this week from Monday (Peru's weeks start on
 * Monday); this month from the 1st; a custom range as typed (earliest first).
 */
export function rangeOf(preset: PeriodPreset, today: string, custom: DayRange): DayRange {
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'week') {
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    return { from: addDays(today, -weekday), to: today };
  }
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return custom.from <= custom.to ? custom : { from: custom.to, to: custom.from };
}

/** GET /api/einvoice/documents's query string for a range and the chosen chips (none chosen: all). */
export function documentsQuery(range: DayRange, kinds: readonly KindFilter[], statuses: readonly DocumentStatus[]): string {
  const q = new URLSearchParams({ from: range.from, to: range.to });
  const stored = kinds.flatMap((k) => KIND_FILTERS[k]);
  if (stored.length > 0) q.set('kinds', stored.join(','));
  if (statuses.length > 0) q.set('statuses', statuses.join(','));
  return q.toString();
}

/** A status chip's colour: settled well, waiting, or a person must act. */
export function statusTone(status: DocumentStatus): 'ok' | 'wait' | 'bad' {
  if (status === 'accepted') return 'ok';
  if (status === 'rejected' || status === 'needsFix') return 'bad';
  return status === 'observed' ? 'ok' : 'wait';
}

/** The deadline as a row shows it: none once SUNAT has answered; overdue (red) when today is past it while still waiting. */
export function deadlineOf(meta: DocumentMeta, today: string): { day: string; overdue: boolean } | null {
  if (!WAITING.has(meta.status) || meta.deadline === '') return null;
  return { day: meta.deadline, overdue: meta.deadline < today };
}

/** A factura or boleta of a bill that SUNAT did not reject may be voided or refunded (a credit note on it). */
export function canCorrect(meta: DocumentMeta): boolean {
  return (meta.kind === '01' || meta.kind === '03') && meta.billId !== null && meta.status !== 'rejected';
}

/** A daily summary SUNAT refused (rejected, or to fix): its boletas can be sent again in a new summary (einvoice.requeueSummary). */
export function canRequeue(meta: DocumentMeta): boolean {
  return meta.kind === 'RC' && (meta.status === 'rejected' || meta.status === 'needsFix');
}

/** `F001-7`: what a person reads on a receipt; a summary shows its id. */
export function documentNumber(meta: DocumentMeta): string {
  return meta.kind === 'RC' || meta.kind === 'RA' ? meta.key : `${meta.series}-${meta.number}`;
}

/** A download's address (the route checks day and key again). */
export function downloadPath(meta: DocumentMeta, part: 'xml' | 'cdr'): string {
  return `/api/einvoice/documents/${encodeURIComponent(meta.day)}/${encodeURIComponent(meta.key)}/${part}`;
}

/** Days with lines waiting for their summary, oldest first, with how many. */
export function pendingSummaryDays(pending: Readonly<Record<string, PendingSummaryLine>> | undefined): { day: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const line of Object.values(pending ?? {})) counts.set(line.referenceDate, (counts.get(line.referenceDate) ?? 0) + 1);
  return [...counts].map(([day, count]) => ({ day, count })).sort((a, b) => a.day.localeCompare(b.day));
}

/** "118.00" (the store's decimal string) as céntimos; 0 for anything that is not an amount. */
export function centsOf(total: string): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(total.trim());
  if (!m) return 0;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** Whether a row offers SUNAT's answer file: answered directly (a boleta answered through its summary has the summary's CDR). */
export function hasCdr(meta: DocumentMeta): boolean {
  return meta.sunat !== null && meta.summaryId === null;
}

/**
 * A fingerprint of the e-invoice jobs on the job board (jobs are not in the
 * replica, issue 20): it changes when one is created, tried, finished or
 * given up (the e-invoice lanes' counts, retry time and last reason, and the
 * board's e-invoice counts), which is when the documents page and the banner
 * ask the hub again (between those, every 60 s).
 */
export function einvoiceJobsStamp(board: JobBoard): string {
  const { waiting, held, stuck } = board.einvoice;
  return `${waiting}:${held}:${stuck}|${lanesStamp(board, (lane) => lane.kind === 'einvoice.send' || lane.kind === 'einvoice.summary')}`;
}

/** A Lima day as people write it in the device's language (23/11/2026 in Spanish): shared with the other pages (ui/dates.ts). */
export { dayText } from '../../../ui/dates.ts';

/** A corrected document's key ("01-F001-1") as its type and printed number, for "Corrects Factura F001-1"; null if it is not such a key. */
export function referenceOf(key: string): { type: '01' | '03'; number: string } | null {
  const m = /^(01|03)-([A-Z0-9]{4}-\d{1,8})$/.exec(key);
  return m?.[2] ? { type: m[1] as '01' | '03', number: m[2] } : null;
}
