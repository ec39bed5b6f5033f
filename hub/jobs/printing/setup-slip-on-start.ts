import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CommandReply, Printer, State } from '#protocol';

/** The marker that a setup slip was once asked for on this hub: `DATA/printing/setup-slip`. */
export function setupSlipMarker(dataDir: string): string {
  return path.join(dataDir, 'printing', 'setup-slip');
}

/** A receipt printer a person can pick a slip from (the virtual printer keeps paper nobody holds; a screen prints none). */
export function slipPrinter(state: State): Printer | null {
  return Object.values(state.printers).find((p) => p.receipts && (p.connection.type === 'network' || p.connection.type === 'usb')) ?? null;
}

/**
 * The setup slip of a new hub: the first time a real receipt printer is
 * there (at a start, or when one is saved), the hub records
 * `printer.setupSlip` itself, once per data directory. The marker is written
 * after the command is on disk: a stop in between prints a second slip, which
 * is harmless, rather than none. While the hub is unclaimed every start has a
 * new claim code, so the slip prints once per start (`unclaimed`, with
 * `printedThisStart` saying whether it did already).
 */
export async function setupSlipOnce(
  dataDir: string,
  state: State,
  record: (printerId: string) => Promise<CommandReply>,
  start: { unclaimed: boolean; printedThisStart: boolean } = { unclaimed: false, printedThisStart: false },
): Promise<boolean> {
  const marker = setupSlipMarker(dataDir);
  if (start.unclaimed ? start.printedThisStart : existsSync(marker)) return false;
  const printer = slipPrinter(state);
  if (!printer) return false;
  const reply = await record(printer.id);
  if (!reply.ok) return false;
  await mkdir(path.dirname(marker), { recursive: true, mode: 0o700 });
  await writeFile(marker, `${new Date().toISOString()} ${printer.id}\n`, { mode: 0o600 });
  return true;
}
