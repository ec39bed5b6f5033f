import { hubCommand } from '#hub/auth/hub-command.ts';
import type { Engine } from '#hub/engine/engine.ts';
import type { JobOutcome, PrintJob } from '#protocol';

/** What showing a ticket needs of the engine: recording a command as the hub. */
export type ScreenSubmit = Engine['submit'];

/** The hub itself, as the actor of `kds.show` (like the job commands). */
const HUB_ACTOR = { staffId: null, deviceId: 'hub' } as const;

/**
 * "Prints" a print job on a kitchen screen (a printer of connection type
 * `screen`): records `kds.show` as the hub, and the station's tablets show
 * the ticket live. The ticket id is the job id, so a job shown again (a
 * person retried it after the hub stopped mid-job) shows once. The print
 * runner calls this instead of a driver for screen printers.
 *
 * A job without kitchen ticket data (a test page, a receipt routed to a
 * screen by mistake) has nothing a kitchen screen can show: it is done,
 * shown nowhere, rather than stuck for a person to cancel.
 */
export async function showOnScreen(submit: ScreenSubmit, job: PrintJob & { id: string }, now: Date = new Date()): Promise<JobOutcome> {
  if (!job.ticket) return { ok: true };
  const payload = { ticketId: job.id, printerId: job.printerId, reprint: job.reprintOf !== undefined, ticket: job.ticket };
  const reply = await submit(hubCommand('kds.show', payload, HUB_ACTOR.deviceId, now), HUB_ACTOR);
  if (reply.ok) return { ok: true };
  // The disk refused the write: nothing was shown, so trying again is safe.
  if (reply.code === 'STORAGE_UNAVAILABLE') return { ok: false, canRetry: true, reason: 'IO_ERROR' };
  // Anything else (a ticket the protocol refuses) will not get better by retrying.
  return { ok: false, canRetry: false, reason: 'UNKNOWN' };
}
