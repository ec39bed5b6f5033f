import type { Printer, State } from '#protocol';

/**
 * Which printers (and kitchen screens) each printout goes to. The model
 * (README.md "Routing"):
 * - A kitchen ticket for station S goes to every printer and screen whose
 *   `stations` include S. A line without a station goes to every printer and
 *   screen that prints at least one station, so no kitchen misses it.
 * - A kitchen ticket with none of those goes to the kitchen fallback (one
 *   printer: the first real receipt printer, else the first real printer,
 *   else the virtual one, else a screen) and, for a named station, says so on
 *   the paper: a dish never goes nowhere silently (issue 18).
 * - Pre-bills go to printers with `prebills`, receipts to those with
 *   `receipts` (never to a screen).
 * - The virtual printer is the fallback while the restaurant has no network
 *   or USB printer: a printout with no target goes to it. Once a real
 *   printer exists, the virtual one prints only what it is set to.
 * - The drawer opens through the first receipt printer (by name) with `drawer`.
 */

/** Printers in a stable order (by name, then id), so the jobs of one event always come out the same. */
export function printersInOrder(state: State): Printer[] {
  // Bounded: the restaurant's printers and screens (tens).
  return Object.values(state.printers).sort((a, b) => a.name.localeCompare(b.name, 'es') || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Whether the restaurant has a printer that puts paper out (network or USB). */
export function hasRealPrinter(state: State): boolean {
  // Bounded: the restaurant's printers and screens (tens).
  return Object.values(state.printers).some((p) => p.connection.type === 'network' || p.connection.type === 'usb');
}

/** Where a printout with no target goes: the virtual printers while no real one exists, else nowhere. */
function orFallback(state: State, targets: Printer[]): Printer[] {
  if (targets.length > 0 || hasRealPrinter(state)) return targets;
  return printersInOrder(state).filter((p) => p.connection.type === 'virtual');
}

/** The printers and screens set to print a station ('' = a line without one: every printer or screen that prints some station). */
export function stationTargets(state: State, station: string): Printer[] {
  const all = printersInOrder(state);
  return station === '' ? all.filter((p) => p.stations.length > 0) : all.filter((p) => p.stations.includes(station));
}

/**
 * Where a kitchen ticket goes when no printer or screen prints its station:
 * the counter's printer, where someone is always near (the first real receipt
 * printer), else the first real printer, else the virtual printer (no real
 * one yet), else a screen; null only when the restaurant has none at all.
 */
export function kitchenFallback(state: State): Printer | null {
  const all = printersInOrder(state);
  const paper = all.filter((p) => p.connection.type !== 'screen');
  const real = paper.filter((p) => p.connection.type === 'network' || p.connection.type === 'usb');
  return real.find((p) => p.receipts) ?? real[0] ?? paper.find((p) => p.receipts) ?? paper[0] ?? all[0] ?? null;
}

/** Where the kitchen tickets of one station go, and whether they went to the fallback because nothing prints it. */
export function kitchenRoute(state: State, station: string): { targets: Printer[]; fallback: boolean } {
  const targets = stationTargets(state, station);
  if (targets.length > 0) return { targets, fallback: false };
  const fallback = kitchenFallback(state);
  return { targets: fallback ? [fallback] : [], fallback: true };
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
