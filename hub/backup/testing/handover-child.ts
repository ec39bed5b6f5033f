import { stageRestore, swapInStagedRestore } from '../handover.ts';

/**
 * A process that does one half of a restore's hand-over, for the kill -9
 * test (../handover-kill.system.test.ts):
 *   swap  DATA K               runs the start's swap and SIGKILLs itself before its K-th change on disk
 *   stage DATA FILE PASSPHRASE checks and stages a backup (the test kills it from outside mid-way)
 * Says "swapped"/"staged" when it got to the end.
 */
const [mode, dataDir, ...rest] = process.argv.slice(2) as [string, string, ...string[]];
if (mode === 'swap') {
  const killAt = Number(rest[0]);
  const swapped = await swapInStagedRestore(dataDir, {
    log: () => undefined,
    step: (n) => {
      if (n === killAt) process.kill(process.pid, 'SIGKILL');
    },
  });
  process.stdout.write(swapped ? 'swapped\n' : 'nothing staged\n');
} else {
  process.stdout.write('staging\n');
  await stageRestore(dataDir, rest[0]!, rest[1]!);
  process.stdout.write('staged\n');
}
