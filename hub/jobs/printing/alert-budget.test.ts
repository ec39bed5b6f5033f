import { afterEach, describe, expect, it } from 'vitest';
import type { CommandReply, Printer, PrinterStatus, State } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { CONNECT_TIMEOUT_MS, createDriver, STATUS_ANSWER_MS } from '../../../hardware/index.ts';
import { SilentPrinter } from '../../../hardware/testing/silent-printer.ts';
import { DriverCache } from './drivers.ts';
import { ALERT_WITHIN_MS, STATUS_EVERY_MS, StatusMonitor } from './status-monitor.ts';

/**
 * Issue 19 item 12: a printer that falls silent (switched off on the LAN) shows its alert within
 * 5 s, idle and while tickets are sent to it. It took 5.3-6 s idle (the status check's connection
 * waited 5 s) and 11-12.5 s while sending (the monitor skipped a printing printer, and a ticket
 * failing unreachable raised nothing).
 *
 * The bound is arithmetic, not a stopwatch: the printer falls silent at some moment; the next
 * check starts within one interval (a check in flight ends before the next tick: it waits at most
 * three unanswered DLE EOT questions, or one connection time box), and a check of a silent
 * printer ends after one connection time box, then records the status (one log write, allowed
 * 500 ms here). While its lane prints, the same check runs as a bare connection (no question
 * asked), so the bound is the same.
 */

/** Allowed for recording the status (one fsynced log record) and the devices hearing of it. */
const RECORD_ALLOWANCE_MS = 500;

describe('the alert budget of a silent printer', () => {
  it('interval + connection time box + the record stay within the 5 s promised', () => {
    expect(STATUS_EVERY_MS + CONNECT_TIMEOUT_MS + RECORD_ALLOWANCE_MS).toBeLessThanOrEqual(ALERT_WITHIN_MS);
  });

  it('a check never outlasts the interval (so no tick is skipped): the connection box, or three unanswered questions', () => {
    expect(CONNECT_TIMEOUT_MS).toBeLessThan(STATUS_EVERY_MS);
    expect(3 * STATUS_ANSWER_MS).toBeLessThan(STATUS_EVERY_MS);
  });
});

describe('the status monitor against a printer whose SYNs are dropped (real sockets)', () => {
  let off: SilentPrinter | null = null;
  afterEach(async () => {
    await off?.close();
    off = null;
  });

  const printerAt = (port: number): Printer => ({ ...VIRTUAL_PRINTER, id: 'pr-off', name: 'Cocina', connection: { type: 'network', host: '127.0.0.1', port } });

  async function monitorOf(printer: Printer, busy: boolean) {
    const state = { printers: { [printer.id]: printer }, printerStatus: {} } as unknown as State;
    const reports: PrinterStatus[] = [];
    const monitor = new StatusMonitor({
      state: () => state,
      // The hub's own driver, with its default time boxes.
      drivers: new DriverCache((p) => createDriver(p, { dataDir: '/nonexistent' })),
      lanes: { laneBusy: () => busy, wakeLane: () => undefined },
      report: async (_id, status): Promise<CommandReply> => {
        reports.push(status);
        return { ok: true } as CommandReply;
      },
      everyMs: 3_600_000,
    });
    return { monitor, reports };
  }

  it.each([
    ['idle', false],
    ['while its lane sends a ticket', true],
  ])('%s: one check reports it unreachable, within the time left after an interval', async (_name, busy) => {
    off = await SilentPrinter.start();
    const { monitor, reports } = await monitorOf(printerAt(off.port), busy);
    const t0 = performance.now();
    await monitor.checkNow();
    const ms = performance.now() - t0;
    expect(reports).toEqual([{ state: 'retryLater', reason: 'UNREACHABLE' }]);
    // The check is built to take CONNECT_TIMEOUT_MS (1.5 s); what the budget leaves it is 5 - 2 = 3 s.
    // Generous on purpose (a loaded test machine): it fails only if a check waits as the old 5 s box did.
    expect(ms).toBeLessThan(ALERT_WITHIN_MS - STATUS_EVERY_MS);
  });
});
