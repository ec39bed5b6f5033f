import type { CommandReply, Printer, PrinterStatus, State } from '#protocol';
import type { DriverCache } from './drivers.ts';
import { printerLane } from './lanes.ts';

/** How often each network or USB printer is asked for its status (an alert reaches every device within 5 s). */
export const STATUS_EVERY_MS = 2_000;

export type StatusMonitorDeps = {
  state: () => State;
  drivers: DriverCache;
  /** The job service's lanes: a printing printer is not asked; a printer back wakes its lane. */
  lanes: { laneBusy(key: string): boolean; wakeLane(key: string): void };
  /** Records `printer.reportStatus` as the hub. */
  report: (printerId: string, status: PrinterStatus) => Promise<CommandReply>;
  everyMs?: number;
  log?: (message: string) => void;
};

const sameStatus = (a: PrinterStatus | undefined, b: PrinterStatus) => a !== undefined && a.state === b.state && (a.state === 'ok' || (b.state !== 'ok' && a.reason === b.reason));

/** Printers with a device to ask: virtual printers are always fine, screens are the kitchen display's. */
function isPolled(printer: Printer): boolean {
  return printer.connection.type === 'network' || printer.connection.type === 'usb';
}

/**
 * Asks every network and USB printer for its status every ~2 s and records
 * `printer.reportStatus` only when it changed from what the state holds, so
 * every device raises (and clears) the alert live. A printer whose lane is
 * printing is left alone (the job's outcome tells more, and a status query
 * in the middle of a ticket could disturb a slow printer). When a printer
 * is seen ok after a problem (seen here, or told by the runner), its lane is
 * woken: the waiting tickets print now, not at their next retry time.
 */
export class StatusMonitor {
  private readonly deps: StatusMonitorDeps;
  private readonly everyMs: number;
  /** Printers whose last known state was a problem (seen by a check, or a job that failed). */
  private readonly troubled = new Set<string>();
  private readonly checking = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;

  constructor(deps: StatusMonitorDeps) {
    this.deps = deps;
    this.everyMs = deps.everyMs ?? STATUS_EVERY_MS;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.checkNow(), this.everyMs);
    this.timer.unref();
    void this.checkNow();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.round;
  }

  /** The runner saw this printer fail: wake its lane as soon as a check finds it ok. */
  noteProblem(printerId: string): void {
    this.troubled.add(printerId);
  }

  /** One round over every polled printer (the timer's; tests call it directly). */
  checkNow(): Promise<void> {
    const printers = Object.values(this.deps.state().printers).filter(isPolled);
    const round = Promise.all(printers.map((p) => this.check(p))).then(() => this.deps.drivers.retain(new Set(Object.keys(this.deps.state().printers))));
    this.round = round;
    return round;
  }

  private async check(printer: Printer): Promise<void> {
    const lane = printerLane(printer.id);
    if (this.checking.has(printer.id) || this.deps.lanes.laneBusy(lane)) return;
    this.checking.add(printer.id);
    try {
      const status = await this.deps.drivers.get(printer).status().catch((): PrinterStatus => ({ state: 'retryLater', reason: 'UNREACHABLE' }));
      const known = Object.hasOwn(this.deps.state().printerStatus, printer.id) ? this.deps.state().printerStatus[printer.id]?.status : undefined;
      if (!sameStatus(known, status)) {
        const reply = await this.deps.report(printer.id, status);
        if (!reply.ok) this.deps.log?.(`printers: status of ${printer.id} not recorded (${reply.code})`);
      }
      if (status.state !== 'ok') this.troubled.add(printer.id);
      else if (this.troubled.delete(printer.id) || (known !== undefined && known.state !== 'ok')) this.deps.lanes.wakeLane(lane);
    } finally {
      this.checking.delete(printer.id);
    }
  }
}
