/**
 * Lima's civil date and time of an instant. Peru keeps UTC−5 all year (no
 * daylight saving since 1994), so a fixed offset is exact and needs no
 * time-zone data; the document's issue date decides which tax rate applies.
 */
export function limaDateTime(iso: string): { date: string; time: string } {
  const shifted = new Date(Date.parse(iso) - 5 * 3600_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) };
}
