import type { Bill } from '#protocol';
import type { Archive, ArchivedBill } from '#hub/store/archive.ts';

/**
 * Reading closed bills (settled or withdrawn): the archive's day files, and the bills not yet filed
 * (`recent`, the records since the last snapshot, oldest first), which win from their first seq
 * since a snapshot may be writing the files. The engine answers with these (Engine.closedBill,
 * Engine.closedBillsBetween); they hold no state of their own.
 */

/** A closed bill of `day` (the calendar day it was paid, YYYY-MM-DD), or undefined. */
export async function closedBillOf(archive: Archive, recent: readonly ArchivedBill[], billId: string, day: string): Promise<Bill | undefined> {
  // The day names a file: nothing but a date may reach the archive.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const unfiled = recent.findLast((b) => b.bill.id === billId && archive.dayOf(b) === day);
  if (unfiled) return unfiled.bill;
  return (await archive.readDay(day)).findLast((b) => b.bill.id === billId)?.bill;
}

/**
 * Every closed bill paid in [from, to) (ISO instants), oldest first. A business day that runs from
 * one closing hour to the next spans two calendar files (hub/domain/business-day.ts).
 */
export async function closedBillsIn(archive: Archive, recent: readonly ArchivedBill[], from: string, to: string): Promise<Bill[]> {
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (!(start < end)) return [];
  const inRange = (bill: Bill) => {
    const paid = Date.parse(bill.paidAt);
    return paid >= start && paid < end;
  };
  const firstInMemory = recent[0]?.seq ?? Infinity;
  const out: Bill[] = [];
  // One calendar file per 24 hours of the range, and the one its last instant falls in.
  const days = new Set<string>([archive.dayAt(new Date(end - 1).toISOString())]);
  for (let t = start; t < end; t += 86_400_000) days.add(archive.dayAt(new Date(t).toISOString()));
  for (const day of [...days].sort()) for (const b of await archive.readDay(day)) if (b.seq < firstInMemory && inRange(b.bill)) out.push(b.bill);
  for (const b of recent) if (inRange(b.bill)) out.push(b.bill);
  return out;
}
