import type { CommandPayload, Printer, PrinterConnection, State } from '#protocol';
import { accept, refuse, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';

/** Whether two connections reach the same device (a screen or virtual printer is never "the same address"). */
function sameAddress(a: PrinterConnection, b: PrinterConnection): boolean {
  if (a.type === 'network' && b.type === 'network') return a.host === b.host && a.port === b.port;
  if (a.type === 'usb' && b.type === 'usb') return a.path === b.path;
  return false;
}

/** Why a printer cannot be saved as it is, or null. */
function saveRefusal(s: State, printer: Printer): Decision | null {
  // Bounded: the restaurant's printers and screens (tens).
  const others = Object.values(s.printers).filter((p) => p.id !== printer.id);
  const name = printer.name.toLocaleLowerCase('es');
  if (others.some((p) => p.name.toLocaleLowerCase('es') === name)) return refuse('PRINTER_NAME_TAKEN', 'name');
  if (others.some((p) => sameAddress(p.connection, printer.connection))) return refuse('PRINTER_ADDRESS_TAKEN', 'connection');
  // A kitchen screen shows tickets; it has no paper for a receipt nor a drawer port.
  if (printer.connection.type === 'screen' && (printer.receipts || printer.prebills || printer.drawer)) return refuse('PRINTER_IS_SCREEN', 'connection');
  const known = new Set(s.menuSettings.stations.map((st) => st.id));
  const unknown = printer.stations.find((id) => !known.has(id));
  if (unknown !== undefined) return refuse('UNKNOWN_STATION', unknown);
  return null;
}

/** `printer.save`: add or change a printer (names and addresses unique, stations known). */
export function savePrinter(s: State, p: CommandPayload<'printer.save'>): Decision {
  const printer = { ...p.printer, stations: [...new Set(p.printer.stations)] };
  return saveRefusal(s, printer) ?? accept([{ type: 'printer.saved', printer }]);
}

/**
 * `printer.remove`, refused for the last printer or screen (LAST_PRINTER).
 * Allowed with jobs still waiting for it: they fail with
 * NO_PRINTER at the runner and stay on the jobs page, where a person
 * reprints them on another printer (a dead printer must not hold the list hostage).
 */
export function removePrinter(s: State, p: CommandPayload<'printer.remove'>): Decision {
  if (!getOwn(s.printers, p.printerId)) return refuse('PRINTER_NOT_FOUND', 'printerId');
  // The one routing that leads nowhere (issue 18): with no printer or screen left, kitchen
  // tickets and receipts would reach nobody. The printers are a handful, so counting them is cheap.
  // Bounded: the restaurant's printers and screens (tens).
  if (Object.keys(s.printers).length === 1) return refuse('LAST_PRINTER', 'printerId');
  return accept([{ type: 'printer.removed', printerId: p.printerId }]);
}

/** `printer.testPrint`: a test page on any printer or screen. */
export function testPrint(s: State, p: CommandPayload<'printer.testPrint'>): Decision {
  if (!getOwn(s.printers, p.printerId)) return refuse('PRINTER_NOT_FOUND', 'printerId');
  return accept([{ type: 'printer.testRequested', printerId: p.printerId }]);
}
