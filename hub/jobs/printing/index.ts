import { hubCommand } from '#hub/auth/hub-command.ts';
import type { Change, CommandPayload, CommandReply, CommandType } from '#protocol';
import type { JobEngine } from '../job-service.ts';
import type { AnyJobRunner } from '../runner.ts';
import { DriverCache, type DriverFactory } from './drivers.ts';
import { PrintHistory } from './history.ts';
import { drawerRunner, printRunner, type PrintRunnerDeps } from './print-runner.ts';
import { showOnScreen } from './screen-target.ts';
import { firstPrinters, type FirstPrinterSources } from './first-printer.ts';
import { setupSlipOnce, slipPrinter } from './setup-slip-on-start.ts';
import type { SlipFacts } from './setup-slip.ts';
import { StatusMonitor } from './status-monitor.ts';

export { printerLane } from './lanes.ts';
export { PrintHistory, type PrintHistoryItem } from './history.ts';

/** The hub itself, as the actor of what printing records (status reports, the first setup slip). */
const HUB_ACTOR = { staffId: null, deviceId: 'hub' } as const;

export type PrintingOptions = {
  engine: JobEngine;
  dataDir: string;
  /** hardware's `createDriver` bound to the data directory (tests may hand in their own). */
  createDriver: DriverFactory;
  slipFacts: () => SlipFacts;
  clock?: () => Date;
  log?: (message: string) => void;
  /** How often printers are asked for their status (2 s). */
  statusEveryMs?: number;
  /** The digest of a fiscal document's signature, for its printed QR code (print-runner.ts). */
  fiscalDigest?: PrintRunnerDeps['fiscalDigest'];
  /** A shift's full report, to complete a Z report as it prints (print-runner.ts). */
  shiftReport?: PrintRunnerDeps['shiftReport'];
  /** A closed bill from the archive, for a paid delivery's slip (delivery-slip-lines.ts). */
  closedBill?: PrintRunnerDeps['closedBill'];
  /** Where an unclaimed hub looks for a receipt printer for its setup slip (first-printer.ts); none: it does not look. */
  firstPrinters?: FirstPrinterSources;
};

/** What the hub holds of printing: the runners for the job service, and what starts once the lanes exist. */
export type Printing = {
  runners: AnyJobRunner[];
  monitor: StatusMonitor;
  history: PrintHistory;
  /** After the job service started: the history, the status monitor and the first setup slip. */
  start(lanes: { laneBusy(key: string): boolean; wakeLane(key: string): void }): Promise<void>;
  /** Before the job service stops: the monitor and the change listener. */
  stop(): Promise<void>;
  /** After the job service stopped (no job under way): the drivers' sockets and files. */
  close(): Promise<void>;
  /**
   * The setup page's "find a printer" on an unclaimed hub: adds the first of
   * the network printers found when the hub has no receipt printer yet, then
   * prints the setup slip (again) on its receipt printer. False when there is
   * none to print on, or the hub is claimed.
   */
  slipOnRequest(found: readonly { host: string; port: number }[]): Promise<boolean>;
};

/**
 * Printing on the hub (hub/jobs/printing/README.md): the print and drawer
 * runners (one lane per printer), the status monitor, the print history and
 * the setup slip of a new hub, wired to one engine.
 */
export function createPrinting(opts: PrintingOptions): Printing {
  const clock = opts.clock ?? (() => new Date());
  const submit = <K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<CommandReply> =>
    opts.engine.submit(hubCommand(type, payload, HUB_ACTOR.deviceId, clock()), HUB_ACTOR);
  const drivers = new DriverCache(opts.createDriver);
  const history = new PrintHistory(opts.dataDir);
  let monitor: StatusMonitor | null = null;
  const deps: PrintRunnerDeps = {
    state: () => opts.engine.state,
    drivers,
    clock,
    slipFacts: opts.slipFacts,
    showOnScreen: (job) => showOnScreen((c, a) => opts.engine.submit(c, a), { ...job.payload, id: job.id }, clock()),
    onProblem: (printerId, reason) => monitor?.noteProblem(printerId, reason).catch((err: unknown) => opts.log?.(`printers: status of ${printerId} not recorded: ${String(err)}`)),
    ...(opts.fiscalDigest ? { fiscalDigest: opts.fiscalDigest } : {}),
    ...(opts.shiftReport ? { shiftReport: opts.shiftReport } : {}),
    ...(opts.closedBill ? { closedBill: opts.closedBill } : {}),
    ...(opts.log ? { log: opts.log } : {}),
  };
  let unsubscribe: (() => void) | null = null;
  // One slip decision at a time (a start and a printer saved meanwhile must not both print one).
  let printedThisStart = false;
  let slipChain: Promise<unknown> = Promise.resolve();
  const slipOnce = () => {
    const next = slipChain.then(async () => {
      const start = { unclaimed: opts.slipFacts().claimCode !== null, printedThisStart };
      const printed = await setupSlipOnce(opts.dataDir, opts.engine.state, (printerId) => submit('printer.setupSlip', { printerId }), start).catch(() => false);
      if (printed) printedThisStart = true;
      return printed;
    });
    slipChain = next;
    return next;
  };
  // A hub nobody owns yet adds the receipt printers it finds, so its claim code reaches paper (first-printer.ts).
  const addFirstPrinters = async (sources: FirstPrinterSources | undefined = opts.firstPrinters) => {
    if (!sources || opts.slipFacts().claimCode === null) return;
    for (const printer of await firstPrinters(opts.engine.state, sources)) {
      const reply = await submit('printer.save', { printer });
      opts.log?.(reply.ok ? `printing: found the printer "${printer.name}" for the setup slip` : `printing: could not add the printer "${printer.name}": ${reply.code}`);
    }
  };
  return {
    runners: [printRunner(deps), drawerRunner(deps)],
    get monitor() {
      return monitor as StatusMonitor;
    },
    history,
    start: async (lanes) => {
      monitor = new StatusMonitor({ state: deps.state, drivers, lanes, report: (printerId, status) => submit('printer.reportStatus', { printerId, status }), log: opts.log, ...(opts.statusEveryMs ? { everyMs: opts.statusEveryMs } : {}) });
      await history.backfill(opts.engine.jobs);
      unsubscribe = opts.engine.onChange((change: Change) => {
        history.record(change.events, opts.engine.jobs);
        if (change.events.some((e) => e.type === 'printer.saved')) void slipOnce();
      });
      monitor.start();
      await addFirstPrinters();
      await slipOnce();
    },
    stop: async () => {
      unsubscribe?.();
      unsubscribe = null;
      await monitor?.stop();
      await history.flushed();
    },
    close: () => drivers.closeAll(),
    slipOnRequest: async (found) => {
      if (opts.slipFacts().claimCode === null) return false;
      const printedBefore = printedThisStart;
      const first = found[0];
      if (first) await addFirstPrinters({ listUsb: async () => [], setupPrinter: first });
      await slipChain;
      // The printer just added printed the slip of this start by itself; otherwise print it now.
      if (!printedBefore && printedThisStart) return true;
      const printer = slipPrinter(opts.engine.state);
      if (!printer) return false;
      return (await submit('printer.setupSlip', { printerId: printer.id })).ok;
    },
  };
}
