import { describe, expect, it } from 'vitest';
import { JobTable } from '#hub/engine/job-table.ts';
import type { Job } from '#protocol';
import { BOARD_STUCK_LIMIT, ROLE_PRESETS } from '#protocol';
import { boardFor, fullBoard, type BoardSource } from './job-board.ts';

/**
 * Issue 20: the board a device gets costs O(lanes + 50), however many jobs
 * wait. Built from the hub's real job table holding 20,000 tickets for a
 * printer that is off and 200 stuck jobs; counted in what the table hands
 * out, never in time.
 */

const T0 = Date.parse('2026-05-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

function tableOf(waiting: number, stuck: number): JobTable {
  const jobs: Job[] = [];
  for (let i = 0; i < waiting; i++) {
    jobs.push({ id: `t${i}.0`, kind: 'print', payload: { printerId: 'pr-off', purpose: 'kitchen', document: { blocks: [{ kind: 'text', text: `LOMO ${i}` }], cut: true } }, status: 'pending', attempts: i === 0 ? 3 : 0, nextAt: iso(T0 + 60_000), reason: i === 0 ? 'UNREACHABLE' : null, createdAt: iso(T0 - waiting + i), updatedAt: iso(T0 - waiting + i) });
  }
  for (let i = 0; i < stuck; i++) {
    jobs.push({ id: `s${i}.0`, kind: 'test.echo', payload: { text: `stuck ${i}` }, status: 'failed', attempts: 5, nextAt: iso(T0), reason: 'TIMEOUT', createdAt: iso(T0 + i), updatedAt: iso(T0 + i) });
  }
  const table = new JobTable();
  table.load(
    jobs.map((job, n) => ({ n, job })),
    jobs.length,
  );
  return table;
}

/** The table as the board reads it, counting every job or lane handed out; a scan of all jobs throws. */
function counted(table: JobTable): { source: BoardSource; handed: () => number } {
  let handed = 0;
  return {
    handed: () => handed,
    source: {
      laneCounters: () => {
        const lanes = table.laneCounters();
        handed += lanes.length;
        return lanes;
      },
      newestStuck: (limit) => {
        const jobs = table.newestStuck(limit);
        handed += jobs.length;
        return jobs;
      },
    },
  };
}

describe('the job board\'s cost', () => {
  it('20,000 tickets waiting and 200 stuck: the board reads two lanes and 50 jobs, and says all of it', () => {
    const table = tableOf(20_000, 200);
    const { source, handed } = counted(table);
    const board = fullBoard(source);
    expect(handed()).toBeLessThanOrEqual(2 + BOARD_STUCK_LIMIT);
    const lane = board.lanes.find((l) => l.printerId === 'pr-off');
    expect(lane && lane.waiting + lane.running).toBe(20_000);
    expect(board.stuckTotal).toBe(200);
    expect(board.stuck.map((s) => s.id).slice(0, 2)).toEqual(['s199.0', 's198.0']);
    // The waiter's copy of it: small, whatever waits (20,000 tickets are one number).
    const waiter = boardFor(board, { staffId: 'w', roleId: 'waiter', aliases: new Set(ROLE_PRESETS.waiter) });
    expect(JSON.stringify(waiter).length).toBeLessThan(1_000);
    expect(JSON.stringify(board)).not.toContain('LOMO');
  });

  it('costs the same with 20 tickets waiting as with 20,000', () => {
    const small = counted(tableOf(20, 200));
    const big = counted(tableOf(20_000, 200));
    fullBoard(small.source);
    fullBoard(big.source);
    expect(big.handed()).toBe(small.handed());
  });
});
