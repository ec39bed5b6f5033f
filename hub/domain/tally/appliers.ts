import type { EventOf, State, TallyEntry } from '#protocol';
import { getOwn, setOwn, withOwn } from '../records.ts';

export const tallyAppliers = {
  'tally.added': (s: State, e: EventOf<'tally.added'>): State => ({ ...s, tallyEntries: withOwn(s.tallyEntries, e.entry.id, e.entry) }),

  'tally.removed': (s: State, e: EventOf<'tally.removed'>): State => {
    const entry = getOwn(s.tallyEntries, e.id);
    if (!entry) return s;
    const removed: TallyEntry = { ...entry, removed: { at: e.at, by: e.by, reason: e.reason } };
    return { ...s, tallyEntries: withOwn(s.tallyEntries, e.id, removed) };
  },

  // The entries go to their day files (hub/domain/archived.ts tallyFiledBy); the state forgets them.
  'tally.filed': (s: State, e: EventOf<'tally.filed'>): State => {
    const gone = new Set(e.entries.map((x) => x.id));
    const kept: Record<string, TallyEntry> = {};
    // One copy without the filed day, once a day; the book is one day's.
    for (const [id, entry] of Object.entries(s.tallyEntries)) if (!gone.has(id)) setOwn(kept, id, entry);
    return { ...s, tallyEntries: kept };
  },
};
