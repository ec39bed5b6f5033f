import type { Printer, State } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { slipPrinter } from './setup-slip-on-start.ts';

/**
 * Where an unclaimed hub looks for a receipt printer at its start, to print
 * the setup slip with the claim code (a box without a screen is claimed
 * from that slip): the USB printer-class devices present, and a network
 * printer named by the configuration (`--setup-printer HOST:PORT`, or
 * `POS_SETUP_PRINTER`: a technician who knows the address, and the tests).
 * The hub never scans a network by itself.
 */
export type FirstPrinterSources = {
  /** `/dev/usb/lp*` as hardware's `listUsbPrinters` lists them. */
  listUsb: () => Promise<string[]>;
  /** The configured network printer, if any. */
  setupPrinter: { host: string; port: number } | null;
};

/** The printers to add to an unclaimed hub that has no receipt printer yet (none when it has one). */
export async function firstPrinters(state: State, sources: FirstPrinterSources): Promise<Printer[]> {
  if (slipPrinter(state)) return [];
  const found: Printer[] = [];
  const taken = new Set(Object.values(state.printers).map((p) => p.name.toLowerCase()));
  const add = (printer: Printer) => {
    if (taken.has(printer.name.toLowerCase()) || state.printers[printer.id]) return;
    taken.add(printer.name.toLowerCase());
    found.push(printer);
  };
  if (sources.setupPrinter) {
    const { host, port } = sources.setupPrinter;
    add({ ...VIRTUAL_PRINTER, id: 'pr-setup-network', name: `Caja ${host}`.slice(0, 40), connection: { type: 'network', host, port } });
  }
  for (const path of await sources.listUsb()) {
    const device = path.split('/').at(-1) ?? path;
    add({ ...VIRTUAL_PRINTER, id: `pr-setup-usb-${device}`, name: `Caja USB ${device}`, connection: { type: 'usb', path } });
  }
  return found;
}
