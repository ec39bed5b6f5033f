import type { Engine } from '#hub/engine/engine.ts';
import { bucketEntries, type Job, type JobStatus } from '#protocol';
import { fmtInt } from './common.ts';

/**
 * The sizes of what the hub holds, printed under every row that drives an
 * engine (issue 20: a figure means little without the size of the
 * collections it was measured on). Read after the timed run, never in it:
 * counting jobs by status walks the table once.
 */

export type HubSizes = {
  jobs: Partial<Record<JobStatus, number>>;
  jobsTotal: number;
  orders: number;
  tables: number;
  products: number;
  /** Command ids remembered (answered again on a resend). */
  processedIds: number;
  /** Activity entries since the last snapshot (not yet in the day files). */
  activitySinceSnapshot: number;
  /** Members and coupons in the hub's own (bucketed) slices. */
  members: number;
  coupons: number;
  heapUsedMb: number;
};

/** What the bench reads of the engine's job table (hub/engine/job-table.ts); the replicated state's slice before it existed. */
type JobsView = { values(): Iterable<Job> };

function jobsOf(engine: Engine): Iterable<Job> {
  const table = (engine as unknown as { jobs?: JobsView }).jobs;
  if (table && typeof table.values === 'function') return table.values();
  return Object.values((engine.state as unknown as { jobs?: Record<string, Job> }).jobs ?? {});
}

/** The engine keeps its ProcessedIds private; the bench only reads its size. */
function processedIdsOf(engine: Engine): number {
  return (engine as unknown as { processed?: { size: number } }).processed?.size ?? Number.NaN;
}

function countOf(buckets: Parameters<typeof bucketEntries>[0] | undefined): number {
  let n = 0;
  if (buckets) for (const _ of bucketEntries(buckets)) n++;
  return n;
}

export function hubSizes(engine: Engine): HubSizes {
  const jobs: Partial<Record<JobStatus, number>> = {};
  let jobsTotal = 0;
  for (const job of jobsOf(engine)) {
    jobs[job.status] = (jobs[job.status] ?? 0) + 1;
    jobsTotal++;
  }
  const s = engine.state;
  return {
    jobs,
    jobsTotal,
    orders: Object.keys(s.orders).length,
    tables: Object.keys(s.tables).length,
    products: Object.keys(s.products).length,
    processedIds: processedIdsOf(engine),
    activitySinceSnapshot: engine.recentActivity().length,
    members: countOf(s.members),
    coupons: countOf(s.coupons),
    heapUsedMb: process.memoryUsage().heapUsed / 1024 / 1024,
  };
}

/** One line: `jobs 20,013 (pending 20,000, done 13) · orders 64 · ...`. */
export function sizesText(z: HubSizes): string {
  const byStatus = Object.entries(z.jobs)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${fmtInt(v)}`)
    .join(', ');
  const parts = [
    `jobs ${fmtInt(z.jobsTotal)}${byStatus ? ` (${byStatus})` : ''}`,
    `orders ${fmtInt(z.orders)}`,
    `tables ${fmtInt(z.tables)}`,
    `products ${fmtInt(z.products)}`,
    `processed ids ${fmtInt(z.processedIds)}`,
    `activity since snapshot ${fmtInt(z.activitySinceSnapshot)}`,
  ];
  if (z.members > 0 || z.coupons > 0) parts.push(`members ${fmtInt(z.members)}`, `coupons ${fmtInt(z.coupons)}`);
  parts.push(`heap ${z.heapUsedMb.toFixed(0)} MB`);
  return parts.join(' · ');
}
