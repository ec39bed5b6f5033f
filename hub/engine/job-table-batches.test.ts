import { describe, expect, it } from 'vitest';
import { prng } from '#hub/testing/prng.ts';
import type { DomainEvent } from '#protocol';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JobFiles, type JobVersion } from '#hub/store/job-files.ts';
import { JobTable, type JobCapture } from './job-table.ts';
import { dumpTable, iso, makeJob, stream, SUMMARY_IDS, T0 } from './job-table-testing.ts';

/**
 * The job table as the engine drives it (issue 20): records staged in place
 * as they are decided, a prefix of them committed when a batch reaches the
 * disk, all the rest reverted when a write fails, snapshots captured while
 * records are still staged (some of those writes failing too), and restarts
 * from what the snapshots wrote plus the log's committed records after them.
 * Whatever happened, the table must equal one rebuilt by replaying only the
 * committed records: every reader (lane heads in creation order, counters,
 * pages by cursor, totals, prune order), the committed view a capture takes,
 * and the creation counter (a job made after a restart numbers as it would live).
 */

const PRUNE_AT = iso(T0 + 3_600_000);
type Staged = { seq: number; events: DomainEvent[] };

/** The table's files as a map (what job-files.ts reads back: last version of an id wins). */
class FakeFiles {
  versions = new Map<string, JobVersion>();
  next = 0;
  seq = 0;

  write(c: JobCapture): void {
    if (c.whole) this.versions = new Map();
    for (const v of c.whole ?? c.changed) this.versions.set('gone' in v ? v.gone : v.job.id, v);
    this.next = c.next;
    this.seq = c.seq;
  }

  /** A restart: the files' jobs in creation order, as recovery loads them. */
  load(): JobTable {
    const table = new JobTable();
    const kept = [...this.versions.values()].filter((v): v is Extract<JobVersion, { n: number }> => !('gone' in v));
    table.load(kept.sort((a, b) => a.n - b.n), this.next, true);
    return table;
  }
}

const replayed = (records: readonly Staged[]): JobTable => {
  const table = new JobTable();
  for (const r of records) table.replay(r.events);
  return table;
};

/** The committed view a snapshot would take, sorted (the capture is handed back unwritten). */
function committedView(table: JobTable, seq: number): { next: number; live: number; whole: JobVersion[] } {
  const c = table.capture(seq, true);
  c.restore();
  const whole = [...(c.whole ?? [])].sort((a, b) => ('gone' in a || 'gone' in b ? 0 : a.n - b.n));
  return { next: c.next, live: c.live, whole };
}

describe('JobTable: staged, committed and failed batches equal a replay of the committed records', () => {
  it.each([21, 22, 23, 24, 25, 26])('stream %i', (seed) => {
    const r = prng(seed * 31);
    const pool = stream(seed, 500);
    const live = new JobTable();
    const files = new FakeFiles();
    const committed: Staged[] = [];
    let staged: Staged[] = [];
    let seq = 0;
    let next = 0;
    let step = 0;
    const check = () => {
      // Decide sees the staged records: the live table is the committed one with them folded on.
      const truth = replayed([...committed, ...staged]);
      expect(dumpTable(live, PRUNE_AT, SUMMARY_IDS)).toEqual(dumpTable(truth, PRUNE_AT, SUMMARY_IDS));
      // A snapshot taken now writes the committed view, whatever is staged.
      const onlyCommitted = replayed(committed);
      expect(committedView(live, seq)).toEqual(committedView(onlyCommitted, seq));
      // A restart: the files, then the log's committed records after their seq, then the staged ones decided again.
      const restarted = files.load();
      for (const c of committed) if (c.seq > files.seq) restarted.replay(c.events);
      expect(dumpTable(restarted, PRUNE_AT, SUMMARY_IDS)).toEqual(dumpTable(onlyCommitted, PRUNE_AT, SUMMARY_IDS));
      expect(committedView(restarted, seq)).toEqual(committedView(onlyCommitted, seq));
      for (const s of staged) restarted.stage(s.seq, s.events);
      expect(dumpTable(restarted, PRUNE_AT, SUMMARY_IDS)).toEqual(dumpTable(live, PRUNE_AT, SUMMARY_IDS));
    };
    while (next < pool.length) {
      // A few commands decided while the write loop is busy.
      for (let k = 1 + Math.floor(r() * 4); k > 0 && next < pool.length; k--) {
        const s = { seq: seq + staged.length + 1, events: pool[next++]! };
        staged.push(s);
        live.stage(s.seq, s.events);
      }
      const x = r();
      if (x < 0.2) {
        // The write failed: nothing staged stands (the engine refuses them all; their seqs are used again).
        live.revertStaged();
        staged = [];
      } else if (staged.length > 0) {
        // A batch reached the disk: the records queued before it, not always all that is staged now.
        const done = staged.splice(0, x < 0.55 ? 1 + Math.floor(r() * staged.length) : staged.length);
        seq = done.at(-1)!.seq;
        live.commit(seq);
        committed.push(...done);
      }
      if (r() < 0.3) {
        // A snapshot at the committed seq, records still staged; one in five rewrites the files whole, one in six fails.
        const capture = live.capture(seq, r() < 0.2);
        if (r() < 1 / 6) capture.restore();
        else files.write(capture);
      }
      if (++step % 12 === 0) check();
    }
    check();
    // Everything left staged is committed at last: the table is the replay of every committed record.
    if (staged.length > 0) {
      seq = staged.at(-1)!.seq;
      live.commit(seq);
      committed.push(...staged);
      staged = [];
    }
    check();
    expect(live.size).toBeGreaterThan(0);
  });
});

describe('JobTable: hostile ids as jobs and lanes', () => {
  it('jobs named __proto__ and constructor on a printer named __proto__ are staged, reverted, committed, captured and read back like any other', () => {
    const proto = makeJob('__proto__', 'print', T0, T0, () => 0.1, 0);
    const onProtoPrinter = { ...proto, payload: { ...(proto as Extract<typeof proto, { kind: 'print' }>).payload, printerId: '__proto__' } } as typeof proto;
    const ctor = { ...makeJob('constructor', 'print', T0 + 1, T0, () => 0.1, 0), payload: onProtoPrinter.payload } as typeof proto;
    const records: Staged[] = [
      { seq: 1, events: [{ type: 'job.created', job: onProtoPrinter }] },
      { seq: 2, events: [{ type: 'job.created', job: ctor }, { type: 'job.started', jobId: '__proto__', at: iso(T0 + 5) }] },
      { seq: 3, events: [{ type: 'job.succeeded', jobId: '__proto__', at: iso(T0 + 6) }, { type: 'job.pruned', jobIds: ['__proto__'] }] },
    ];
    const live = new JobTable();
    live.stage(1, records[0]!.events);
    live.commit(1);
    live.stage(2, records[1]!.events);
    expect(live.laneHead('printer:__proto__')?.id).toBe('constructor');
    expect(live.laneRunning('printer:__proto__')?.id).toBe('__proto__');
    live.revertStaged();
    expect(live.laneHead('printer:__proto__')?.id).toBe('__proto__');
    expect(live.get('constructor')).toBeUndefined();
    const files = new FakeFiles();
    files.write(live.capture(1));
    for (const s of records.slice(1)) live.stage(s.seq, s.events);
    live.commit(3);
    expect(live.get('__proto__')).toBeUndefined();
    expect(live.laneCounter('printer:__proto__')).toMatchObject({ printerId: '__proto__', waiting: 1 });
    const restarted = files.load();
    expect(restarted.get('__proto__')?.id).toBe('__proto__');
    for (const s of records.slice(1)) restarted.replay(s.events);
    expect(dumpTable(restarted, PRUNE_AT, ['__proto__'])).toEqual(dumpTable(live, PRUNE_AT, ['__proto__']));
    expect(dumpTable(live, PRUNE_AT, ['__proto__'])).toEqual(dumpTable(replayed(records), PRUNE_AT, ['__proto__']));
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });

  it('the files on disk keep them: a capture with __proto__ and constructor written, then read back after a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pos-job-proto-'));
    try {
      const table = new JobTable();
      const a = makeJob('__proto__', 'test.echo', T0, T0, () => 0, 0);
      const b = makeJob('constructor', 'einvoice.summary', T0 + 1, T0, () => 0, 3);
      table.stage(1, [{ type: 'job.created', job: a }, { type: 'job.created', job: b }]);
      table.commit(1);
      const { files } = await JobFiles.open(dir, 0, () => undefined);
      await files.write(table.capture(1));
      const { loaded } = await JobFiles.open(dir, 1, () => undefined);
      const back = new JobTable();
      back.load(loaded.versions, loaded.next, true);
      expect(dumpTable(back, PRUNE_AT, ['__proto__'])).toEqual(dumpTable(table, PRUNE_AT, ['__proto__']));
      expect(back.summaryJob('__proto__')?.id).toBe('constructor');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('JobTable: a record whose job events cannot be folded', () => {
  it('undoes what it changed, creation counter included, and throws; the records around it stand', () => {
    const table = new JobTable();
    const a = makeJob('a.0', 'test.echo', T0, T0, () => 0, 0);
    const b = makeJob('b.0', 'print', T0 + 1, T0, () => 0.1, 0);
    table.stage(1, [{ type: 'job.created', job: a }]);
    const before = dumpTable(table, PRUNE_AT);
    // A rule's bug: the second event has no ids to walk.
    const broken: DomainEvent[] = [{ type: 'job.created', job: b }, { type: 'job.started', jobId: 'a.0', at: iso(T0 + 2) }, { type: 'job.pruned' } as unknown as DomainEvent];
    expect(() => table.stage(2, broken)).toThrow();
    expect(dumpTable(table, PRUNE_AT)).toEqual(before);
    // The next record takes the seq and the creation number the broken one did not keep.
    table.stage(2, [{ type: 'job.created', job: b }]);
    table.commit(2);
    expect(dumpTable(table, PRUNE_AT)).toEqual(dumpTable(replayed([{ seq: 1, events: [{ type: 'job.created', job: a }] }, { seq: 2, events: [{ type: 'job.created', job: b }] }]), PRUNE_AT));
    expect(table.capture(2).next).toBe(2);
  });
});
