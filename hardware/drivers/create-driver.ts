/**
 * The driver for a printer's connection. A `screen` printer (a kitchen
 * display) has no driver: the job runner routes its tickets to the display;
 * asked anyway, it answers NO_PRINTER instead of printing nowhere.
 */
import { isSafeId, type Printer } from '#protocol';
import type { PrinterDriver } from '../printer.ts';
import { networkDriver } from './network.ts';
import { usbDriver } from './usb.ts';
import { virtualDriver } from './virtual.ts';

/** How long a write may take (a slow printer reading a long ticket) before the job counts as broken. */
export const DEFAULT_TIMEOUT_MS = 5000;
/**
 * How long opening a connection may take before the printer counts as unreachable (issue 19 item
 * 12: a silent printer must raise its alert within 5 s). A printer on the LAN answers a SYN in
 * milliseconds (a Wi-Fi one in power save within a few hundred); one switched off answers never.
 */
export const CONNECT_TIMEOUT_MS = 1500;

const noPrinter: PrinterDriver = {
  print: async () => ({ ok: false, canRetry: false, reason: 'NO_PRINTER', written: 0 }),
  openDrawer: async () => ({ ok: false, canRetry: false, reason: 'NO_PRINTER', written: 0 }),
  status: async () => ({ state: 'needsPerson', reason: 'NO_PRINTER' }),
  close: async () => undefined,
};

/**
 * The driver that prints to `printer`, keeping virtual printouts under `dataDir`. `freshMs`: how long a
 * network printer's last confirmation stands for the next printout's status check (network.ts
 * `FRESH_CONFIRMATION_MS`; 0: every printout asks first).
 */
export function createDriver(printer: Printer, opts: { dataDir: string; timeoutMs?: number; freshMs?: number }): PrinterDriver {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const c = printer.connection;
  switch (c.type) {
    case 'network':
      return networkDriver(c.host, c.port, printer, timeoutMs, Math.min(CONNECT_TIMEOUT_MS, timeoutMs), opts.freshMs);
    case 'usb':
      return usbDriver(c.path, printer);
    case 'virtual':
      // The id names the paper's file: an unvalidated one gets no file at all.
      return isSafeId(printer.id) ? virtualDriver(opts.dataDir, printer.id) : noPrinter;
    case 'screen':
      return noPrinter;
  }
}
