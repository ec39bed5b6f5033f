import { fmtInt, fmtMs, isMain, passText, printResult, row, summarize, type BenchResult } from './common.ts';
import { runFleet, type FleetOptions } from './socket-fleet.ts';

/**
 * Broadcast latency: from the sender's emit to the `change` for that command
 * arriving at each of the 30 devices (sender included). Shares its run with
 * ack-latency when both are asked for in one process.
 */

export type BroadcastResult = BenchResult & {
  figures: { p50: number; p90: number; p99: number; max: number; count: number; expected: number; seqGaps: number };
};

const GOAL_P99_MS = 50;

export async function run(opts: Partial<FleetOptions> = {}): Promise<BroadcastResult> {
  const fleet = await runFleet(opts);
  const s = summarize(fleet.broadcast);
  const complete = fleet.deliveries === fleet.expectedDeliveries && fleet.seqGaps === 0;
  const pass = s.count > 0 && s.p99 < GOAL_P99_MS && complete;
  const notes = [
    `${fmtInt(fleet.deliveries)} of ${fmtInt(fleet.expectedDeliveries)} expected deliveries (${fleet.options.clients} devices x accepted commands), ${fleet.seqGaps} seq gaps`,
  ];
  return {
    name: 'broadcast-latency',
    rows: [
      row('broadcast latency p50/p99', `${fmtMs(s.p50)}/${fmtMs(s.p99)} ms`, `p99 < ${GOAL_P99_MS}`, `max ${fmtMs(s.max)} ms`, passText(pass, `p99 < ${GOAL_P99_MS} ms`), pass),
      row('    sizes', fleet.hub.sizes, '', '', ''),
      row('  deliveries, seq gaps', `${fmtInt(fleet.deliveries)}, ${fleet.seqGaps}`, 'all, 0', `${fmtInt(fleet.expectedDeliveries)} expected`, complete ? 'PASS' : 'MISS', complete),
    ],
    figures: { p50: s.p50, p90: s.p90, p99: s.p99, max: s.max, count: s.count, expected: fleet.expectedDeliveries, seqGaps: fleet.seqGaps },
    notes,
  };
}

if (isMain(import.meta.url)) {
  printResult(await run());
}
