import { Engine, type EngineOptions } from '#hub/engine/engine.ts';
import { echoRunners } from '#hub/jobs/echo-runners.ts';
import { JobService } from '#hub/jobs/job-service.ts';
import { createPrinting, type Printing } from '#hub/jobs/printing/index.ts';
import type { Command } from '#protocol';
import { VIRTUAL_PRINTER_ID } from '#protocol';
import { createDriver } from '../../hardware/index.ts';
import { networkPrinter } from '../../hardware/testing/kitchen-printer.ts';
import { startPrinterProcess } from './printer-process.ts';
import { makeCommand, submitAll } from './workload.ts';

/**
 * The engine as a hub runs it, for the benchmarks that drive an engine
 * in-process: the real JobService with the real print and drawer runners
 * (hub/jobs/printing), wired as hub/server.ts wires them, so print jobs are
 * carried out (and finished ones pruned) while commands come in, instead of
 * piling up in a store nobody prints from. The printers are fake ESC/POS
 * printers on 127.0.0.1 (hardware/testing/fake-printer.ts: real TCP, status
 * answered), in a process of their own, that print every station, the
 * pre-bills, the receipts and the drawer.
 */

export type BenchHubOptions = Partial<Pick<EngineOptions, 'snapshotEvery' | 'retentionDays' | 'clock'>> & {
  /**
   * How long done jobs stay before the service prunes them. The hub keeps them
   * 10 minutes at a restaurant's pace (a few commands a second); the bench sends
   * some hundred times that, so it keeps them some hundred times shorter: the
   * table holds about as many finished jobs as a restaurant's does.
   */
  keepFinishedMs?: number;
  /** How often the service prunes and looks for work without being told. */
  tickMs?: number;
};

export type BenchHub = {
  engine: Engine;
  jobs: JobService;
  printing: Printing;
  /** Stops the job service and the printing, then closes the engine (final snapshot). */
  close(): Promise<void>;
};

const QUIET = () => undefined;

/** Opens the store in `dir` and starts its job service, as hub/server.ts does (no HTTP, no sockets). */
export async function openBenchHub(dir: string, opts: BenchHubOptions = {}): Promise<BenchHub> {
  const { keepFinishedMs = 2_000, tickMs = 1_000, ...engineOpts } = opts;
  const engine = await Engine.open({ dir, log: QUIET, ...engineOpts });
  const printing = createPrinting({
    engine,
    dataDir: dir,
    createDriver: (printer) => createDriver(printer, { dataDir: dir }),
    // Nobody claims a bench hub and nobody reads its setup slip: no claim code on it.
    slipFacts: () => ({ urls: [], claimCode: null }),
    log: QUIET,
  });
  const jobs = new JobService(engine, [...echoRunners(dir), ...printing.runners], { log: QUIET, keepFinishedMs, tickMs });
  await jobs.start();
  await printing.start(jobs);
  return {
    engine,
    jobs,
    printing,
    close: async () => {
      await printing.stop();
      await jobs.stop();
      await printing.close();
      await engine.close();
    },
  };
}


/** What the bench closes when it is done with printers (a fake printer, or the process holding them). */
export type Closable = { close(): Promise<void> };

/**
 * A restaurant's printers, fake: one per kitchen station and one at the till
 * (pre-bills, receipts, drawer), each its own lane; the demo's virtual printer
 * removed (it would take every station too). The fakes run in a process of
 * their own (printer-process.ts: a printer's work is not the hub's CPU).
 * Returns what to close.
 */
export async function installFakePrinters(engine: Engine): Promise<Closable[]> {
  const stations = engine.state.menuSettings.stations.map((s) => s.id);
  const fakes = await startPrinterProcess(stations.length + 1);
  const commands: Command[] = [];
  for (const [i, station] of stations.entries()) {
    commands.push(makeCommand('printer.save', { printer: networkPrinter(`pr-bench-${i + 1}`, `Estación ${i + 1}`, fakes.ports[i]!, { stations: [station] }) }, 'bench-setup'));
  }
  const tillPort = fakes.ports[stations.length]!;
  commands.push(makeCommand('printer.save', { printer: networkPrinter('pr-bench-caja', 'Caja', tillPort, { receipts: true, prebills: true, drawer: true }) }, 'bench-setup'));
  if (engine.state.printers[VIRTUAL_PRINTER_ID]) commands.push(makeCommand('printer.remove', { printerId: VIRTUAL_PRINTER_ID }, 'bench-setup'));
  await submitAll(engine, commands);
  return [fakes];
}

export async function closePrinters(printers: readonly Closable[]): Promise<void> {
  for (const p of printers) await p.close();
}
