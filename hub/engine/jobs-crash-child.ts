import { randomUUID } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import type { Command, CommandPayload, CommandType } from '#protocol';
import { Engine, type Actor } from './engine.ts';

/**
 * The process jobs-table-crash.system.test.ts kills -9 at any moment. Usage:
 * node jobs-crash-child.ts DATA_DIR LINES_FILE CLOCK_ISO. With a fixed clock
 * (so the parent can decide the same commands again and get the same jobs),
 * 8 producers make test jobs, start lane heads, finish running jobs (one in
 * three fails, for a retry), and prune the finished ones, with a snapshot
 * every 40 records (the job table's files: appends, markers, rewrites: a
 * slack of 60 lines).
 * Reports `sent <json command>` in LINES_FILE before each submit (writeSync:
 * in the kernel before the command can reach the log), `ready` on stdout.
 */

const [dir, linesFile, clockIso] = process.argv.slice(2);
if (!dir || !linesFile || !clockIso) throw new Error('usage: jobs-crash-child.ts DATA_DIR LINES_FILE CLOCK_ISO');
const lines = openSync(linesFile, 'a');
const ACTOR: Actor = { staffId: null, deviceId: 'jobs-crash-child' };
const now = new Date(clockIso);

// A small slack: the table's file is rewritten whole every few snapshots, so kills land in rewrites too.
const engine = await Engine.open({ dir, clock: () => now, snapshotEvery: 40, jobFilesSlack: 60, log: (m) => process.stderr.write(`${m}\n`) });
process.stdout.write('ready\n');

const submit = async <K extends CommandType>(type: K, payload: CommandPayload<K>) => {
  const command = { id: randomUUID(), type, payload, deviceId: ACTOR.deviceId, at: clockIso } as Command;
  writeSync(lines, `sent ${JSON.stringify(command)}\n`);
  return engine.submit(command, ACTOR);
};

let n = 0;
const producer = async (p: number) => {
  for (;;) {
    const step = n++ % 7;
    if (step === 0 || step === 3) await submit('job.test', { text: `p${p} ${n}` });
    else if (step === 1 || step === 4) {
      const head = engine.jobs.laneHead(step === 1 ? 'test.echo' : 'test.mark');
      if (head) await submit('job.start', { jobId: head.id });
    } else if (step === 2 || step === 5) {
      const running = engine.jobs.laneRunning(step === 2 ? 'test.echo' : 'test.mark');
      if (running) await submit('job.finish', { jobId: running.id, outcome: n % 3 === 0 ? { ok: false, canRetry: true, reason: 'IO_ERROR' } : { ok: true } });
    } else await submit('job.prune', { before: new Date(now.getTime() + 1).toISOString() });
    await new Promise((r) => setImmediate(r));
  }
};
await Promise.all(Array.from({ length: 8 }, (_, p) => producer(p)));
