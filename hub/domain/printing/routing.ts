import type { Printer, State } from '#protocol';

/**
 * Which printers (and kitchen screens) each printout goes to. The model
 * (README.md "Routing"):
 * - A kitchen ticket for station S goes to every printer and screen whose
 *   `stations` include S. A line without a station goes to every printer and
 *   screen that prints at least one station, so no kitchen misses it.
 * - Pre-bills go to printers with `prebills`, receipts to those with
 *   `receipts` (never to a screen).
 * - The virtual printer is the fallback while the restaurant has no network
 *   or USB printer: a printout with no target goes to it. Once a real
 *   printer exists, the virtual one prints only what it is set to.
 * - The drawer opens through the first receipt printer (by name) with `drawer`.
 */

/** Printers in a stable order (by name, then id), so the jobs of one event always come out the same. */
export function printersInOrder(state: State): Printer[] {
  return Object.values(state.printers).sort((a, b) => a.name.localeCompare(b.name, 'es') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Whether the restaurant has a printer that puts paper out (network or USB). */
export function hasRealPrinter(state: State): boolean {
  return Object.values(state.printers).some((p) => p.connection.type === 'network' || p.connection.type === 'usb');
}

/** Where a printout with no target goes: the virtual printers while no real one exists, else nowhere. */
function orFallback(state: State, targets: Printer[]): Printer[] {
  if (targets.length > 0 || hasRealPrinter(state)) return targets;
  return printersInOrder(state).filter((p) => p.connection.type === 'virtual');
}

/** Printers and screens for the kitchen tickets of one station ('' = the line has none). */
export function kitchenTargets(state: State, station: string): Printer[] {
  const all = printersInOrder(state);
  const targets = station === '' ? all.filter((p) => p.stations.length > 0) : all.filter((p) => p.stations.includes(station));
  return orFallback(state, targets);
}

/** Printers for a pre-bill. */
export function prebillTargets(state: State): Printer[] {
  return orFallback(state, printersInOrder(state).filter((p) => p.prebills && p.connection.type !== 'screen'));
}

/** Printers for a receipt. */
export function receiptTargets(state: State): Printer[] {
  return orFallback(state, printersInOrder(state).filter((p) => p.receipts && p.connection.type !== 'screen'));
}

/** The printer whose drawer port opens the cash drawer, or null when no receipt printer has a drawer. */
export function drawerPrinter(state: State): Printer | null {
  return printersInOrder(state).find((p) => p.drawer && p.receipts && p.connection.type !== 'screen') ?? null;
}

/** The printer for a setup slip: the one named, else the first receipt printer, else the first printer at all. */
export function setupSlipPrinter(state: State): Printer | null {
  const all = printersInOrder(state).filter((p) => p.connection.type !== 'screen');
  return receiptTargets(state)[0] ?? all[0] ?? null;
}
