import type { JobReason } from '#protocol';
import type { ExportDayView } from '#hub/http/routes/exports/schema.ts';

/** Where one destination of a day's export stands, as the page shows it. */
export type DestinationState = 'done' | 'working' | 'waiting' | 'failed' | 'notSetUp' | 'none';
export type DayStatus = { folder: DestinationState; usb: DestinationState; mail: DestinationState; mailReason: JobReason | null };

/**
 * Folder: written (files listed), being written (its job in hand), failed.
 * USB: copied to a stick, or waiting for one (only once the folder exists).
 * Mail: sent; being sent or waiting for the internet (its job in hand);
 * failed (a person must act, the reason says why); not set up; none yet.
 * `mailSetUp` false (no mail server saved): "not set up" whatever a job in
 * hand says, never "in progress" for a mail that cannot leave; a mail sent
 * before the settings were removed stays "done". Null: not known yet.
 */
export function dayStatus(day: ExportDayView, mailSetUp: boolean | null = null): DayStatus {
  const folderJob = day.jobs.findLast((j) => j.kind === 'export.day');
  const mailJob = day.jobs.findLast((j) => j.kind === 'export.deliver');
  const folder: DestinationState =
    folderJob && (folderJob.status === 'pending' || folderJob.status === 'running') ? 'working'
    : day.files.length > 0 ? 'done'
    : folderJob && (folderJob.status === 'failed' || folderJob.status === 'maybeDone') ? 'failed'
    : 'none';
  const usb: DestinationState = day.delivery.usb ? 'done' : day.files.length > 0 ? 'waiting' : 'none';
  let mail: DestinationState = 'none';
  let mailReason: JobReason | null = day.delivery.mail?.reason ?? null;
  if (mailJob && (mailJob.status === 'pending' || mailJob.status === 'running')) {
    mail = mailJob.reason === 'MAIL_UNREACHABLE' ? 'waiting' : 'working';
    mailReason = mailJob.reason;
  } else if (mailJob && (mailJob.status === 'failed' || mailJob.status === 'maybeDone')) {
    mail = 'failed';
    mailReason = mailJob.reason;
  } else if (day.delivery.mail?.ok) mail = 'done';
  else if (day.delivery.mail?.reason === 'MAIL_NOT_SET_UP') mail = 'notSetUp';
  else if (day.delivery.mail) mail = 'failed';
  if (mailSetUp === false && mail !== 'done') return { folder, usb, mail: 'notSetUp', mailReason: 'MAIL_NOT_SET_UP' };
  return { folder, usb, mail, mailReason };
}

/** "12 KB", "1.4 MB": a file's size for the list. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What the page says went wrong writing a day's folder, as i18n keys and values: the file (or the folder) and the cause in words. */
export type FolderProblem = { file: string | null; folder: string; cause: 'ENOSPC' | 'EACCES' | 'EROFS' | 'other'; code: string };

/** The day's folder failure (`folderError` of .deliveries.json) as the page words it; null when the folder did not fail or the hub did not say why. */
export function folderProblem(day: ExportDayView, status: DayStatus): FolderProblem | null {
  const e = day.delivery.folderError;
  if (status.folder !== 'failed' || !e) return null;
  const cause = e.code === 'ENOSPC' || e.code === 'EROFS' ? e.code : e.code === 'EACCES' || e.code === 'EPERM' ? 'EACCES' : 'other';
  return { file: e.file, folder: `exports/${day.day}`, cause, code: e.code };
}
