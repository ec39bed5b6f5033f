import { describe, expect, it } from 'vitest';
import { balanceRoomCents, blockerOf, centsOf, requestOf, type FormInput } from './refund-form.ts';

const base: FormInput = { kind: 'full', picks: {}, amountText: '', reason: 'Frío', phone: '' };

describe('the refund form', () => {
  it.each([
    ['12.50', 1250],
    ['12,5', 1250],
    [' 7 ', 700],
    ['0.05', 5],
    ['abc', null],
    ['-3', null],
    ['1e3', null],
    ['12.345', null],
  ])('reads %s soles as %s céntimos', (text, cents) => expect(centsOf(text)).toBe(cents));

  it.each<[string, Partial<FormInput>, ReturnType<typeof blockerOf>]>([
    ['no reason', { reason: '  ' }, 'reason'],
    ['lines with none picked', { kind: 'lines', picks: { a: 0 } }, 'lines'],
    ['an amount not typed', { kind: 'amount', amountText: '' }, 'amount'],
    ['an amount past what is left', { kind: 'amount', amountText: '90' }, 'tooMuch'],
    ['a phone that is not a Peruvian mobile', { phone: '12345' }, 'phone'],
    ['a full refund with a reason', {}, null],
    ['two portions of a line', { kind: 'lines', picks: { a: 2, b: 0 } }, null],
    ['an amount within what is left', { kind: 'amount', amountText: '80' }, null],
  ])('%s → %s', (_name, over, blocker) => expect(blockerOf(requestOf({ ...base, ...over }), 8000)).toBe(blocker));

  it('sends only the picked lines, and the amount only for an amount', () => {
    expect(requestOf({ ...base, kind: 'lines', picks: { a: 2, b: 0 } })).toEqual({ kind: 'lines', lines: [{ lineId: 'a', qty: 2 }], reason: 'Frío', contactPhone: '' });
    expect(requestOf({ ...base, kind: 'full', amountText: '5' })).toEqual({ kind: 'full', lines: [], reason: 'Frío', contactPhone: '' });
  });
});

describe('what may go back to the member balance', () => {
  const member = { id: 'm1', no: '000001', name: 'Ana P.' };
  const bal = (amountCents: number) => ({ method: 'balance' as const, amountCents });
  const cash = (amountCents: number) => ({ method: 'cash' as const, amountCents });
  it.each([
    ['no member: nothing, whatever was paid', undefined, [bal(500)], [], 0],
    ['what the balance paid', member, [bal(3000), cash(2000)], [], 3000],
    ['less what already went back to the balance', member, [bal(3000), cash(2000)], [bal(1000), cash(500)], 2000],
    ['nothing when all went back', member, [bal(3000)], [bal(3000)], 0],
    ['never below zero', member, [bal(1000)], [bal(1500)], 0],
    ['a bill paid without balance', member, [cash(5000)], [], 0],
  ] as const)('%s', (_name, m, payments, corrections, expected) => {
    expect(balanceRoomCents(m ? { member: m, payments: payments as never } : { payments: payments as never }, corrections)).toBe(expected);
  });
});
