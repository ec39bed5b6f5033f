import type { Area, State, Table, TableDef } from '#protocol';
import { MAX_TABLES_PER_ADD } from '#protocol';

/** The floor's areas in the map's order. */
export function areasInOrder(state: Pick<State, 'areas'>): Area[] {
  return Object.values(state.areas).sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'es'));
}

/** An area's tables in the map's order (the same order as the table map). */
export function tablesOf(state: Pick<State, 'tables'>, areaId: string): Table[] {
  return Object.values(state.tables)
    .filter((t) => t.areaId === areaId)
    .sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name, 'es', { numeric: true }));
}

/** The largest `sort` among the tables, so new tables go after every one (-1 with none). */
export function lastSort(state: Pick<State, 'tables'>): number {
  return Object.values(state.tables).reduce((max, t) => Math.max(max, t.sort), -1);
}

/** "M12" -> ["M", 12]; a name that does not end in a number has none. */
function splitNumbered(name: string): [string, number] | null {
  const m = /^(.*?)(\d+)$/.exec(name.trim());
  return m ? [m[1]!, Number(m[2])] : null;
}

/**
 * What "add N tables" suggests: the letters the area's tables already use (or
 * the first letter of the area's name, else "M"), and the number after the
 * highest one any table with those letters has, on the whole floor, since
 * table names are unique across areas.
 */
export function suggestBatch(state: Pick<State, 'tables'>, area: Area | undefined): { prefix: string; from: number } {
  const own = area ? tablesOf(state, area.id).map((t) => splitNumbered(t.name)).find((x) => x !== null) : undefined;
  const prefix = own ? own[0] : (area?.name.trim().charAt(0).toUpperCase() ?? '') || 'M';
  const highest = Object.values(state.tables).reduce((max, t) => {
    const n = splitNumbered(t.name);
    return n && n[0].toLowerCase() === prefix.toLowerCase() ? Math.max(max, n[1]) : max;
  }, 0);
  return { prefix, from: highest + 1 };
}

/** The names "add N tables" makes: prefix + from, from+1, ... (M1..M10). */
export function batchNames(prefix: string, from: number, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix.trim()}${from + i}`);
}

/** Why a batch cannot be sent as typed (the hub checks the names against the floor). */
export type BatchProblem = 'count' | 'from' | 'seats' | 'nameTooLong' | null;

/** Checks the numbers of an "add N tables" form as typed. */
export function batchProblem(form: { prefix: string; from: number; count: number; seats: number }): BatchProblem {
  if (!Number.isInteger(form.count) || form.count < 1 || form.count > MAX_TABLES_PER_ADD) return 'count';
  if (!Number.isInteger(form.from) || form.from < 0 || form.from > 99_999) return 'from';
  if (!Number.isInteger(form.seats) || form.seats < 1 || form.seats > 99) return 'seats';
  if (batchNames(form.prefix, form.from, form.count).some((n) => n.length > 30)) return 'nameTooLong';
  return null;
}

/** The tables of a batch, ids minted by `newId`, after every table on the floor. */
export function batchTables(
  state: Pick<State, 'tables'>,
  form: { areaId: string; prefix: string; from: number; count: number; seats: number; type: TableDef['type'] },
  newId: () => string,
): TableDef[] {
  const start = lastSort(state) + 1;
  return batchNames(form.prefix, form.from, form.count).map((name, i) => ({
    id: newId(),
    areaId: form.areaId,
    name,
    type: form.type,
    seats: form.seats,
    minConsumptionCents: 0,
    sort: start + i,
  }));
}

/** "50", "50.5", "50,50" -> céntimos; "" -> 0; null when it is not soles with at most two decimals (up to S/ 99,999.99). */
export function solesToCents(text: string): number | null {
  const t = text.trim();
  if (t === '') return 0;
  const m = /^(\d{1,5})(?:[.,](\d{1,2}))?$/.exec(t);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}

/** Céntimos as the field shows them: 5000 -> "50.00", 0 -> "". */
export function centsToSoles(cents: number): string {
  return cents === 0 ? '' : (cents / 100).toFixed(2);
}

/** Ids of the areas after moving the one at `index` by one place (unchanged at either end). */
export function movedIds(areas: readonly Area[], index: number, by: -1 | 1): string[] {
  const ids = areas.map((a) => a.id);
  const j = index + by;
  if (j < 0 || j >= ids.length) return ids;
  [ids[index], ids[j]] = [ids[j]!, ids[index]!];
  return ids;
}

/**
 * The new-name field after the hub refused what was sent from it: the sent
 * text comes back so it can be corrected, unless the person has typed
 * something since (that is never wiped).
 */
export function textAfterRefusal(now: string, sent: string): string {
  return now === '' ? sent : now;
}
