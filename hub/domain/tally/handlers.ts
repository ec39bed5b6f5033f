import type { CommandPayload, DomainEvent, State, TallyEntry, TallyEvent } from '#protocol';
import { DEPOSIT_TALLY_CATEGORIES, TALLY_CATEGORIES } from '#protocol';
import { businessDayOf, closingHourOf } from '../business-day.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn, hasOwn } from '../records.ts';

/** The business day a command recorded now belongs to. */
function todayOf(s: State, ctx: DecideContext): string {
  return businessDayOf(ctx.now, closingHourOf(s.settings));
}

/**
 * Entries of business days before today leave the live state with every
 * accepted bookkeeping decision (as past reservations do): the state keeps
 * one day's book, the day files keep the years.
 */
export function filingEvents(s: State, today: string): TallyEvent[] {
  // Bounded: the state holds one day's book (this very filing keeps it so).
  const past = Object.values(s.tallyEntries).filter((e) => e.day < today);
  return past.length ? [{ type: 'tally.filed', entries: past }] : [];
}

/** "Other" categories say in the note what the money was. */
const NEEDS_NOTE = new Set(['otherIncome', 'otherExpense']);

export function addEntry(s: State, p: CommandPayload<'tally.add'>, ctx: DecideContext): Decision {
  if (TALLY_CATEGORIES[p.category] !== p.kind) return refuse('TALLY_WRONG_CATEGORY', 'category');
  // Deposits are booked by the reservation that took them (hub/domain/reservations/deposit.ts), never by hand.
  if (DEPOSIT_TALLY_CATEGORIES.includes(p.category)) return refuse('TALLY_WRONG_CATEGORY', 'category');
  if (NEEDS_NOTE.has(p.category) && p.note === '') return refuse('TALLY_NOTE_REQUIRED', 'note');
  // Ids are minted on the device: a second add with an id already live is a replay or a clash, never a new entry.
  if (hasOwn(s.tallyEntries, p.id)) return refuse('TALLY_ENTRY_EXISTS', 'id');
  const today = todayOf(s, ctx);
  const entry: TallyEntry = {
    id: p.id,
    kind: p.kind,
    category: p.category,
    amountCents: p.amountCents,
    note: p.note,
    method: p.method ?? 'cash',
    day: today,
    at: ctx.now,
    by: ctx.actor.staffId,
  };
  const events: DomainEvent[] = [...filingEvents(s, today), { type: 'tally.added', entry }];
  return accept(events);
}

export function removeEntry(s: State, p: CommandPayload<'tally.remove'>, ctx: DecideContext): Decision {
  const entry = getOwn(s.tallyEntries, p.id);
  if (!entry) return refuse('NOT_FOUND', 'id');
  const today = todayOf(s, ctx);
  // A closed day's book stays as it was (the shift was counted against it): correct it with a new entry today.
  if (entry.day < today) return refuse('TALLY_DAY_CLOSED', 'id');
  if (entry.removed) return refuse('TALLY_ALREADY_REMOVED', 'id');
  if (DEPOSIT_TALLY_CATEGORIES.includes(entry.category)) return refuse('TALLY_ENTRY_LOCKED', 'id');
  const events: DomainEvent[] = [...filingEvents(s, today), { type: 'tally.removed', id: p.id, at: ctx.now, by: ctx.actor.staffId, reason: p.reason }];
  return accept(events);
}
