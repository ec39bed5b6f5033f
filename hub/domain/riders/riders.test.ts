import { describe, expect, it } from 'vitest';
import type { CommandPayload, State } from '#protocol';
import { commandPayloads, defaultRiderProfile } from '#protocol';
import { applyAll } from '../apply.ts';
import type { DecideContext } from '../decision.ts';
import { decideOn, deepFreeze, exec } from '../test-fixtures.ts';
import { R, ridersRestaurant } from './test-riders.ts';
import { withDelivery } from './cash.ts';

const AT = '2025-03-14T19:30:00.000Z';
const as = (staffId: string): DecideContext => ({ now: AT, actor: { staffId, deviceId: 'dev-1' } });
type Save = CommandPayload<'rider.save'>;
const ana = (over: Partial<Save> = {}): Save => ({ staffId: R.ana, avatar: { initials: 'AR', color: 'teal' }, number: '07', level: 2, kind: 'own', phone: '987654321', ...over });

describe('rider.save', () => {
  it('keeps the owner\'s fields and starts the hub\'s figures at zero', () => {
    const s = exec(ridersRestaurant(), 'rider.save', ana(), as(R.owner)).state;
    expect(s.riders[R.ana]).toEqual({ ...defaultRiderProfile(R.ana), ...ana() });
  });

  it('never lets a save touch the sent count or the cash held', () => {
    let s = exec(ridersRestaurant(), 'rider.save', ana(), as(R.owner)).state;
    s = withDelivery(s, R.ana, AT);
    s = { ...s, riders: { ...s.riders, [R.ana]: { ...s.riders[R.ana]!, heldCents: 4500 } } };
    s = exec(s, 'rider.save', ana({ level: 5, kind: 'freelance', number: '' }), as(R.owner)).state;
    expect(s.riders[R.ana]).toMatchObject({ level: 5, kind: 'freelance', number: '', sentCount: 1, heldCents: 4500, lastDeliveredAt: AT });
  });

  // Each refusal: the hostile input, its code, and the state exactly as before.
  const refusals: { name: string; state: () => State; payload: Save; actor: string; code: string }[] = [
    { name: 'unknown staff', state: ridersRestaurant, payload: ana({ staffId: 'nobody' }), actor: R.owner, code: 'NOT_FOUND' },
    { name: 'a prototype name as staff id', state: ridersRestaurant, payload: ana({ staffId: '__proto__' }), actor: R.owner, code: 'NOT_FOUND' },
    { name: 'a waiter is not a rider', state: ridersRestaurant, payload: ana({ staffId: R.waiter }), actor: R.owner, code: 'NOT_A_RIDER' },
    { name: 'a number another rider has (any case)', state: () => exec(ridersRestaurant(), 'rider.save', ana({ staffId: R.beto, number: 'r7' }), as(R.owner)).state, payload: ana({ number: 'R7' }), actor: R.owner, code: 'RIDER_NUMBER_TAKEN' },
    { name: 'a rider editing themselves (gate: staff)', state: ridersRestaurant, payload: ana({ level: 5 }), actor: R.ana, code: 'FORBIDDEN' },
  ];
  it.each(refusals)('refuses $name ($code) and changes nothing', ({ state, payload, actor, code }) => {
    const s = deepFreeze(state());
    expect(decideOn(s, 'rider.save', payload, as(actor))).toMatchObject({ ok: false, code });
  });

  it('lets two riders both go without a number', () => {
    let s = exec(ridersRestaurant(), 'rider.save', ana({ number: '' }), as(R.owner)).state;
    s = exec(s, 'rider.save', ana({ staffId: R.beto, number: '' }), as(R.owner)).state;
    expect([s.riders[R.ana]!.number, s.riders[R.beto]!.number]).toEqual(['', '']);
  });
});

describe('rider.save payload', () => {
  const schema = commandPayloads['rider.save'];
  const rows: [string, unknown, boolean][] = [
    ['two initials', ana(), true],
    ['initials from the name (empty)', ana({ avatar: { initials: '', color: 'blue' } }), true],
    ['Chinese initials', ana({ avatar: { initials: '王', color: 'pink' } }), true],
    ['an emoji (a box on a till without the font)', ana({ avatar: { initials: '\u{1F6F5}', color: 'blue' } }), false],
    ['markup as initials', ana({ avatar: { initials: '<b>', color: 'blue' } }), false],
    ['a colour off the palette', { ...ana(), avatar: { initials: '', color: '#fff;background:url(x)' } }, false],
    ['four initials', ana({ avatar: { initials: 'ABCD', color: 'teal' } }), false],
    ['a +51 mobile', ana({ phone: '+51987654321' }), true],
    ['no phone', ana({ phone: '' }), true],
    ['a landline', ana({ phone: '014567890' }), false],
    ['a mobile one digit short', ana({ phone: '98765432' }), false],
    ['level 0', { ...ana(), level: 0 }, false],
    ['level 6', { ...ana(), level: 6 }, false],
    ['a kind off the list', { ...ana(), kind: 'boss' }, false],
    ['a number with spaces inside', ana({ number: 'R 7' }), false],
    ['a number of 9 characters', ana({ number: '123456789' }), false],
    ['a prototype staff id', { ...ana(), staffId: '__proto__' }, false],
  ];
  it.each(rows)('%s: valid = %s', (_name, payload, valid) => {
    expect(schema.safeParse(payload).success).toBe(valid);
  });
});

describe('the sent count (withDelivery, called by takeout.delivered)', () => {
  it('counts each delivery of a rider, starting a profile for one nobody edited', () => {
    let s = withDelivery(ridersRestaurant(), R.beto, AT);
    s = withDelivery(s, R.beto, '2025-03-14T20:00:00.000Z');
    expect(s.riders[R.beto]).toMatchObject({ sentCount: 2, lastDeliveredAt: '2025-03-14T20:00:00.000Z', number: '', level: 1 });
  });

  it('leaves the state as it was for no rider, and a replica without the slice as it was', () => {
    const s = deepFreeze(ridersRestaurant());
    expect(withDelivery(s, null, AT)).toBe(s);
    const { riders: _left, ...without } = s;
    const replica = without as unknown as State;
    expect(withDelivery(replica, R.ana, AT)).toBe(replica);
  });

  it('replays to the same state', () => {
    const events = [exec(ridersRestaurant(), 'rider.save', ana(), as(R.owner)).events].flat();
    expect(applyAll(ridersRestaurant(), events)).toEqual(exec(ridersRestaurant(), 'rider.save', ana(), as(R.owner)).state);
  });
});
