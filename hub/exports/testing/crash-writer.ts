import { writeDayFolder } from '../folder.ts';

/**
 * A child process for export-crash.system.test.ts: writes the same day's
 * folder again and again (each round different bytes, a few MB) until it is
 * killed, printing each finished round.
 */
const [root] = process.argv.slice(2);
if (!root) throw new Error('usage: crash-writer.ts <exports folder>');
for (let round = 1; ; round++) {
  const files = [1, 2, 3, 4].map((n) => ({ name: `file-${n}.bin`, bytes: Buffer.alloc(1_000_000 * n, (round * 7 + n) % 251) }));
  await writeDayFolder(root, '2026-11-23', files, new Date(round).toISOString());
  process.stdout.write(`round ${round}\n`);
}
