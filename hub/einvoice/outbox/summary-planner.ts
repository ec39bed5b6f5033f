import { hubCommand } from '#hub/auth/hub-command.ts';
import { limaDateTime } from '#hub/domain/einvoice/lima-time.ts';
import type { JobEngine } from '#hub/jobs/job-service.ts';
import { PeriodicRound } from '#hub/jobs/periodic-round.ts';
import type { State } from '#protocol';

/** The hub itself, as the actor of the summaries it asks for. */
const HUB_ACTOR = { staffId: null, deviceId: 'hub' } as const;

/** How often past days' boletas are looked for (and once at start). */
export const PLAN_EVERY_MS = 60_000;
/** At most this many summaries for one day per round (500 lines each: far beyond a restaurant's day). */
const MAX_PER_DAY = 20;

/** The Lima days before `today` that have boletas waiting for their summary, oldest first. */
export function daysToSummarize(state: State, today: string): string[] {
  const days = new Set<string>();
  for (const pending of Object.values(state.pendingSummary)) if (pending.referenceDate < today) days.add(pending.referenceDate);
  return [...days].sort();
}

export type SummaryPlannerOptions = { engine: JobEngine; clock?: () => Date; log?: (message: string) => void; everyMs?: number };

/**
 * Every minute and at start: for each past Lima day with boletas (or notes
 * on them) still waiting, records `einvoice.summarize` as the hub. The rules
 * number the summary and create its job in the same record; a day with more
 * than 500 lines gets one summary per 500. A refusal (no fiscal settings)
 * records nothing and is logged once per day and code.
 */
export class SummaryPlanner extends PeriodicRound {
  private readonly opts: SummaryPlannerOptions;
  private readonly clock: () => Date;
  private readonly logged = new Set<string>();

  constructor(opts: SummaryPlannerOptions) {
    super(opts.everyMs ?? PLAN_EVERY_MS, (e) => opts.log?.(`einvoice: summary planning failed, tried again in a minute: ${String(e)}`));
    this.opts = opts;
    this.clock = opts.clock ?? (() => new Date());
  }

  /** One round: what is due now, recorded as the hub. */
  protected async work(): Promise<void> {
    const today = limaDateTime(this.clock().toISOString()).date;
    for (const referenceDate of daysToSummarize(this.opts.engine.state, today)) {
      for (let n = 0; n < MAX_PER_DAY && daysToSummarize(this.opts.engine.state, today).includes(referenceDate); n++) {
        const reply = await this.opts.engine.submit(hubCommand('einvoice.summarize', { referenceDate }, HUB_ACTOR.deviceId, this.clock()), HUB_ACTOR);
        if (reply.ok) continue;
        const note = `${referenceDate} ${reply.code}`;
        if (!this.logged.has(note)) this.opts.log?.(`einvoice: summary of ${referenceDate} not planned (${reply.code})`);
        this.logged.add(note);
        break;
      }
    }
  }
}
