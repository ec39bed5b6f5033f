import { describe, expect, it } from 'vitest';
import { amountCents, rechargeError, type RechargeDraft } from './recharge-form.ts';

const base: RechargeDraft = { amount: '50', method: 2, operationNo: '', bank: '', cardNo: '', certificate: '', accountName: '', arrivedAt: '', print: true };

describe('recharge order checks (SPEC.md)', () => {
  it.each([
    [{}, null],
    [{ amount: '' }, 'required'],
    [{ amount: '0' }, 'required'],
    [{ amount: '-5' }, 'required'],
    [{ method: 3 }, 'required'],
    [{ method: 3, operationNo: '12345678' }, null],
    [{ method: 4 }, 'bankFirst'],
    [{ method: 4, cardNo: '1234' }, 'bankFirst'],
    [{ method: 4, bank: 'BCP' }, 'cardFirst'],
    [{ method: 4, bank: 'BCP', cardNo: '1234' }, null],
  ] as const)('%j → %s', (patch, expected) => {
    expect(rechargeError({ ...base, ...patch } as RechargeDraft)?.error ?? null).toBe(expected);
  });

  it('reads soles as cents', () => {
    expect(amountCents('12,5')).toBe(1250);
    expect(amountCents('100')).toBe(10000);
    expect(amountCents('1e3')).toBeNull();
  });
});
