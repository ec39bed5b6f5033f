import { fmtInt, fmtMs, isMain, passText, printResult, row, summarize, type BenchResult } from './common.ts';
import { runFleet, type FleetOptions } from './socket-fleet.ts';

/**
 * Acknowledgement latency as a waiter feels it: from the device's emit to the
 * hub's ack (validated, decided, fdatasynced), with 30 devices sending 50
 * commands a second between them to a real hub over socket.io on 127.0.0.1.
 */

export type AckResult = BenchResult & {
  figures: { p50: number; p90: number; p99: number; max: number; count: number; achievedRate: number; unanswered: number; refused: number; hubSubmitP50: number; hubSubmitP99: number };
};

const GOAL_P99_MS = 15;

export async function run(opts: Partial<FleetOptions> = {}): Promise<AckResult> {
  const fleet = await runFleet(opts);
  const s = summarize(fleet.ack);
  const refused = Object.values(fleet.refused).reduce((a, b) => a + b, 0);
  const pass = s.count > 0 && s.p99 < GOAL_P99_MS && fleet.unanswered === 0;
  const o = fleet.options;
  const notes = [
    `${o.clients} devices, ${o.ratePerSec} commands/s in total for ${(o.durationMs / 1000).toFixed(0)} s (first ${(o.warmupMs / 1000).toFixed(0)} s not counted); achieved ${fleet.achievedRate.toFixed(1)}/s, ${fmtInt(fleet.measured)} measured, hub ${o.hubIn === 'worker' ? 'on its own thread' : 'in the devices\' thread'}`,
    `inside the hub, engine.submit to answer: p50 ${fmtMs(fleet.hub.submitP50Ms)} ms, p99 ${fmtMs(fleet.hub.submitP99Ms)} ms (${fmtInt(fleet.hub.submits)} commands); the rest is socket.io, loopback and scheduling`,
    `hub event-loop delay p99 ${fmtMs(fleet.hub.loopDelayP99Ms)} ms, max ${fmtMs(fleet.hub.loopDelayMaxMs)} ms; devices' loop p99 ${fmtMs(fleet.devicesLoopDelayP99Ms)} ms`,
  ];
  if (refused > 0) notes.push(`refused: ${JSON.stringify(fleet.refused)} (the workload should have none)`);
  if (fleet.unanswered > 0) notes.push(`${fleet.unanswered} commands never acknowledged`);
  if (fleet.skipped > 0) notes.push(`${fleet.skipped} sends skipped: every device was still waiting for an answer`);
  return {
    name: 'ack-latency',
    rows: [
      row('ack latency p50/p99', `${fmtMs(s.p50)}/${fmtMs(s.p99)} ms`, `p99 < ${GOAL_P99_MS}`, `max ${fmtMs(s.max)} ms`, passText(pass, `p99 < ${GOAL_P99_MS} ms`), pass),
      row('    sizes', fleet.hub.sizes, '', '', ''),
      row('  in-hub submit p50/p99', `${fmtMs(fleet.hub.submitP50Ms)}/${fmtMs(fleet.hub.submitP99Ms)} ms`, '-', 'decide+WAL+fsync', 'info'),
    ],
    figures: { p50: s.p50, p90: s.p90, p99: s.p99, max: s.max, count: s.count, achievedRate: fleet.achievedRate, unanswered: fleet.unanswered, refused, hubSubmitP50: fleet.hub.submitP50Ms, hubSubmitP99: fleet.hub.submitP99Ms },
    notes,
  };
}

if (isMain(import.meta.url)) {
  printResult(await run());
}
