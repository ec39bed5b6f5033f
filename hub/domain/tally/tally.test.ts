import { describe, expect, it } from 'vitest';
import type { CommandPayload, DomainEvent, State } from '#protocol';
import { commandPayloads, ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { applyAll } from '../apply.ts';
import { emptyState } from '../registry.ts';
import { ctxAt, decideOn, deepFreeze, exec, uid } from '../test-fixtures.ts';

// Lima is UTC−5; the default closing hour is 04:00.
const EVENING = '2026-03-10T23:00:00.000Z'; // 18:00 Lima, business day 2026-03-10
const NIGHT = '2026-03-11T07:30:00.000Z'; // 02:30 Lima, still 2026-03-10
const NEXT_NOON = '2026-03-11T17:00:00.000Z'; // 12:00 Lima, business day 2026-03-11

const add = (over: Partial<CommandPayload<'tally.add'>> = {}): CommandPayload<'tally.add'> => ({
  id: uid(1),
  kind: 'expense',
  category: 'market',
  amountCents: 12_050,
  note: 'pescado',
  ...over,
});

describe('tally.add', () => {
  it('records the entry with who, when and the business day, paid in cash unless said', () => {
    const { state, events } = exec(emptyState(), 'tally.add', add(), ctxAt(NIGHT, 'staff-7'));
    expect(events).toEqual([
      { type: 'tally.added', entry: { id: uid(1), kind: 'expense', category: 'market', amountCents: 12_050, note: 'pescado', method: 'cash', day: '2026-03-10', at: NIGHT, by: 'staff-7' } },
    ]);
    expect(state.tallyEntries[uid(1)]?.day).toBe('2026-03-10');
  });

  it('uses the closing hour the settings give', () => {
    let s = exec(emptyState(), 'settings.save', { ruc: '', idleLockMinutes: 5, closingHour: 2 }).state;
    s = exec(s, 'tally.add', add(), ctxAt(NIGHT)).state;
    expect(s.tallyEntries[uid(1)]?.day).toBe('2026-03-11');
  });

  it('keeps a method other than cash', () => {
    const { state } = exec(emptyState(), 'tally.add', add({ kind: 'income', category: 'otherIncome', note: 'cartón', method: 'yape' }), ctxAt(EVENING));
    expect(state.tallyEntries[uid(1)]?.method).toBe('yape');
  });

  it('files the entries of days before today with the next entry', () => {
    const s1 = exec(emptyState(), 'tally.add', add(), ctxAt(EVENING)).state;
    const s2 = exec(s1, 'tally.add', add({ id: uid(2), category: 'gas' }), ctxAt(NIGHT)).state;
    expect(Object.keys(s2.tallyEntries)).toEqual([uid(1), uid(2)]);
    const { state, events } = exec(s2, 'tally.add', add({ id: uid(3), category: 'wages' }), ctxAt(NEXT_NOON));
    expect(events.map((e) => e.type)).toEqual(['tally.filed', 'tally.added']);
    expect(events[0]).toMatchObject({ entries: [{ id: uid(1) }, { id: uid(2) }] });
    expect(Object.keys(state.tallyEntries)).toEqual([uid(3)]);
  });

  it.each([
    ['income under an expense category', add({ kind: 'income', category: 'market' }), 'TALLY_WRONG_CATEGORY'],
    ['an expense under other income', add({ kind: 'expense', category: 'otherIncome', note: 'x' }), 'TALLY_WRONG_CATEGORY'],
    ['other expense without a note', add({ category: 'otherExpense', note: '' }), 'TALLY_NOTE_REQUIRED'],
    ['other income without a note', add({ kind: 'income', category: 'otherIncome', note: '' }), 'TALLY_NOTE_REQUIRED'],
  ])('refuses %s and changes nothing', (_why, payload, code) => {
    const s = deepFreeze(emptyState());
    expect(decideOn(s, 'tally.add', payload, ctxAt(EVENING))).toMatchObject({ ok: false, code });
  });

  it('refuses an id already in the book (a replay under another command id)', () => {
    const s = deepFreeze(exec(emptyState(), 'tally.add', add(), ctxAt(EVENING)).state);
    expect(decideOn(s, 'tally.add', add({ amountCents: 1 }), ctxAt(EVENING))).toEqual({ ok: false, code: 'TALLY_ENTRY_EXISTS', message: 'id' });
  });

  it.each([
    ['waiter', false],
    ['cashier', true],
    ['owner', true],
  ] as const)('a %s may keep the book: %s (checked before the rules)', (roleId, allowed) => {
    const s = applyAll(emptyState(), [
      ...ROLE_PRESET_IDS.map((id): DomainEvent => ({ type: 'role.saved', role: { id, name: '', aliases: [...ROLE_PRESETS[id]] } })),
      { type: 'staff.saved', staff: { id: 'who', name: 'Ana', code: '1', roleId } },
    ]);
    const d = decideOn(deepFreeze(s), 'tally.add', add(), ctxAt(EVENING, 'who'));
    if (allowed) expect(d.ok).toBe(true);
    else expect(d).toMatchObject({ ok: false, code: 'FORBIDDEN' });
  });
});

describe('tally.add payload (the protocol refuses before the rules)', () => {
  const schema = commandPayloads['tally.add'];
  it.each([
    ['a negative amount', { amountCents: -100 }],
    ['zero', { amountCents: 0 }],
    ['a huge amount', { amountCents: 10_000_001 }],
    ['a fraction of a céntimo', { amountCents: 10.5 }],
    ['a prototype id', { id: '__proto__' }],
    ['a constructor id', { id: 'constructor' }],
    ['an unknown category', { category: 'toString' }],
    ['a method nobody pays with', { method: 'bitcoin' }],
    ['a note past 140 characters', { note: 'x'.repeat(141) }],
  ])('refuses %s', (_why, over) => {
    expect(schema.safeParse({ ...add(), ...over }).success).toBe(false);
  });
  it('accepts the largest amount', () => {
    expect(schema.safeParse(add({ amountCents: 10_000_000 })).success).toBe(true);
  });
});

describe('tally.remove', () => {
  const booked = (): State => exec(emptyState(), 'tally.add', add(), ctxAt(EVENING)).state;

  it('marks the entry removed with who and why, and keeps it', () => {
    const { state, events } = exec(booked(), 'tally.remove', { id: uid(1), reason: 'monto equivocado' }, ctxAt(NIGHT, 'staff-2'));
    expect(events).toEqual([{ type: 'tally.removed', id: uid(1), at: NIGHT, by: 'staff-2', reason: 'monto equivocado' }]);
    expect(state.tallyEntries[uid(1)]).toMatchObject({ amountCents: 12_050, removed: { at: NIGHT, by: 'staff-2', reason: 'monto equivocado' } });
  });

  it.each([
    ['an unknown entry', (s: State) => s, uid(9), NIGHT, 'NOT_FOUND'],
    ['an entry of a closed day', (s: State) => s, uid(1), NEXT_NOON, 'TALLY_DAY_CLOSED'],
    ['an entry removed already', (s: State) => exec(s, 'tally.remove', { id: uid(1), reason: 'x' }, ctxAt(NIGHT)).state, uid(1), NIGHT, 'TALLY_ALREADY_REMOVED'],
  ])('refuses %s and changes nothing', (_why, prepare, id, at, code) => {
    const s = deepFreeze(prepare(booked()));
    expect(decideOn(s, 'tally.remove', { id, reason: 'error' }, ctxAt(at))).toMatchObject({ ok: false, code });
  });

  it('refuses an id only Object.prototype answers to', () => {
    expect(decideOn(deepFreeze(booked()), 'tally.remove', { id: 'hasOwnProperty', reason: 'x' }, ctxAt(NIGHT))).toMatchObject({ ok: false, code: 'NOT_FOUND' });
  });
});
