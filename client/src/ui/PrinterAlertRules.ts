import type { Alias, Printer, PrinterProblem, PrinterStatusEntry, State } from '#protocol';

/** A printer that is not ok, as the alert banner and the printer page name it. */
export type PrinterTrouble = { printerId: string; name: string; state: 'retryLater' | 'needsPerson'; reason: PrinterProblem; since: string };

/**
 * The printers whose status is not ok, the longest-standing first. Only
 * printers that still exist count (a removed printer's last status is
 * nobody's problem); a printer the monitor has not checked yet is not a
 * problem either (no news is not bad news until the first check).
 */
export function printerTroubles(printers: Readonly<Record<string, Printer>>, statuses: Readonly<Record<string, PrinterStatusEntry>>): PrinterTrouble[] {
  const out: PrinterTrouble[] = [];
  for (const printer of Object.values(printers)) {
    const entry = Object.hasOwn(statuses, printer.id) ? statuses[printer.id] : undefined;
    if (!entry || entry.status.state === 'ok') continue;
    out.push({ printerId: printer.id, name: printer.name, state: entry.status.state, reason: entry.status.reason, since: entry.since });
  }
  return out.sort((a, b) => a.since.localeCompare(b.since) || a.name.localeCompare(b.name));
}

/** The troubles in a device's copy of the state (empty before the first snapshot, or where the role's view carries no printers). */
export function troublesIn(state: State | null): PrinterTrouble[] {
  return state ? printerTroubles(state.printers ?? {}, state.printerStatus ?? {}) : [];
}

/**
 * Who sees the printer alert: whoever works where paper comes out. Tables
 * (M001: waiters send tickets, the kitchen reads them; every preset with a
 * kitchen role holds it), payment (pre-bills, receipts, the drawer) and
 * settings (owners and managers fix printers).
 */
export const PRINTER_ALERT_ALIASES: readonly Alias[] = ['M001', 'payment', 'settings'];

/** Whether a person with these aliases is shown the printer alert. */
export function seesPrinterAlert(aliases: ReadonlySet<string>): boolean {
  return PRINTER_ALERT_ALIASES.some((a) => aliases.has(a));
}

/** When a status began, as a person reads it: the time today, the day and time before today. */
export function sinceText(since: string, language: string, now: Date = new Date()): string {
  const at = new Date(since);
  const sameDay = at.toDateString() === now.toDateString();
  return sameDay
    ? at.toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' })
    : at.toLocaleString(language, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
