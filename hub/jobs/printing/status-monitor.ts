import type { CommandReply, JobReason, Printer, PrinterStatus, State } from '#protocol';
import type { DriverCache } from './drivers.ts';
import { printerLane } from './lanes.ts';

/**
 * How often each network or USB printer is asked for its status. The alert of a printer that falls
 * silent comes within this plus the connection time box (CONNECT_TIMEOUT_MS, hardware) plus the
 * record's write: 2 + 1.5 s + a few ms, inside the 5 s promised (alert-budget.test.ts keeps the sum).
 */
export const STATUS_EVERY_MS = 2_000;

/** What the hub promises: a printer that stops answering shows its alert on every device within this. */
export const ALERT_WITHIN_MS = 5_000;

/** The status a failed job's reason shows, for the reasons a status can show (others: none). */
export function statusOfProblem(reason: JobReason): PrinterStatus | null {
  switch (reason) {
    case 'UNREACHABLE':
    case 'DEVICE_MISSING':
      return { state: 'retryLater', reason };
    case 'PAPER_OUT':
    case 'COVER_OPEN':
    case 'PRINTER_ERROR':
      return { state: 'needsPerson', reason };
    default:
      return null;
  }
}

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
 * printing is not asked a status question (it could disturb a slow printer
 * mid-ticket): it is only checked to answer at all (a connection opened or
 * refused, nothing written), and one that is silent is reported unreachable
 * at once; ok is left to the ticket's outcome and the next idle check. A job
 * that fails for a reason a status shows (unreachable, paper out...) is
 * recorded at once too (`noteProblem`). When a printer is seen ok after a
 * problem (seen here, or told by the runner), its lane is woken: the waiting
 * tickets print now, not at their next retry time.
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

  /**
   * The runner saw this printer fail a job: a reason a status shows is recorded now (the alert does
   * not wait for the next check, nor for the lane to be free), and the lane is woken as soon as a
   * check finds the printer ok.
   */
  async noteProblem(printerId: string, reason: JobReason): Promise<void> {
    this.troubled.add(printerId);
    const status = statusOfProblem(reason);
    if (status && Object.hasOwn(this.deps.state().printers, printerId)) await this.record(printerId, status);
  }

  /** One round over every polled printer (the timer's; tests call it directly). */
  checkNow(): Promise<void> {
    const printers = Object.values(this.deps.state().printers).filter(isPolled);
    const round = Promise.all(printers.map((p) => this.check(p))).then(() => this.deps.drivers.retain(new Set(Object.keys(this.deps.state().printers))));
    this.round = round;
    return round;
  }

  private known(printerId: string): PrinterStatus | undefined {
    return Object.hasOwn(this.deps.state().printerStatus, printerId) ? this.deps.state().printerStatus[printerId]?.status : undefined;
  }

  /** Records `status` when it differs from what the state holds. */
  private async record(printerId: string, status: PrinterStatus): Promise<void> {
    if (sameStatus(this.known(printerId), status)) return;
    const reply = await this.deps.report(printerId, status);
    if (!reply.ok) this.deps.log?.(`printers: status of ${printerId} not recorded (${reply.code})`);
  }

  private async check(printer: Printer): Promise<void> {
    const lane = printerLane(printer.id);
    if (this.checking.has(printer.id)) return;
    this.checking.add(printer.id);
    try {
      if (this.deps.lanes.laneBusy(lane)) return await this.checkWhilePrinting(printer);
      const status = await this.deps.drivers.get(printer).status().catch((): PrinterStatus => ({ state: 'retryLater', reason: 'UNREACHABLE' }));
      const known = this.known(printer.id);
      await this.record(printer.id, status);
      if (status.state !== 'ok') this.troubled.add(printer.id);
      else if (this.troubled.delete(printer.id) || (known !== undefined && known.state !== 'ok')) this.deps.lanes.wakeLane(lane);
    } finally {
      this.checking.delete(printer.id);
    }
  }

  /** While its lane prints: only whether it answers at all; silence is recorded, an answer changes nothing. */
  private async checkWhilePrinting(printer: Printer): Promise<void> {
    const driver = this.deps.drivers.get(printer);
    if (!driver.answers || (await driver.answers().catch(() => true))) return;
    this.troubled.add(printer.id);
    await this.record(printer.id, { state: 'retryLater', reason: printer.connection.type === 'usb' ? 'DEVICE_MISSING' : 'UNREACHABLE' });
  }
}
