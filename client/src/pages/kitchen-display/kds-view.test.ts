import { describe, expect, it } from 'vitest';
import type { KdsTicket, State } from '#protocol';
import { emptyState } from '#domain';
import { kitchenTicket } from '#hub/domain/kitchen-display/samples.ts';
import { canRecall, elapsedMinutes, lateness, openTickets, retiredNote, stationsOf } from './kds-view.ts';

function ticket(id: string, over: Partial<KdsTicket> = {}, at = '2025-03-14T19:30:00.000Z', station = 'st-hot'): KdsTicket {
  return { id, printerId: 'pr-screen', reprint: false, ticket: kitchenTicket({ at, station }), shownAt: at, bumpedAt: '', bumpedBy: null, bumpNo: 0, ...over };
}
function withTickets(...tickets: KdsTicket[]): State {
  const s = emptyState();
  return { ...s, menuSettings: { ...s.menuSettings, stations: [{ id: 'st-hot', name: 'Cocina' }] }, kitchenDisplay: { tickets: Object.fromEntries(tickets.map((t) => [t.id, t])), bumps: 0 } };
}

describe('the kitchen display view', () => {
  it('lists the station\'s open tickets oldest first, without bumped ones or other stations\'', () => {
    const s = withTickets(
      ticket('b', {}, '2025-03-14T19:40:00.000Z'),
      ticket('a', {}, '2025-03-14T19:35:00.000Z'),
      ticket('c', { bumpNo: 1, bumpedAt: '2025-03-14T19:50:00.000Z' }),
      ticket('d', {}, '2025-03-14T19:00:00.000Z', 'st-bar'),
    );
    expect(openTickets(s, 'st-hot').map((t) => t.id)).toEqual(['a', 'b']);
    expect(canRecall(s, 'st-hot')).toBe(true);
    expect(canRecall(s, 'st-bar')).toBe(false);
    expect(stationsOf(s).map((x) => x.id)).toEqual(['st-hot', 'st-bar']);
  });

  it.each<[string, State['kitchenDisplay']['retired'], string, { count: number; at: string } | undefined]>([
    ['a station with a note', { 'st-hot': { count: 3, at: '2025-03-14T19:30:00.000Z' } }, 'st-hot', { count: 3, at: '2025-03-14T19:30:00.000Z' }],
    ['another station\'s note', { 'st-bar': { count: 1, at: '2025-03-14T19:30:00.000Z' } }, 'st-hot', undefined],
    ['state from before the bound (no notes)', undefined, 'st-hot', undefined],
    ['a station named like a prototype member', {}, 'constructor', undefined],
  ])('the note of retired tickets: %s', (_label, retired, station, note) => {
    const s = withTickets(ticket('a'));
    expect(retiredNote({ ...s, kitchenDisplay: { ...s.kitchenDisplay, ...(retired ? { retired } : {}) } }, station)).toEqual(note);
  });

  it.each([
    ['five minutes later', '2025-03-14T19:35:59.000Z', 5],
    ['the same moment', '2025-03-14T19:30:00.000Z', 0],
    ['a device clock three minutes behind the hub', '2025-03-14T19:27:00.000Z', 0],
  ])('elapsed minutes: %s', (_label, now, minutes) => {
    expect(elapsedMinutes('2025-03-14T19:30:00.000Z', Date.parse(now))).toBe(minutes);
  });

  it('an unreadable ticket time reads 0 minutes, not NaN', () => {
    expect(elapsedMinutes('x', Date.parse('2025-03-14T19:30:00.000Z'))).toBe(0);
  });

  it.each([
    [0, 'ok'],
    [9, 'ok'],
    [10, 'warn'],
    [20, 'late'],
  ] as const)('%i minutes look %s', (minutes, look) => {
    expect(lateness(minutes)).toBe(look);
  });
});
