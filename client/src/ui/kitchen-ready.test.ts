import { describe, expect, it } from 'vitest';
import type { KdsTicket, State, TicketMarker } from '#protocol';
import { kitchenTicket } from '#hub/domain/kitchen-display/samples.ts';
import { emptyState } from '#domain';
import { isOwnOrder, readyBumps, unseenReady } from './kitchen-ready.ts';

/** Which bumps tell the waiter "ready to serve" (issue 18 item 14), pure. */

const ORDER = 'o-1';
function ticket(id: string, marker: TicketMarker, bumpedAt: string, orderId = ORDER): KdsTicket {
  return { id, printerId: 'pr-screen', reprint: false, ticket: kitchenTicket({ orderId, marker }), shownAt: '2026-01-01T12:00:00.000Z', bumpedAt, bumpedBy: null, bumpNo: bumpedAt ? 1 : 0 };
}
function stateWith(...tickets: KdsTicket[]): State {
  const s = emptyState();
  return { ...s, kitchenDisplay: { tickets: Object.fromEntries(tickets.map((t) => [t.id, t])), bumps: tickets.length } };
}

describe('ready to serve', () => {
  it.each([
    ['new', true],
    ['fire', true],
    ['expedite', true],
    ['hold', false],
    ['cancel', false],
    ['withdraw', false],
    ['return', false],
    ['remark', false],
  ] as const)('a bumped %s ticket counts: %s', (marker, counts) => {
    expect(readyBumps(stateWith(ticket('k1', marker, '2026-01-01T12:05:00.000Z'))).length).toBe(counts ? 1 : 0);
  });

  it('an open ticket does not count; bumps after what this device saw do, of this order only', () => {
    const s = stateWith(ticket('open', 'new', ''), ticket('early', 'new', '2026-01-01T12:05:00.000Z'), ticket('late', 'fire', '2026-01-01T12:20:00.000Z'), ticket('other', 'new', '2026-01-01T12:30:00.000Z', 'o-2'));
    expect(unseenReady(s, ORDER, '').map((t) => t.id).sort()).toEqual(['early', 'late']);
    expect(unseenReady(s, ORDER, '2026-01-01T12:05:00.000Z').map((t) => t.id)).toEqual(['late']);
    expect(unseenReady(s, ORDER, '2026-01-01T12:20:00.000Z')).toEqual([]);
  });

  it('the toast goes to the person who opened the order; a prototype id or no person is never a match', () => {
    const s = { ...emptyState(), orders: { [ORDER]: { openedBy: 'staff-9' } } } as unknown as State;
    expect(isOwnOrder(s, ORDER, 'staff-9')).toBe(true);
    expect(isOwnOrder(s, ORDER, 'staff-1')).toBe(false);
    expect(isOwnOrder(s, ORDER, null)).toBe(false);
    expect(isOwnOrder(s, '__proto__', 'staff-9')).toBe(false);
  });
});
