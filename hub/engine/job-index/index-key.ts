/**
 * One job's place in an index of the job table: two numbers compared in
 * order, then the id (`b` is the table's creation number, unique per job, so
 * two keys of different jobs never tie in practice; the id settles it anyway).
 */
export type IndexKey = { readonly a: number; readonly b: number; readonly id: string };

/** Negative when `x` goes before `y`. */
export function compareKeys(x: IndexKey, y: IndexKey): number {
  return x.a - y.a || x.b - y.b || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}
