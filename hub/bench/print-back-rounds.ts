import { parseEscPos } from '../../hardware/index.ts';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { seedDemo } from '../demo/seed.ts';
import { openBenchHub } from './bench-hub.ts';
import { isMain, removeDir, scratchDir } from './common.ts';
import { installOffPrinter, queueOffTickets } from './off-printer.ts';
import { printerComesBack, type PrintBack } from './print-back.ts';
import { extraTableCommands, submitAll } from './workload.ts';

/**
 * The printer-back check made cheap and repeated (hub/bench/README.md "Printed twice?"): a bench
 * hub in this process (the real job service, driver and status monitor) queues `tickets` kitchen
 * tickets for a printer that is off, then the printer comes back (print-back.ts), `rounds` times.
 * Each round is judged three ways, so a wrong count cannot pass for a wrong print or the other way:
 * the bench's count (PaperCount), every mark in every byte the printer captured (read once, after
 * it closed), and the hub's own records (how many times each job was started and began writing).
 *
 *   node hub/bench/print-back-rounds.ts [tickets=2000] [rounds=5]
 */

const PRODUCERS = 16;
/** The demo's own tables come first; the ticket producers use these after them. */
const FIRST_TABLE = 16;

export type RoundVerdict = {
  bench: PrintBack;
  /** Marks found in every byte captured, and how often. */
  wire: { distinct: number; twice: number; missing: number };
  /** Jobs the hub started, or began writing, more than once. */
  hub: { startedTwice: number; writingTwice: number };
};

export async function printBackRound(tickets: number): Promise<RoundVerdict> {
  const dir = await scratchDir('print-back-rounds');
  // A port where nothing listens (connections refused): the printer is off.
  const off = await FakePrinter.start();
  await off.unplug();
  const hub = await openBenchHub(dir, { snapshotEvery: 1e9 });
  const started = new Map<string, number>();
  const writing = new Map<string, number>();
  const bump = (m: Map<string, number>, id: string) => m.set(id, (m.get(id) ?? 0) + 1);
  try {
    await seedDemo(hub.engine, new Date());
    await submitAll(hub.engine, extraTableCommands(FIRST_TABLE + PRODUCERS, 'bench-setup'));
    await installOffPrinter(hub.engine, off.port);
    const marks = await queueOffTickets(hub.engine, tickets, { producers: PRODUCERS, firstTable: FIRST_TABLE });
    // Counted from here: the attempts while the printer was off wrote nothing.
    hub.engine.onChange((change) => {
      for (const e of change.events) {
        if (e.type === 'job.started') bump(started, e.jobId);
        else if (e.type === 'job.writing') bump(writing, e.jobId);
      }
    });
    let printer: FakePrinter | null = null;
    const bench = await printerComesBack(off.port, marks, 10 * 60_000, { onPrinter: (p) => (printer = p) });
    const seen = new Map<string, number>();
    const captured = (printer as FakePrinter | null)?.received ?? [];
    for (const bytes of captured) {
      for (const text of parseEscPos(bytes, { codePage: 'cp858' }).texts) for (const mark of text.match(/P\d{7}/g) ?? []) seen.set(mark, (seen.get(mark) ?? 0) + 1);
    }
    const more = (m: Map<string, number>) => [...m.values()].filter((n) => n > 1).length;
    return {
      bench,
      wire: { distinct: marks.filter((m) => seen.has(m)).length, twice: marks.filter((m) => (seen.get(m) ?? 0) > 1).length, missing: marks.filter((m) => !seen.has(m)).length },
      hub: { startedTwice: more(started), writingTwice: more(writing) },
    };
  } finally {
    await hub.close();
    await removeDir(dir);
  }
}

if (isMain(import.meta.url)) {
  const tickets = Number(process.argv[2] ?? 2000);
  const rounds = Number(process.argv[3] ?? 5);
  let bad = 0;
  for (let r = 1; r <= rounds; r++) {
    const v = await printBackRound(tickets);
    const b = v.bench;
    const ok = b.printed === b.expected && b.twice === 0 && b.outOfOrder === 0 && v.wire.missing === 0 && v.wire.twice === 0 && v.hub.writingTwice === 0 && b.overlapping === 0;
    if (!ok) bad++;
    console.log(
      `round ${r}/${rounds}: bench ${b.printed}/${b.expected} printed, ${b.twice} twice, ${b.outOfOrder} out of order${b.missing.length ? `, missing ${b.missing.join(' ')}` : ''} in ${(b.ms / 1000).toFixed(1)} s, ${b.overlapping} overlapping` +
        ` | wire ${v.wire.distinct} distinct, ${v.wire.twice} twice, ${v.wire.missing} missing | hub started twice ${v.hub.startedTwice}, wrote twice ${v.hub.writingTwice}${ok ? '' : '  <-- look'}`,
    );
  }
  console.log(bad === 0 ? `all ${rounds} rounds: every ticket once, in order` : `${bad} of ${rounds} rounds not clean`);
  process.exit(bad === 0 ? 0 : 1);
}
