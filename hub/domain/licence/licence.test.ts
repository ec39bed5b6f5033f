import { describe, expect, it } from 'vitest';
import type { LicenceState, LicenceTerms } from '#protocol';
import { COMMANDS_STOPPED_WHEN_EXPIRED } from './gate.ts';
import { licenceStatus, type LicenceBasis } from './status.ts';
import { ctxAt, decideOn, deepFreeze, menuState, NO_CUSTOMER, NOW, orderAt, P, T, uid } from '../test-fixtures.ts';

// NOW is 2025-03-14T19:30Z: 14:30 on 2025-03-14 in Lima.
function paidTo(paidUntil: string, plan: LicenceTerms['plan'] = 'invoicing'): LicenceBasis {
  return { hubId: 'hub-1', demo: false, terms: { hubId: 'hub-1', plan, paidUntil, issued: '2025-01-01' }, trialUntil: '2025-01-08' };
}
const trialTo = (trialUntil: string): LicenceBasis => ({ hubId: 'hub-1', demo: false, terms: null, trialUntil });
const DEMO: LicenceBasis = { hubId: 'hub-1', demo: true, terms: null, trialUntil: '2000-01-01' };

describe('licenceStatus: where a box stands by the clock it is given', () => {
  const rows: Array<[string, LicenceBasis, string, LicenceState, number | null]> = [
    ['paid well ahead', paidTo('2025-04-30'), NOW, 'paid', 47],
    ['16 days left: no notice yet', paidTo('2025-03-30'), NOW, 'paid', 16],
    ['15 days left: the fee notice', paidTo('2025-03-29'), NOW, 'notice', 15],
    ['the last paid day still works', paidTo('2025-03-14'), NOW, 'notice', 0],
    ['one day past: grace', paidTo('2025-03-13'), NOW, 'grace', -1],
    ['three days past: the last day of grace', paidTo('2025-03-11'), NOW, 'grace', -3],
    ['four days past: expired', paidTo('2025-03-10'), NOW, 'expired', -4],
    ['Lima day, not UTC day: 04:59Z on the 15th is still the 14th in Lima', paidTo('2025-03-11'), '2025-03-15T04:59:59.000Z', 'grace', -3],
    ['... and 05:00Z is the 15th in Lima', paidTo('2025-03-11'), '2025-03-15T05:00:00.000Z', 'expired', -4],
    ['no code yet, within the trial', trialTo('2025-03-20'), NOW, 'trial', 6],
    ['no code, trial over: grace', trialTo('2025-03-12'), NOW, 'grace', -2],
    ['no code, trial and grace over', trialTo('2025-03-01'), NOW, 'expired', -13],
    ['a demo hub is never locked', DEMO, '2099-01-01T00:00:00.000Z', 'demo', null],
  ];
  it.each(rows)('%s', (_name, basis, now, state, daysLeft) => {
    const status = licenceStatus(basis, now);
    expect(status.state).toBe(state);
    expect(status.daysLeft).toBe(daysLeft);
    expect(status.hubId).toBe('hub-1');
  });

  it('says the last day of grace and the plan', () => {
    expect(licenceStatus(paidTo('2025-03-13', 'ordering'), NOW)).toEqual({
      state: 'grace',
      plan: 'ordering',
      paidUntil: '2025-03-13',
      lockedAfter: '2025-03-16',
      daysLeft: -1,
      hubId: 'hub-1',
    });
  });
});

describe('the licence rule: an expired box takes no new sale, and nothing else stops', () => {
  const expired = { ...ctxAt(), licence: paidTo('2025-03-01') };

  it.each([...COMMANDS_STOPPED_WHEN_EXPIRED])('%s is refused with ACCOUNT_EXPIRED and the state is unchanged', (type) => {
    const state = deepFreeze(menuState());
    const before = JSON.stringify(state);
    // The rule comes before the feature's: whatever the payload, the answer is the same.
    const d = decideOn(state, type, {} as never, expired);
    expect(d).toEqual({ ok: false, code: 'ACCOUNT_EXPIRED' });
    expect(JSON.stringify(state)).toBe(before);
  });

  it('a table opened by a paid, noticed, grace, trial or demo box opens', () => {
    for (const licence of [paidTo('2025-12-31'), paidTo('2025-03-20'), paidTo('2025-03-12'), trialTo('2025-03-20'), DEMO]) {
      const d = decideOn(menuState(), 'table.open', { tableId: T.s1, orderId: uid(1), people: 2, customer: NO_CUSTOMER }, { ...ctxAt(), licence });
      expect(d.ok).toBe(true);
    }
  });

  it('without a licence in ctx (a device, a test) there is no licence rule', () => {
    expect(decideOn(menuState(), 'table.open', { tableId: T.s1, orderId: uid(1), people: 2, customer: NO_CUSTOMER }).ok).toBe(true);
  });

  it('a table already eating when the licence expired is still served, sent and billed', () => {
    const ordered = orderAt('ordered');
    const lines = [{ lineId: uid(201), productId: P.ceviche.id, qty: 1, remark: '' }];
    expect(decideOn(ordered, 'order.addLines', { orderId: uid(1), lines }, expired).ok).toBe(true);
    expect(decideOn(ordered, 'order.send', { orderId: uid(1) }, expired).ok).toBe(true);
    expect(decideOn(orderAt('sent'), 'order.prebill', { orderId: uid(1) }, expired).ok).toBe(true);
  });
});
