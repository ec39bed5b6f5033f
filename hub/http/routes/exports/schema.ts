import { z } from 'zod';
import { calendarDaySchema } from '#protocol';
import type { JobReason, JobStatus } from '#protocol';
import type { DayDelivery } from '#hub/exports/deliveries.ts';
import type { StickState } from '#hub/exports/usb-watch.ts';

/** A day and a file name as a download names them; checked before they make a path (no "..", no slash, no dot first). */
export const exportFilePathSchema = z.object({
  day: calendarDaySchema,
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/),
});

/** The newest days the page lists. */
export const MAX_LISTED_DAYS = 120;

/** An export job of the day still in the live state: where it stands. */
export type ExportJobView = { id: string; kind: 'export.day' | 'export.deliver'; status: JobStatus; reason: JobReason | null; attempts: number };

/** One day as the exports page shows it: its folder's files (none while its job has not written it), deliveries, jobs in hand. */
export type ExportDayView = {
  day: string;
  createdAt: string | null;
  files: { name: string; size: number }[];
  delivery: DayDelivery;
  jobs: ExportJobView[];
};

/** GET /api/exports. */
export type ExportsReply = { ok: true; days: ExportDayView[]; usb: StickState[]; mailWaiting: boolean };
