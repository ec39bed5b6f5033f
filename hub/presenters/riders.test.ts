import { describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, DomainEvent, State } from '#protocol';
import { applyAll } from '#hub/domain/apply.ts';
import { exec } from '#hub/domain/test-fixtures.ts';
import { as, phoneDelivery, S, takeoutRestaurant } from '#hub/domain/takeout/test-takeouts.ts';
import { presentEvent, presentState, viewerOf } from './index.ts';

/**
 * A rider's phone holds their own rider profile only (not another rider's mobile number or the
 * cash they hold), and the replica it folds from what it receives stays what the hub shows it.
 */
const profile = (staffId: string, phone: string): CommandPayload<'rider.save'> => ({ staffId, avatar: { initials: '', color: 'teal' }, number: '', level: 1, kind: 'own', phone });

function day(): { start: State; steps: [CommandType, unknown, string][] } {
  let start = takeoutRestaurant();
  start = exec(start, 'rider.save', profile(S.ana, '911111111'), as(S.owner)).state;
  start = exec(start, 'rider.save', profile(S.beto, '922222222'), as(S.owner)).state;
  const beto = phoneDelivery(1);
  const ana = phoneDelivery(2);
  return {
    start,
    steps: [
      ['takeout.create', beto, S.dispatch],
      ['takeout.create', ana, S.dispatch],
      ['takeout.assignRider', { takeoutId: beto.takeoutId, riderId: S.beto }, S.dispatch],
      ['takeout.assignRider', { takeoutId: ana.takeoutId, riderId: S.ana }, S.dispatch],
      ['takeout.pickedUp', { takeoutId: beto.takeoutId }, S.beto],
      ['takeout.pickedUp', { takeoutId: ana.takeoutId }, S.ana],
      // Both collect at the door with a S/ 100 note: the change comes from their pocket.
      ['takeout.delivered', { takeoutId: beto.takeoutId, collectedCents: 10_000 }, S.beto],
      ['takeout.delivered', { takeoutId: ana.takeoutId, collectedCents: 10_000 }, S.ana],
      ['rider.handIn', { id: 'hi-beto-1', riderId: S.beto, cents: 1000 }, S.dispatch],
      ['rider.save', profile(S.beto, '933333333'), S.owner],
    ],
  };
}

describe('the riders slice on a rider’s phone', () => {
  it('holds their own profile alone; delivery and the till still see every rider', () => {
    const { start } = day();
    expect(Object.keys(presentState(start, viewerOf(start, S.ana)).riders)).toEqual([S.ana]);
    expect(Object.keys(presentState(start, viewerOf(start, S.dispatch)).riders).sort()).toEqual([S.ana, S.beto]);
    expect(Object.keys(presentState(start, viewerOf(start, S.counter)).riders).sort()).toEqual([S.ana, S.beto]);
    expect(presentState(start, viewerOf(start, S.waiter)).riders).toBeUndefined();
  });

  it('a rider who has no profile yet gets none of the others', () => {
    const s = takeoutRestaurant();
    const withBeto = exec(s, 'rider.save', profile(S.beto, '922222222'), as(S.owner)).state;
    expect(presentState(withBeto, viewerOf(withBeto, S.ana)).riders).toEqual({});
  });

  it('folded from the snapshot and every event as sent, each replica is what the hub shows it; Ana’s never holds Beto’s phone or cash', () => {
    const { start, steps } = day();
    for (const who of [S.ana, S.beto, S.dispatch, S.counter]) {
      let hub = start;
      let replica = presentState(start, viewerOf(start, who));
      const sent: DomainEvent[] = [];
      for (const [type, payload, by] of steps) {
        const step = exec(hub, type, payload as never, as(by));
        const viewer = viewerOf(hub, who);
        const shown = step.events.map((e) => presentEvent(e, viewer)).filter((e): e is DomainEvent => e !== null);
        sent.push(...shown);
        replica = applyAll(replica, shown);
        hub = step.state;
      }
      const now = presentState(hub, viewerOf(hub, who));
      expect(replica.riders, who).toEqual(now.riders);
      expect(replica.takeouts, who).toEqual(now.takeouts);
      expect(replica.openShift, who).toEqual(now.openShift);
      if (who === S.ana) {
        const heldBy = sent.flatMap((e) => (e.type === 'order.settled' ? e.bill.payments.map((p) => p.heldBy) : []));
        expect(heldBy).toEqual([undefined, S.ana]);
        expect(sent.filter((e) => e.type === 'rider.saved' || e.type === 'rider.handedIn')).toEqual([]);
        expect(JSON.stringify(replica.riders)).not.toContain('92222');
        expect(replica.riders[S.ana]?.heldCents).toBe(hub.riders[S.ana]?.heldCents);
        expect(hub.riders[S.ana]?.heldCents).toBeGreaterThan(0);
      }
    }
  });
});
