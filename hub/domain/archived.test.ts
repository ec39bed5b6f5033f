import { describe, expect, it } from 'vitest';
import type { Bill, DomainEvent } from '#protocol';
import { memberById } from '#protocol';
import { archivedBy, ledgerFiledBy } from './archived.ts';
import { ANA, membersState } from './members/test-members.ts';
import { applyAll } from './apply.ts';
import { exec, menuEvents, orderAt, uid } from './test-fixtures.ts';

const orderId = uid(1);
const prebilled = orderAt('prebilled');
const settled = exec(prebilled, 'order.settleCash', { orderId, receivedCents: 100_000 });
const settlement = settled.events.find((e): e is Extract<DomainEvent, { type: 'order.settled' }> => e.type === 'order.settled')!;

/** Every event of a whole dine-in flow, the menu set-up included, each with what it archives. */
const TABLE: ReadonlyArray<{ event: DomainEvent; archived: Bill | null }> = [
  ...menuEvents().map((event) => ({ event, archived: null })),
  { event: { type: 'table.opened', order: prebilled.orders[orderId]! }, archived: null },
  { event: { type: 'order.sent', orderId, batch: 1, lineIds: [uid(101)] }, archived: null },
  { event: { type: 'order.prebilled', orderId, at: '2025-03-14T21:00:00.000Z' }, archived: null },
  { event: { type: 'order.prebillCancelled', orderId }, archived: null },
  { event: settlement, archived: settlement.bill },
  { event: { type: 'table.cleared', tableId: prebilled.orders[orderId]!.tableId }, archived: null },
];

describe('archivedBy: the domain declares what leaves the live state for the day archive', () => {
  for (const { event, archived } of TABLE) {
    it(`${event.type} → ${archived ? `bill ${archived.billNo}` : 'nothing'}`, () => {
      expect(archivedBy(event)).toBe(archived);
    });
  }

  it('the bill archived is the order the settlement removed from the live state, whole', () => {
    const archived = archivedBy(settlement);
    expect(archived).toMatchObject({ id: orderId, billNo: 1, lines: prebilled.orders[orderId]!.lines });
    expect(applyAll(prebilled, settled.events).orders[orderId]).toBeUndefined();
  });
});

describe('ledgerFiledBy: every balance move goes to the members\' ledger day files', () => {
  it('files a member.ledgerEntered entry, whoever decided it, and nothing else', () => {
    const entry = memberById(membersState(), ANA)!.recent[0]!;
    expect(ledgerFiledBy({ type: 'member.ledgerEntered', entry })).toBe(entry);
    expect(ledgerFiledBy({ type: 'member.rechargeReprinted', memberId: ANA, entryId: entry.id, at: entry.at, by: null })).toBeNull();
    expect(ledgerFiledBy({ type: 'member.erased', memberId: ANA, at: entry.at, by: null, reason: 'x' })).toBeNull();
  });
});
