import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { KDS_KEEP_BUMPED_PER_STATION } from '#protocol';
import { ctxAt, decideOn, exec, NOW, uid } from '../test-fixtures.ts';
import { emptyState } from '../registry.ts';
import { kitchenTicket } from './samples.ts';

const jobId = (n: number) => `${uid(n)}.0`;
const HUB = { now: NOW, actor: { staffId: null, deviceId: 'hub' } };
const at = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString();

function show(s: State, n: number, station = 'st-hot', when = NOW): State {
  return exec(s, 'kds.show', { ticketId: jobId(n), printerId: 'pr-screen', reprint: false, ticket: kitchenTicket({ station }) }, { ...HUB, now: when }).state;
}
function bump(s: State, n: number, when = NOW): State {
  return exec(s, 'kds.bump', { ticketId: jobId(n) }, ctxAt(when, 'cook-1')).state;
}
const openIds = (s: State) => Object.values(s.kitchenDisplay.tickets).filter((t) => t.bumpNo === 0).map((t) => t.id);

describe('kds.show', () => {
  it('shows a job once: the same job shown twice keeps one ticket and records nothing the second time', () => {
    const once = show(emptyState(), 1);
    const again = decideOn(once, 'kds.show', { ticketId: jobId(1), printerId: 'pr-screen', reprint: false, ticket: kitchenTicket({ orderNo: 99 }) }, HUB);
    expect(again).toEqual({ ok: true, events: [], result: {} });
    expect(Object.keys(once.kitchenDisplay.tickets)).toEqual([jobId(1)]);
    expect(once.kitchenDisplay.tickets[jobId(1)]).toMatchObject({ shownAt: NOW, bumpedAt: '', bumpedBy: null, bumpNo: 0, ticket: { orderNo: 12 } });
  });

  it('a shown ticket that was bumped is not shown again by a retried job', () => {
    const s = bump(show(emptyState(), 1), 1);
    expect(decideOn(s, 'kds.show', { ticketId: jobId(1), printerId: 'pr-screen', reprint: false, ticket: kitchenTicket() }, HUB)).toMatchObject({ ok: true, events: [] });
  });
  // Only the hub records it: devices are refused at the door (kitchen-display-hub.test.ts).
});

describe('kds.bump', () => {
  const cases: [string, (s: State) => State, string, string | null][] = [
    ['an open ticket', (s) => s, jobId(1), null],
    ['an unknown ticket', (s) => s, jobId(9), 'NOT_FOUND'],
    ['a prototype name', (s) => s, 'constructor', 'NOT_FOUND'],
    ['an already bumped ticket', (s) => bump(s, 1), jobId(1), 'KDS_ALREADY_BUMPED'],
  ];
  it.each(cases)('%s', (_label, prepare, ticketId, code) => {
    const s = prepare(show(emptyState(), 1));
    const d = decideOn(s, 'kds.bump', { ticketId }, ctxAt(NOW, 'cook-1'));
    if (code) {
      expect(d).toMatchObject({ ok: false, code });
      return;
    }
    expect(d).toEqual({ ok: true, events: [{ type: 'kds.bumped', ticketId, at: NOW, by: 'cook-1' }], result: {} });
  });

  it('two cooks bumping the same ticket: the second is refused and changes nothing', () => {
    const s = show(emptyState(), 1);
    const first = bump(s, 1);
    expect(decideOn(first, 'kds.bump', { ticketId: jobId(1) })).toMatchObject({ ok: false, code: 'KDS_ALREADY_BUMPED' });
    expect(first.kitchenDisplay.tickets[jobId(1)]).toMatchObject({ bumpedBy: 'cook-1', bumpNo: 1 });
  });
});

describe('kds.recall', () => {
  it.each([
    ['nothing bumped yet', (s: State) => s, 'st-hot', 'KDS_NOTHING_TO_RECALL'],
    ['only another station bumped', (s: State) => bump(show(s, 3, 'st-bar'), 3), 'st-hot', 'KDS_NOTHING_TO_RECALL'],
    ['an unknown station', (s: State) => bump(s, 1), 'st-none', 'KDS_NOTHING_TO_RECALL'],
  ])('refuses with %s', (_label, prepare, station, code) => {
    const s = prepare(show(emptyState(), 1));
    expect(decideOn(s, 'kds.recall', { station })).toMatchObject({ ok: false, code });
  });

  it('brings back the last bumped of the station, then the one before', () => {
    let s = show(show(show(emptyState(), 1), 2), 3, 'st-bar');
    s = bump(bump(bump(s, 2), 3), 1);
    const first = exec(s, 'kds.recall', { station: 'st-hot' });
    expect(first.events).toEqual([{ type: 'kds.recalled', ticketId: jobId(1), at: NOW }]);
    expect(openIds(first.state)).toEqual([jobId(1)]);
    const second = exec(first.state, 'kds.recall', { station: 'st-hot' }).state;
    expect(openIds(second).sort()).toEqual([jobId(1), jobId(2)].sort());
    expect(decideOn(second, 'kds.recall', { station: 'st-hot' })).toMatchObject({ code: 'KDS_NOTHING_TO_RECALL' });
    // A recalled ticket bumps again like any open one.
    expect(bump(second, 1).kitchenDisplay.tickets[jobId(1)]!.bumpNo).toBeGreaterThan(0);
  });
});

describe('keeping the live state small', () => {
  it('bumped tickets leave after 30 minutes (on the next show or bump); open ones stay however old', () => {
    let s = show(show(emptyState(), 1), 2);
    s = bump(s, 1, at(0));
    s = show(s, 3, 'st-hot', at(30));
    expect(Object.keys(s.kitchenDisplay.tickets)).toContain(jobId(1));
    s = show(s, 4, 'st-hot', at(31));
    expect(Object.keys(s.kitchenDisplay.tickets).sort()).toEqual([jobId(2), jobId(3), jobId(4)].sort());
    s = show(s, 5, 'st-hot', at(24 * 60));
    expect(openIds(s)).toContain(jobId(2));
  });

  it(`keeps the newest ${KDS_KEEP_BUMPED_PER_STATION} bumped tickets per station, each station apart`, () => {
    let s = show(emptyState(), 999, 'st-bar');
    s = bump(s, 999);
    for (let n = 1; n <= KDS_KEEP_BUMPED_PER_STATION + 5; n++) s = bump(show(s, n), n);
    const hot = Object.values(s.kitchenDisplay.tickets).filter((t) => t.ticket.station === 'st-hot');
    expect(hot).toHaveLength(KDS_KEEP_BUMPED_PER_STATION);
    expect(hot.map((t) => t.id)).not.toContain(jobId(5));
    expect(hot.map((t) => t.id)).toContain(jobId(6));
    expect(Object.keys(s.kitchenDisplay.tickets)).toContain(jobId(999));
    // Recall still reaches the newest.
    expect(exec(s, 'kds.recall', { station: 'st-hot' }).events).toMatchObject([{ ticketId: jobId(KDS_KEEP_BUMPED_PER_STATION + 5) }]);
  });
});
