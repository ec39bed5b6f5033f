import type { TFunction } from 'i18next';
import type { JobSummary } from '#protocol';

/**
 * What a stuck job was about, in the reader's words: "Ticket de cocina ·
 * mesa 4 · Cocina caliente", "Comprobante · cuenta 12", the e-invoice's key,
 * the export's day. A summary's `title` is data (hub/protocol/job-board.ts):
 * its meaning follows from the kind and purpose. '' when there is nothing to add.
 */
export function summarySubject(t: TFunction, job: JobSummary, printerName: string | null): string {
  const parts: string[] = [];
  if (job.kind === 'print' && job.purpose) {
    parts.push(t(`printers.historyView.purposes.${job.purpose}`));
    if (job.title && job.purpose === 'kitchen') parts.push(t('printers.historyView.table', { table: job.title }));
    else if (job.title && (job.purpose === 'receipt' || job.purpose === 'prebill')) parts.push(t('printers.historyView.bill', { billNo: job.title }));
    else if (job.title) parts.push(job.title);
  } else if (job.title) {
    parts.push(job.title);
  }
  if (printerName) parts.push(printerName);
  return parts.join(' · ');
}
