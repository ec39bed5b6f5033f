import type { Printer, PrinterProblem, PrinterStatusEntry, Station } from '#protocol';

/** How a printer's status shows on its card: the colour and what to say. */
export type StatusView =
  | { tone: 'ok'; label: 'ok'; since: string | null }
  | { tone: 'unknown'; label: 'unknown'; since: null }
  | { tone: 'warn' | 'error'; label: PrinterProblem; since: string };

/**
 * A printer's status for its card. A network or USB printer the monitor has
 * not reported on yet is "not checked yet"; the virtual printer and a
 * kitchen screen have no paper to run out of, so no report means ready.
 * retryLater (off, unreachable: jobs wait and print when it is back) is a
 * warning; needsPerson (paper, cover, error) is an error.
 */
export function statusView(printer: Printer, entry: PrinterStatusEntry | undefined): StatusView {
  if (!entry) return printer.connection.type === 'network' || printer.connection.type === 'usb' ? { tone: 'unknown', label: 'unknown', since: null } : { tone: 'ok', label: 'ok', since: null };
  if (entry.status.state === 'ok') return { tone: 'ok', label: 'ok', since: entry.since };
  return { tone: entry.status.state === 'retryLater' ? 'warn' : 'error', label: entry.status.reason, since: entry.since };
}

/** Where a printer is, as its card says it: the address, the device, or nothing for virtual and screen (the type says it). */
export function addressOf(printer: Printer): string {
  const c = printer.connection;
  if (c.type === 'network') return c.port === 9100 ? c.host : `${c.host}:${c.port}`;
  if (c.type === 'usb') return c.path;
  return '';
}

/** The station names a printer prints for, in the menu's order; a station deleted from the menu is left out. */
export function stationNames(printer: Printer, stations: readonly Station[]): string[] {
  return stations.filter((s) => printer.stations.includes(s.id)).map((s) => s.name);
}

/** Printers in a stable order: real printers by name, then screens, the virtual printer last. */
export function sortedPrinters(printers: Readonly<Record<string, Printer>>): Printer[] {
  const rank = (p: Printer) => (p.connection.type === 'virtual' ? 2 : p.connection.type === 'screen' ? 1 : 0);
  return Object.values(printers).sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}
