import { describe, expect, it } from 'vitest';
import type { KdsTicket, State } from '#protocol';
import { KDS_KEEP_BUMPED_PER_STATION, KDS_MAX_OPEN_TICKETS } from '#protocol';
import { applyAll } from '../apply.ts';
import { emptyState } from '../registry.ts';
import { ctxAt, decideOn, deepFreeze, exec, NOW, uid } from '../test-fixtures.ts';
import { kitchenTicket } from './samples.ts';
import { ticketIndex } from './ticket-index.ts';

/**
 * The kitchen display is bounded (issue 20): at most KDS_MAX_OPEN_TICKETS open
 * tickets on all screens; one shown beyond it retires the one open longest,
 * and that ticket's station gets a note the cook sees and dismisses. The
 * rules read the slice's indexes (`open`, `bumped`), never a walk of the
 * tickets.
 */

const jobId = (n: number) => `${uid(n)}.0`;
const HUB = { now: NOW, actor: { staffId: null, deviceId: 'hub' } };
const at = (seconds: number) => new Date(Date.parse(NOW) + seconds * 1000).toISOString();

function show(s: State, n: number, station = 'st-hot', when = at(n)): State {
  return exec(s, 'kds.show', { ticketId: jobId(n), printerId: 'pr-screen', reprint: false, ticket: kitchenTicket({ station }) }, { ...HUB, now: when }).state;
}
const bump = (s: State, n: number, when = at(n)) => exec(s, 'kds.bump', { ticketId: jobId(n) }, ctxAt(when, 'cook-1')).state;
const openIds = (s: State) => Object.values(s.kitchenDisplay.tickets).filter((t) => t.bumpNo === 0).map((t) => t.id);

/** `count` tickets shown one after another, station by `stationOf(n)`. */
function shown(count: number, stationOf: (n: number) => string = () => 'st-hot', from: State = emptyState()): State {
  let s = from;
  for (let n = 1; n <= count; n++) s = show(s, n, stationOf(n));
  return s;
}

describe('at most KDS_MAX_OPEN_TICKETS open tickets', () => {
  const MAX = KDS_MAX_OPEN_TICKETS;
  it.each<[string, number, number]>([
    ['below the bound', MAX - 1, 0],
    ['exactly at the bound', MAX, 0],
    ['one past it', MAX + 1, 1],
    ['five past it', MAX + 5, 5],
  ])('%s: the oldest leave and the station is told how many', (_label, count, retired) => {
    const s = shown(count);
    expect(openIds(s)).toHaveLength(Math.min(count, MAX));
    for (let n = 1; n <= retired; n++) expect(s.kitchenDisplay.tickets[jobId(n)], `ticket ${n} retired`).toBeUndefined();
    expect(s.kitchenDisplay.tickets[jobId(retired + 1)]).toBeDefined();
    expect(s.kitchenDisplay.tickets[jobId(count)]).toBeDefined();
    expect(s.kitchenDisplay.retired?.['st-hot']).toEqual(retired ? { count: retired, at: at(count) } : undefined);
    expect(s.kitchenDisplay.open).toEqual(openIds(s).sort());
  });

  it('the note goes to the station whose ticket left, counted per station', () => {
    // Odd tickets to the bar, even to the hot line: the oldest open ones alternate.
    let s = shown(MAX, (n) => (n % 2 ? 'st-bar' : 'st-hot'));
    s = show(s, MAX + 1, 'st-cold');
    s = show(s, MAX + 2, 'st-cold');
    s = show(s, MAX + 3, 'st-cold');
    expect(s.kitchenDisplay.retired).toEqual({ 'st-bar': { count: 2, at: at(MAX + 3) }, 'st-hot': { count: 1, at: at(MAX + 2) } });
  });

  it('bumped tickets do not count: a kitchen that bumps never loses a ticket', () => {
    let s = emptyState();
    for (let n = 1; n <= MAX * 2; n++) s = bump(show(s, n), n);
    expect(s.kitchenDisplay.retired).toBeUndefined();
    expect(Object.keys(s.kitchenDisplay.tickets)).toHaveLength(KDS_KEEP_BUMPED_PER_STATION);
  });

  it('a recall past the bound retires the oldest open ticket, never the recalled one', () => {
    let s = bump(shown(MAX), MAX);
    s = show(s, MAX + 1);
    expect(openIds(s)).toHaveLength(MAX);
    s = exec(s, 'kds.recall', { station: 'st-hot' }, ctxAt(at(MAX + 2), 'cook-1')).state;
    expect(s.kitchenDisplay.tickets[jobId(MAX)]).toMatchObject({ bumpNo: 0 });
    expect(s.kitchenDisplay.tickets[jobId(1)]).toBeUndefined();
    expect(openIds(s)).toHaveLength(MAX);
    expect(s.kitchenDisplay.retired?.['st-hot']?.count).toBe(1);
  });

  it('the retired ticket stays with its order: the slice forgets only the card', () => {
    const s = shown(MAX + 1);
    // The job (its id is the ticket id) is in the job table and the log; the order is untouched here.
    expect(decideOn(s, 'kds.bump', { ticketId: jobId(1) })).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    // A retried job shows it again (it is no longer on the screen), retiring the next oldest.
    const again = show(s, 1, 'st-hot', at(MAX + 2));
    expect(again.kitchenDisplay.tickets[jobId(1)]).toMatchObject({ bumpNo: 0 });
    expect(again.kitchenDisplay.tickets[jobId(2)]).toBeUndefined();
  });
});

describe('kds.dismissRetired', () => {
  const full = shown(KDS_MAX_OPEN_TICKETS + 2);
  it('takes the station note away, and only that one', () => {
    const s = show(full, 999, 'st-bar');
    const after = exec(s, 'kds.dismissRetired', { station: 'st-hot' }, ctxAt(at(2000), 'cook-1'));
    expect(after.events).toEqual([{ type: 'kds.retiredDismissed', station: 'st-hot', at: at(2000) }]);
    expect(after.state.kitchenDisplay.retired).toEqual({});
    expect(after.state.kitchenDisplay.tickets).toBe(s.kitchenDisplay.tickets);
  });
  it.each([
    ['a station without a note', 'st-bar'],
    ['a note already dismissed (a second tablet)', 'st-hot'],
    ['a prototype name', 'constructor'],
    ['__proto__', '__proto__'],
  ])('refuses %s with KDS_NOTHING_TO_DISMISS and changes nothing', (label, station) => {
    const s = deepFreeze(label.startsWith('a note already') ? exec(full, 'kds.dismissRetired', { station: 'st-hot' }).state : full);
    const copy = structuredClone(s);
    expect(decideOn(s, 'kds.dismissRetired', { station })).toMatchObject({ ok: false, code: 'KDS_NOTHING_TO_DISMISS' });
    expect(s).toEqual(copy);
  });
});

describe('the rules read the indexes, not the tickets', () => {
  /** The state with its tickets behind a proxy that fails any walk of them (Object.keys/values/entries, for..in, spread). */
  function unwalkable(s: State): State {
    const tickets = new Proxy(s.kitchenDisplay.tickets, {
      ownKeys: () => {
        throw new Error('the tickets were walked');
      },
    });
    return { ...s, kitchenDisplay: { ...s.kitchenDisplay, tickets } };
  }
  const s = bump(bump(shown(40, (n) => (n % 2 ? 'st-bar' : 'st-hot')), 3), 4);

  it.each<[string, State, string, unknown]>([
    ['recall finds the last bumped of the station', s, 'st-hot', { ok: true, events: [{ type: 'kds.recalled', ticketId: jobId(4), at: NOW }] }],
    ['recall of a station with nothing bumped', bump(shown(3), 1), 'st-bar', { ok: false, code: 'KDS_NOTHING_TO_RECALL' }],
  ])('%s', (_label, state, station, expected) => {
    expect(decideOn(unwalkable(state), 'kds.recall', { station })).toMatchObject(expected as object);
  });

  it('a show copies the tickets once and keeps every other ticket as it was', () => {
    const after = show(s, 41);
    for (const [id, t] of Object.entries(s.kitchenDisplay.tickets)) expect(after.kitchenDisplay.tickets[id]).toBe(t);
    expect(after.kitchenDisplay.bumped).toEqual(s.kitchenDisplay.bumped);
  });

  it('the stored indexes equal the ones built from the tickets, after shows, bumps, prunes and retirements', () => {
    let state = emptyState();
    for (let n = 1; n <= KDS_MAX_OPEN_TICKETS + 80; n++) {
      state = show(state, n, n % 3 ? 'st-hot' : 'st-bar');
      if (n % 4 === 0) state = bump(state, n - 1 > 0 && state.kitchenDisplay.tickets[jobId(n - 1)]?.bumpNo === 0 ? n - 1 : n);
    }
    const { open, bumped, retired: _r, ...rest } = state.kitchenDisplay;
    const rebuilt = ticketIndex(rest);
    expect(open).toEqual(rebuilt.open);
    expect(bumped).toEqual(rebuilt.bumped);
  });
});

describe('state written before the indexes', () => {
  /** A slice as an older hub stored it: tickets and bumps only. */
  function older(tickets: KdsTicket[], bumps: number): State {
    return { ...emptyState(), kitchenDisplay: { tickets: Object.fromEntries(tickets.map((t) => [t.id, t])), bumps } };
  }
  const ticket = (n: number, bumpNo: number, station = 'st-hot'): KdsTicket => ({
    id: jobId(n),
    printerId: 'pr-screen',
    reprint: false,
    ticket: kitchenTicket({ station }),
    shownAt: at(n),
    bumpedAt: bumpNo ? at(n + 1) : '',
    bumpedBy: bumpNo ? 'cook-1' : null,
    bumpNo,
  });
  const s = older([ticket(1, 0), ticket(2, 2), ticket(3, 1), ticket(4, 0, 'st-bar')], 2);

  it('recall reads the bumped ticket with the highest bump number', () => {
    expect(decideOn(s, 'kds.recall', { station: 'st-hot' })).toMatchObject({ ok: true, events: [{ ticketId: jobId(2) }] });
  });
  it('the first event stores the indexes built from the tickets', () => {
    const after = show(s, 5, 'st-hot', at(6));
    expect(after.kitchenDisplay.open).toEqual([jobId(1), jobId(4), jobId(5)]);
    expect(after.kitchenDisplay.bumped).toEqual({ 'st-hot': [jobId(3), jobId(2)] });
  });
  it('replaying the same events onto it gives the same state each time', () => {
    const events = exec(s, 'kds.bump', { ticketId: jobId(1) }, ctxAt(at(7), 'cook-1')).events;
    expect(applyAll(s, events)).toEqual(applyAll(structuredClone(s), events));
  });
});
