import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { JobOutcome } from '#protocol';
import { jobsOfKind, type JobPages } from '#hub/jobs/job-pages.ts';
import type { JobRunner } from '#hub/jobs/runner.ts';
import type { ExportFile } from './day-files.ts';
import type { Deliveries } from './deliveries.ts';
import { exportDay, type ExporterDeps } from './exporter.ts';
import { readManifest } from './folder.ts';

/** What the mail delivery needs from the SMTP side (helper G's `deliverByMail` and settings, wired in mail-port.ts). */
export type MailResult = { ok: true } | { ok: false; problem: 'unreachable' | 'auth' | 'rejected' | 'notSetUp' };
export type MailPort = {
  send(day: string, files: readonly ExportFile[]): Promise<MailResult>;
  /** Whether the mail server answers now (the probe of a paused lane; sends nothing). */
  reachable(): Promise<boolean>;
};

// The lanes are the domain's (hub/domain/jobs/lane.ts): the job table indexes them.
export { EXPORT_LANE, MAIL_LANE } from '#hub/domain/jobs/lane.ts';

/** What went wrong writing a day's folder, in words a person can act on: the file (null: the folder itself) and the system's code. */
export function folderFailure(err: unknown): { file: string | null; code: string } {
  const e = err as NodeJS.ErrnoException | null;
  const name = typeof e?.path === 'string' ? basename(e.path) : '';
  // The temporary folder, the day's folder or the exports folder: the folder itself, not one of its files.
  const file = name === '' || name.startsWith('.') || /^\d{4}-\d{2}-\d{2}$/.test(name) || name === 'exports' ? null : name;
  return { file, code: typeof e?.code === 'string' ? e.code : 'UNKNOWN' };
}

/** What the day's runner tells the rest of the hub: written (the USB stick gets it), or why not (the page and the console say it). */
export type ExportDayHooks = { written(day: string): void; failed(day: string, failure: { file: string | null; code: string }): Promise<void> };

/** `export.day`: the folder, written whole (repeatable: a crash mid-write leaves no half folder, the retry writes it). */
export function exportDayRunner(deps: ExporterDeps, hooks: ExportDayHooks): JobRunner<'export.day'> {
  return {
    kind: 'export.day',
    perform: async (job): Promise<JobOutcome> => {
      try {
        await exportDay(deps, job.payload.day);
        hooks.written(job.payload.day);
        return { ok: true };
      } catch (err) {
        await hooks.failed(job.payload.day, folderFailure(err)).catch(() => undefined);
        return { ok: false, canRetry: true, reason: 'IO_ERROR' };
      }
    },
  };
}

/** Holds the mail lane while the server cannot be reached; probes after 1, 2, 4, then every 5 minutes, and wakes the lane. */
export class MailGate {
  private timer: NodeJS.Timeout | null = null;
  private delay = 60_000;
  paused = false;

  private readonly probe: () => Promise<boolean>;
  private readonly wake: () => void;

  constructor(probe: () => Promise<boolean>, wake: () => void) {
    this.probe = probe;
    this.wake = wake;
  }

  pause(): void {
    if (this.paused) return;
    this.paused = true;
    this.delay = 60_000;
    this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => void this.check(), this.delay);
    this.timer.unref();
  }

  /** Probe now (tests; the settings were saved). */
  async check(): Promise<void> {
    if (!this.paused) return;
    if (await this.probe().catch(() => false)) {
      this.paused = false;
      this.wake();
      return;
    }
    this.delay = Math.min(this.delay * 2, 300_000);
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

const FAILURE = {
  auth: 'MAIL_AUTH_FAILED',
  rejected: 'MAIL_REJECTED',
} as const;

/**
 * `export.deliver` to the mailbox: waits for the day's folder while its
 * export job is in hand (it runs in the other lane); no folder and none
 * coming (a resend of a day never exported): failed, for a person to export
 * it first. Attaches the folder's files and hands them to the mail
 * port. Unreachable: one try recorded, the lane paused until the probe sees
 * the server. A refused user or recipient: failed, for the owner to fix and
 * retry. No mail set up: done, noted, so nothing waits every night.
 */
export function mailRunner(root: string, port: MailPort, gate: MailGate, deliveries: Deliveries, clock: () => Date, jobs: JobPages): JobRunner<'export.deliver'> {
  // The day's export jobs waiting or running, from the table's index of that kind (a few, never every job).
  const exportInHand = (day: string) => {
    for (const j of jobsOfKind(jobs, 'export.day', ['waiting', 'running'])) if (j.payload.day === day) return true;
    return false;
  };
  return {
    kind: 'export.deliver',
    paused: () => gate.paused,
    perform: async (job): Promise<JobOutcome> => {
      const day = job.payload.day;
      const manifest = await readManifest(root, day);
      if (!manifest) return { ok: false, canRetry: exportInHand(day), reason: 'IO_ERROR' };
      const files: ExportFile[] = [];
      for (const f of manifest.files) files.push({ name: f.name, bytes: await readFile(join(root, day, f.name)) });
      const result = await port.send(day, files).catch((): MailResult => ({ ok: false, problem: 'unreachable' }));
      const at = clock().toISOString();
      if (result.ok) {
        await deliveries.note(day, { mail: { at, ok: true, reason: null } });
        return { ok: true };
      }
      if (result.problem === 'notSetUp') {
        await deliveries.note(day, { mail: { at, ok: false, reason: 'MAIL_NOT_SET_UP' } });
        return { ok: true };
      }
      if (result.problem === 'unreachable') {
        gate.pause();
        await deliveries.note(day, { mail: { at, ok: false, reason: 'MAIL_UNREACHABLE' } });
        return { ok: false, canRetry: true, reason: 'MAIL_UNREACHABLE' };
      }
      await deliveries.note(day, { mail: { at, ok: false, reason: FAILURE[result.problem] } });
      return { ok: false, canRetry: false, reason: FAILURE[result.problem] };
    },
  };
}
