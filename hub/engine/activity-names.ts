import type { DomainEvent, Names, OrderLine, State } from '#protocol';
import { getOwn } from '#domain';

/** Longest dish list kept per language: an entry stays a line, not a bill. */
const MAX_DISHES_CHARS = 200;

type Loose = Record<string, unknown>;
const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const obj = (v: unknown): Loose | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : null);

/** The order and table a record's events are about, from the events or the state they were decided on. */
function placeOf(events: readonly DomainEvent[], before: State): { orderId: string | null; tableId: string | null; tableName: string | null } {
  let orderId: string | null = null;
  let tableId: string | null = null;
  let tableName: string | null = null;
  for (const event of events) {
    const e = event as Loose;
    const order = obj(e.order);
    const bill = obj(e.bill);
    orderId ??= str(e.orderId) ?? str(order?.id) ?? str(bill?.id);
    tableId ??= str(e.tableId) ?? str(order?.tableId) ?? str(bill?.tableId);
    tableName ??= str(bill?.tableName);
  }
  if (!tableId && orderId) tableId = getOwn(before.orders, orderId)?.tableId ?? null;
  if (!tableName && tableId) tableName = getOwn(before.tables, tableId)?.name ?? null;
  return { orderId, tableId, tableName };
}

/**
 * Every line a record touched, with the portions concerned: lines it carries, and lines it names by id.
 * The order's own lines are indexed only when an id is not among the carried ones (issue 20: most
 * records carry their lines, and indexing a long order's lines for each was a cost of every command).
 */
function linesOf(events: readonly DomainEvent[], before: State, orderId: string | null): { line: OrderLine; qty: number }[] {
  const carriedById = new Map<string, OrderLine>();
  let ordered: Map<string, OrderLine> | null = null;
  const lineOf = (id: string): OrderLine | undefined => {
    const carried = carriedById.get(id);
    if (carried) return carried;
    ordered ??= new Map(((orderId && getOwn(before.orders, orderId)?.lines) || []).map((l) => [l.id, l]));
    return ordered.get(id);
  };
  const out = new Map<string, { line: OrderLine; qty: number }>();
  for (const event of events) {
    const e = event as Loose;
    if (Array.isArray(e.lines)) {
      for (const line of e.lines as OrderLine[]) {
        if (!obj(line) || !obj(line.names)) continue;
        carriedById.set(line.id, line);
        if (!out.has(line.id)) out.set(line.id, { line, qty: line.qty });
      }
    }
    const one = str(e.lineId);
    const ids = Array.isArray(e.lineIds) ? e.lineIds : [];
    for (const raw of one === null ? ids : [one, ...ids]) {
      const id = str(raw);
      if (id === null || out.has(id)) continue;
      const line = lineOf(id);
      if (line) out.set(id, { line, qty: typeof e.qty === 'number' ? e.qty : line.qty });
    }
  }
  return [...out.values()];
}

const clip = (text: string) => (text.length > MAX_DISHES_CHARS ? `${text.slice(0, MAX_DISHES_CHARS - 1)}…` : text);

/**
 * The names a record's activity entry keeps, as they were when it was
 * decided: the table's name and the dishes concerned ("2× Ceviche, 1× Chicha")
 * in each language. The live state forgets an order once its bill closes
 * (and a table may be renamed), so the activity view could no longer say
 * which table a kitchen action was for nor list the dishes added; these are
 * taken from the state the command was decided on.
 */
export function namesAt(events: readonly DomainEvent[], before: State | null): Record<string, string> {
  if (!before) return {};
  const { orderId, tableName } = placeOf(events, before);
  const out: Record<string, string> = {};
  if (tableName) out.tableName = tableName.slice(0, 60);
  const lines = linesOf(events, before, orderId);
  if (lines.length) {
    for (const lang of ['es', 'en', 'zh'] as const satisfies readonly (keyof Names)[]) {
      const key = lang === 'es' ? 'dishes' : `dishes.${lang}`;
      out[key] = clip(lines.map(({ line, qty }) => `${qty}× ${line.names[lang] || line.names.es}`).join(', '));
    }
  }
  return out;
}
