import { isClaimed } from '#domain';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { businessDayRange, closingHourOf } from '#hub/domain/business-day.ts';
import { currentBusinessDay } from '#hub/domain/exports/request.ts';
import { jobsOfKind } from '#hub/jobs/job-pages.ts';
import type { JobEngine } from '#hub/jobs/job-service.ts';
import { PeriodicRound } from '#hub/jobs/periodic-round.ts';

const HUB_DEVICE = 'hub';
export const BACKUP_PLAN_EVERY_MS = 60_000;

/** The latest whole nightly backup (its time and seq), as the list reads it. */
type LastNightly = { createdAt: string | null; seq: number | null } | null;

export type BackupPlannerOptions = {
  engine: JobEngine & { readonly seq: number };
  clock: () => Date;
  log: (message: string) => void;
  lastNightly: () => Promise<LastNightly>;
  hasPassphrase: () => Promise<boolean>;
  everyMs?: number;
};

/**
 * Whether the nightly backup is due now (pure, table-tested): once per
 * business day, after the closing hour's export is done (no export job in
 * hand, so the backup holds the night's files), unless a nightly backup was
 * made since the closing hour, one is in hand, or nothing changed since the
 * last one (a day the restaurant was closed: the same seq).
 */
export function nightlyDue(input: { dayStart: string; exportInHand: boolean; backupInHand: boolean; last: LastNightly; seq: number }): boolean {
  if (input.exportInHand || input.backupInHand) return false;
  if (!input.last) return true;
  if (input.last.createdAt !== null && input.last.createdAt >= input.dayStart) return false;
  return input.last.seq !== input.seq;
}

/**
 * Records `backup.run {reason: 'nightly'}` as the hub when `nightlyDue`
 * (README.md "When"). Nothing on a hub nobody claimed, nor before the owner
 * set a passphrase (the page says no backups are being made).
 */
export class BackupPlanner extends PeriodicRound {
  private readonly opts: BackupPlannerOptions;
  private lastRefusal: string | null = null;

  constructor(opts: BackupPlannerOptions) {
    super(opts.everyMs ?? BACKUP_PLAN_EVERY_MS, (e) => opts.log(`backup: planning failed, tried again in a minute: ${String(e)}`));
    this.opts = opts;
  }

  protected async work(): Promise<void> {
    const { engine, clock } = this.opts;
    if (!isClaimed(engine.state) || !(await this.opts.hasPassphrase())) return;
    const now = clock();
    const day = currentBusinessDay(engine.state, now.toISOString());
    const dayStart = businessDayRange(day, closingHourOf(engine.state.settings)).from;
    const inHand = ['waiting', 'running'] as const;
    const due = nightlyDue({
      dayStart,
      exportInHand: !jobsOfKind(engine.jobs, 'export.day', inHand).next().done,
      backupInHand: !jobsOfKind(engine.jobs, 'backup.make', inHand).next().done,
      last: await this.opts.lastNightly(),
      seq: engine.seq,
    });
    if (!due) return;
    const reply = await engine.submit(hubCommand('backup.run', { reason: 'nightly' }, HUB_DEVICE, now), { staffId: null, deviceId: HUB_DEVICE });
    if (!reply.ok && this.lastRefusal !== reply.code) {
      this.lastRefusal = reply.code;
      this.opts.log(`backup: nightly backup not asked for (${reply.code})`);
    }
  }
}
