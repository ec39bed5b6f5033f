import { isClaimed } from '#domain';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { PeriodicRound } from '#hub/jobs/periodic-round.ts';
import { currentBusinessDay } from '#hub/domain/exports/request.ts';
import { daysToExport } from '#hub/domain/exports/plan.ts';
import { jobsOfKind } from '#hub/jobs/job-pages.ts';
import type { JobEngine } from '#hub/jobs/job-service.ts';
import { exportedDays } from './folder.ts';

const HUB_DEVICE = 'hub';
export const EXPORT_PLAN_EVERY_MS = 60_000;

export type ExportPlannerOptions = {
  engine: JobEngine;
  root: string;
  clock: () => Date;
  log: (message: string) => void;
  /** Whether an ended business day had anything to export (closed bills or shifts); absent: every day has. */
  hadActivity?: (day: string) => Promise<boolean>;
  everyMs?: number;
};

/**
 * The closing hour's export (README.md "When"): at start and every minute,
 * each business day that has ended and has neither a finished folder nor an
 * export job in hand is asked for, as the hub (`export.run`, the rule creates
 * the jobs in the same record). A hub that was off at the closing hour
 * catches up its missed nights (at most 31) when it starts.
 *
 * Nothing is asked for on a hub nobody has claimed yet (no restaurant), nor
 * for a day without a closed bill or shift (a day the restaurant was closed
 * needs no empty files in the accountant's mail every week); the owner can
 * still export such a day from the page. An ended day cannot gain bills, so a
 * quiet day is looked at once.
 */
export class ExportPlanner extends PeriodicRound {
  private readonly logged = new Set<string>();
  private readonly quiet = new Set<string>();

  private readonly opts: ExportPlannerOptions;

  constructor(opts: ExportPlannerOptions) {
    super(opts.everyMs ?? EXPORT_PLAN_EVERY_MS, (e) => opts.log(`exports: planning failed, tried again in a minute: ${String(e)}`));
    this.opts = opts;
  }

  /** One round: what is due now, recorded as the hub. */
  protected async work(): Promise<void> {
    const { engine, clock } = this.opts;
    if (!isClaimed(engine.state)) return;
    const now = clock();
    const current = currentBusinessDay(engine.state, now.toISOString());
    // The export jobs in the table (its index of the kind: one per day asked, a few).
    const days = daysToExport(current, await exportedDays(this.opts.root), [...jobsOfKind(engine.jobs, 'export.day')]);
    for (const day of days) {
      if (this.quiet.has(day)) continue;
      if (this.opts.hadActivity && !(await this.opts.hadActivity(day))) {
        this.quiet.add(day);
        continue;
      }
      const reply = await engine.submit(hubCommand('export.run', { day, what: 'all' }, HUB_DEVICE, now), { staffId: null, deviceId: HUB_DEVICE });
      if (reply.ok || this.logged.has(`${day} ${reply.code}`)) continue;
      this.logged.add(`${day} ${reply.code}`);
      this.opts.log(`exports: ${day} not asked for (${reply.code})`);
    }
  }
}
