import type { DomainEvent, Job, JobSpec, Printer, State } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { exec, menuState, P, product } from '../test-fixtures.ts';

/** Kitchen stations of the printing tests. */
export const ST = { kitchen: 'st-cocina', bar: 'st-bar' } as const;

/** A network printer that prints nothing until `over` says what. */
export function printer(id: string, over: Partial<Printer> = {}): Printer {
  const port = 9100 + id.length + id.charCodeAt(id.length - 1);
  return { ...VIRTUAL_PRINTER, id, name: id, connection: { type: 'network', host: `10.0.0.${id.length}`, port }, receipts: false, prebills: false, stations: [], ...over };
}

/** The test menu with two stations: ceviche and lomo cook in the kitchen, chicha and agua come from the bar. */
export function stationMenu(): State {
  let s = exec(menuState(), 'menu.saveStations', { stations: [{ id: ST.kitchen, name: 'Cocina' }, { id: ST.bar, name: 'Bar' }] }).state;
  for (const p of [P.ceviche, P.lomo]) s = exec(s, 'product.save', product(p.id, p.code, p.priceCents, { station: ST.kitchen })).state;
  for (const p of [P.chicha, P.agua]) s = exec(s, 'product.save', product(p.id, p.code, p.priceCents, { station: ST.bar })).state;
  return s;
}

/** The state with these printers saved (through the real command). */
export function withPrinters(state: State, printers: readonly Printer[]): State {
  return printers.reduce((s, p) => exec(s, 'printer.save', { printer: p }).state, state);
}

/** The jobs a decision's events created. */
export function createdJobs(events: readonly DomainEvent[]): Job[] {
  return events.flatMap((e) => (e.type === 'job.created' ? [e.job] : []));
}

/** A print job's target, purpose and ticket lines, for short assertions. */
export function summary(job: JobSpec): { printer: string; purpose: string; station?: string; marker?: string; lines?: string[] } {
  if (job.kind === 'drawer.kick') return { printer: job.payload.printerId, purpose: 'drawer' };
  if (job.kind !== 'print') return { printer: '', purpose: job.kind };
  const t = job.payload.ticket;
  return t
    ? { printer: job.payload.printerId, purpose: job.payload.purpose, station: t.station, marker: t.marker, lines: t.lines.map((l) => `${l.qty} ${l.name}`) }
    : { printer: job.payload.printerId, purpose: job.payload.purpose };
}

/** Every text of a print job's document, joined by newlines. */
export function paperText(job: JobSpec): string {
  if (job.kind !== 'print') return '';
  return job.payload.document.blocks.map((b) => (b.kind === 'text' ? b.text : b.kind === 'columns' ? `${b.left} ${b.right}` : b.kind === 'qr' ? `[QR ${b.data}]` : '')).join('\n');
}
