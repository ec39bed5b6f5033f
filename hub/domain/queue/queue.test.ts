import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { ctxAt, decideOn, exec, menuState, openTable, T, uid } from '../test-fixtures.ts';

// Lima is UTC−5: 04:59 UTC on the 15th is still the 14th there; 05:00 is the 15th.
const DAY1 = '2025-03-14T19:30:00.000Z';
const DAY1_LATE = '2025-03-15T04:59:00.000Z';
const DAY2 = '2025-03-15T05:00:00.000Z';

function take(s: State, n: number, at = DAY1, people = 3): State {
  return exec(s, 'queue.take', { entryId: uid(n), people, name: n === 1 ? 'Rosa' : '', phone: n === 1 ? '987654321' : '' }, ctxAt(at)).state;
}

type Stage = 'waiting' | 'called' | 'seated' | 'noShow' | 'cancelled';
function entryAt(stage: Stage): State {
  let s = take(menuState(), 1);
  if (stage === 'waiting') return s;
  if (stage === 'cancelled') return exec(s, 'queue.cancel', { entryId: uid(1) }).state;
  s = exec(s, 'queue.call', { entryId: uid(1) }).state;
  if (stage === 'called') return s;
  if (stage === 'noShow') return exec(s, 'queue.noShow', { entryId: uid(1) }).state;
  return exec(s, 'queue.seat', { entryId: uid(1), tableId: T.s2, orderId: uid(50) }).state;
}

describe('queue numbers', () => {
  it('count up through the restaurant day and start again at 1 the next day, dropping yesterday', () => {
    let s = take(take(menuState(), 1), 2, DAY1_LATE);
    expect([s.queue.entries[uid(1)]!.no, s.queue.entries[uid(2)]!.no]).toEqual([1, 2]);
    s = take(s, 3, DAY2);
    expect(s.queue).toMatchObject({ day: '2025-03-15', lastNo: 1 });
    expect(Object.keys(s.queue.entries)).toEqual([uid(3)]);
  });

  it('refuses an entry id taken twice the same day', () => {
    const s = take(menuState(), 1);
    expect(decideOn(s, 'queue.take', { entryId: uid(1), people: 2, name: '', phone: '' }, ctxAt(DAY1))).toMatchObject({ code: 'DUPLICATE_ID' });
  });

  it('refuses past the day\'s last number', () => {
    const s = { ...take(menuState(), 1), queue: { day: '2025-03-14', lastNo: 999, entries: {} } };
    expect(decideOn(s, 'queue.take', { entryId: uid(2), people: 2, name: '', phone: '' }, ctxAt(DAY1))).toMatchObject({ code: 'QUEUE_FULL' });
  });
});

describe('queue status machine', () => {
  const cases: [string, Stage[], Stage[]][] = [
    ['queue.call', ['waiting', 'called'], ['seated', 'noShow', 'cancelled']],
    ['queue.seat', ['waiting', 'called'], ['seated', 'noShow', 'cancelled']],
    ['queue.noShow', ['called'], ['waiting', 'seated', 'noShow', 'cancelled']],
    ['queue.cancel', ['waiting', 'called'], ['seated', 'noShow', 'cancelled']],
  ];
  for (const [type, allowed, refused] of cases) {
    it.each(allowed)(`${type} is allowed from %s`, (stage) => {
      const d = decideOn(entryAt(stage), type as 'queue.call', { entryId: uid(1), tableId: T.vip, orderId: uid(60) } as { entryId: string });
      expect(d.ok).toBe(true);
    });
    it.each(refused)(`${type} is refused from %s`, (stage) => {
      const d = decideOn(entryAt(stage), type as 'queue.call', { entryId: uid(1), tableId: T.vip, orderId: uid(60) } as { entryId: string });
      expect(d).toMatchObject({ ok: false, code: 'QUEUE_ENTRY_CLOSED' });
    });
  }

  it('calling again counts the calls', () => {
    const s = exec(entryAt('called'), 'queue.call', { entryId: uid(1) }).state;
    expect(s.queue.entries[uid(1)]).toMatchObject({ status: 'called', calls: 2 });
  });

  it('seating opens the table with the party size, name and phone', () => {
    const s = entryAt('seated');
    expect(s.tables[T.s2]).toMatchObject({ status: TABLE_STATUS.pending, orderId: uid(50) });
    expect(s.orders[uid(50)]).toMatchObject({ people: 3, customer: { name: 'Rosa', phone: '987654321' } });
    expect(s.queue.entries[uid(1)]).toMatchObject({ status: 'seated', tableId: T.s2, orderId: uid(50) });
  });

  it('seating at an occupied table is refused and leaves the number waiting', () => {
    const s = openTable(take(menuState(), 1), T.s2, uid(70));
    expect(decideOn(s, 'queue.seat', { entryId: uid(1), tableId: T.s2, orderId: uid(50) })).toMatchObject({ code: 'TABLE_NOT_FREE' });
  });

  it('an unknown or prototype entry id is NOT_FOUND', () => {
    expect(decideOn(take(menuState(), 1), 'queue.call', { entryId: 'constructor' })).toMatchObject({ code: 'NOT_FOUND' });
  });
});
