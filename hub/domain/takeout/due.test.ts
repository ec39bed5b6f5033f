import { describe, expect, it } from 'vitest';
import type { Bill } from '#protocol';
import { exec, P } from '../test-fixtures.ts';
import { as, phoneDelivery, S, takeoutOf, takeoutRestaurant } from './test-takeouts.ts';

/** What the rider collects follows the order when it changes outside the takeout's own commands. */
describe('collectCents follows the takeout’s order', () => {
  const D = phoneDelivery(1);
  const onTheWay = () => {
    let s = exec(takeoutRestaurant(), 'takeout.create', D, as(S.dispatch)).state;
    s = exec(s, 'takeout.assignRider', { takeoutId: D.takeoutId, riderId: S.ana }, as(S.dispatch)).state;
    return exec(s, 'takeout.pickedUp', { takeoutId: D.takeoutId }, as(S.ana)).state;
  };

  it('a tip set at the till after it left: the rider’s phone asks for it, and the door settles it to the céntimo', () => {
    const due = P.ceviche.priceCents + 500;
    let s = onTheWay();
    expect(takeoutOf(s, D.takeoutId).collectCents).toBe(due);
    s = exec(s, 'order.setTip', { orderId: D.orderId, tipCents: 300 }, as(S.dispatch)).state;
    expect(takeoutOf(s, D.takeoutId).collectCents).toBe(due + 300);
    // The rider's phone sends what it shows (RiderPage: collectedCents = collectCents).
    const step = exec(s, 'takeout.delivered', { takeoutId: D.takeoutId, collectedCents: takeoutOf(s, D.takeoutId).collectCents }, as(S.ana));
    const bill = (step.events.find((e) => e.type === 'order.settled') as { bill: Bill }).bill;
    expect(bill).toMatchObject({ tipCents: 300, dueCents: due + 300, changeCents: 0 });
    expect(step.events.find((e) => e.type === 'takeout.delivered')).toMatchObject({ collectedCents: due + 300 });
    expect(step.state.riders[S.ana]?.heldCents).toBe(due + 300);
  });

  it('without an amount, the door settles what is due now and the event says the same', () => {
    const s = exec(onTheWay(), 'order.setTip', { orderId: D.orderId, tipCents: 250 }, as(S.dispatch)).state;
    const step = exec(s, 'takeout.delivered', { takeoutId: D.takeoutId }, as(S.ana));
    const bill = (step.events.find((e) => e.type === 'order.settled') as { bill: Bill }).bill;
    expect(step.events.find((e) => e.type === 'takeout.delivered')).toMatchObject({ collectedCents: bill.dueCents });
    expect(bill.dueCents).toBe(P.ceviche.priceCents + 500 + 250);
  });

  it('a paid takeout stays at 0 whatever happens to its (settled) order', () => {
    const s = exec(exec(takeoutRestaurant(), 'takeout.create', D, as(S.dispatch)).state, 'order.settle', { orderId: D.orderId, payments: [{ method: 'cash', amountCents: 10_000 }], document: { kind: 'note', docId: '', name: '' }, print: false }, as(S.dispatch)).state;
    expect(takeoutOf(s, D.takeoutId)).toMatchObject({ paid: true, collectCents: 0 });
  });
});
