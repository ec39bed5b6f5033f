import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { JobOutcome } from '#protocol';
import type { JobRunner } from './runner.ts';

/** Where the test kinds write, inside the data directory. */
export function echoDir(dataDir: string): string {
  return path.join(dataDir, 'jobs-test');
}

async function appendLine(file: string, line: string): Promise<JobOutcome> {
  try {
    await appendFile(file, `${line}\n`, { mode: 0o600 });
    return { ok: true };
  } catch {
    return { ok: false, canRetry: true, reason: 'IO_ERROR' };
  }
}

/**
 * The runners of the two test kinds (issue 8's proof of the queue; the owner's
 * `job.test` diagnostic): each writes one line `<job id>` per effect, so a
 * test counts effects per job. `test.echo` appends blindly, like a printer;
 * `test.mark` first looks for its id, so it may safely run again.
 */
export function echoRunners(dataDir: string): [JobRunner<'test.echo'>, JobRunner<'test.mark'>] {
  const dir = echoDir(dataDir);
  const start = async () => {
    await mkdir(dir, { recursive: true, mode: 0o700 });
  };
  return [
    { kind: 'test.echo', start, perform: (job) => appendLine(path.join(dir, 'echo.log'), job.id) },
    {
      kind: 'test.mark',
      start,
      perform: async (job) => {
        const file = path.join(dir, 'mark.log');
        const text = await readFile(file, 'utf8').catch(() => '');
        if (text.split('\n').includes(job.id)) return { ok: true };
        return appendLine(file, job.id);
      },
    },
  ];
}
