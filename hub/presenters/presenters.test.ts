import { describe, expect, it } from 'vitest';
import { emptyState } from '#domain';
import { menuState } from '#hub/domain/test-fixtures.ts';
import type { Change, DomainEvent, State } from '#protocol';
import { presentChange, presentEvent, presentState, SLICE_RULES, viewerOf } from './index.ts';
import { ON_DEMAND, withoutTimes } from './slices.ts';

/** A viewer holding nothing: what any unknown or new slice must look like to it. */
const nobody = viewerOf(emptyState(), 'nobody');

describe('the slice table decides every slice', () => {
  it('has a rule for every key of the state (a new slice must say who sees it)', () => {
    for (const state of [emptyState(), menuState()]) {
      const missing = Object.keys(state).filter((k) => !Object.hasOwn(SLICE_RULES, k));
      expect(missing, 'State keys without an entry in SLICE_RULES (hub/presenters/slices.ts)').toEqual([]);
    }
  });

  it('holds no on-demand data in a device\'s state: it is fetched over HTTP with paging, never in a snapshot', () => {
    for (const state of [emptyState(), menuState()]) {
      // The hub may keep such data as a hub-only slice (members, issue 22): left out for every device, the owner too.
      const shown = presentState(state, viewerOf(state, null));
      expect(Object.entries(shown).filter(([k, v]) => v !== undefined && (ON_DEMAND as readonly string[]).includes(k)), 'on-demand data in a snapshot').toEqual([]);
    }
  });

  it('never sends a slice it has no rule for', () => {
    const state = { ...emptyState(), secretLedger: { a: 1 } } as State & { secretLedger: unknown };
    const owner = viewerOf(state, null);
    expect(Object.keys(presentState(state, owner))).not.toContain('secretLedger');
    expect(JSON.stringify(presentState(state, nobody))).not.toContain('secretLedger');
  });

  it('never sends an event type it has no rule for, and keeps the seq of a change it empties', () => {
    const unknown = { type: 'ledger.secretPosted', amount: 5 } as unknown as DomainEvent;
    expect(presentEvent(unknown, viewerOf(emptyState(), null))).toBeNull();
    const change: Change = { seq: 7, commandId: 'c-7', events: [unknown] };
    expect(presentChange(change, nobody)).toEqual({ seq: 7, commandId: 'c-7', events: [] });
  });

  it('gives a person without a role nothing private, and the live menu', () => {
    const state = menuState();
    const shown = presentState(state, nobody);
    // The menu whole, but for when each dish was created and changed (the goods page's only).
    expect(shown.products).toEqual(Object.fromEntries(Object.entries(state.products).map(([id, p]) => [id, withoutTimes(p)])));
    expect(Object.values(shown.products).every((p) => p.createdAt === '' && p.modifiedAt === '')).toBe(true);
    expect(shown.alerts).toEqual({});
    expect(shown.roles).toEqual({});
    expect(Object.hasOwn(shown, 'stockMoves')).toBe(false);
    // Jobs are on-demand data (the job table): never a slice, never in a snapshot.
    expect(Object.hasOwn(shown, 'jobs')).toBe(false);
  });
});
