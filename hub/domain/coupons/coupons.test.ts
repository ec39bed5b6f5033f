import { describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType, State } from '#protocol';
import { couponByCode, couponKey, VIRTUAL_PRINTER } from '#protocol';
import { decide } from '../decide.ts';
import { createdJobs, printer, withPrinters } from '../printing/test-printers.ts';
import { command, ctxAt, deepFreeze, exec, menuState, uid } from '../test-fixtures.ts';
import { ANA, membersState } from '../members/test-members.ts';
import { issuePayload, VERANO, VERANO_CODES } from './test-coupons.ts';

/** The test restaurant with Ana a member and the VERANO batch issued (NOW is 2025-03-14 in Lima). */
function couponsState(): State {
  return exec(membersState(), 'coupon.issueBatch', issuePayload()).state;
}

describe('coupon.issueBatch (recorded by the route with the codes it made)', () => {
  it('records the batch and each code unused, printed with a dash after the prefix', () => {
    const s = couponsState();
    expect(s.couponBatches[VERANO]).toMatchObject({ code: 'VERANO', name: 'Verano', deductionCents: 1_000, category: 1, expiresOn: '2099-12-31', quantity: 3, redeemed: 0, voided: false, issuedBy: 'staff-1' });
    expect(couponByCode(s, 'verano 7kq2 m9xa')).toEqual({ code: 'VERANO-7KQ2M9XA', batchId: VERANO, memberId: null, recipientNo: '', recipientPhone: '', giftedAt: null, heldBy: null, usedAt: null, usedBillId: null, usedDay: null });
    expect(couponByCode(s, 'VERANO-7KQ2-M9XA')?.code).toBe('VERANO-7KQ2M9XA');
  });

  it('a second batch keeps the first one\'s coupons (buckets copied, never shared)', () => {
    const first = deepFreeze(couponsState());
    const s = exec(first, 'coupon.issueBatch', issuePayload({ batchId: uid(2410), prefix: 'DELI', category: 2 }, ['DELI22223333'])).state;
    for (const code of VERANO_CODES) expect(couponByCode(s, code)?.batchId).toBe(VERANO);
    expect(couponByCode(s, 'DELI22223333')?.batchId).toBe(uid(2410));
    expect(couponByCode(first, 'DELI22223333')).toBeUndefined();
  });

  const refusals: [string, CommandPayload<'coupon.issueBatch'>, string][] = [
    ['the same batch id again', issuePayload({}, ['VERANOZZZZZZZZ']), 'DUPLICATE_ID'],
    ['a code issued before', issuePayload({ batchId: uid(2411) }, ['VERANO7KQ2M9XA']), 'COUPON_DUPLICATE'],
    ['a code twice in the batch', issuePayload({ batchId: uid(2411) }, ['VERANOQQQQQQQQ', 'VERANOQQQQQQQQ']), 'COUPON_DUPLICATE'],
    ['a code without the prefix', issuePayload({ batchId: uid(2411) }, ['OTONO22334455']), 'INCORRECT_INPUT'],
    ['a code that is only the prefix', issuePayload({ batchId: uid(2411) }, ['VERANO']), 'INCORRECT_INPUT'],
    ['fewer codes than the quantity', { ...issuePayload({ batchId: uid(2411) }, ['VERANOQQQQQQQQ']), batch: { ...issuePayload().batch, batchId: uid(2411), quantity: 2 } }, 'INCORRECT_INPUT'],
    ['a last day already past', issuePayload({ batchId: uid(2411), expiresOn: '2025-03-13' }, ['VERANOQQQQQQQQ']), 'COUPON_EXPIRED'],
  ];
  it.each(refusals)('refuses %s (%s) and changes nothing', (_why, payload, code) => {
    const s = deepFreeze(couponsState());
    const d = decide(s, command('coupon.issueBatch', payload), ctxAt());
    expect(d).toMatchObject({ ok: false, code });
  });

  it('a batch valid through today is accepted (the last day counts)', () => {
    const s = exec(couponsState(), 'coupon.issueBatch', issuePayload({ batchId: uid(2412), expiresOn: '2025-03-14' }, ['VERANOQQQQQQQQ'])).state;
    expect(s.couponBatches[uid(2412)]?.expiresOn).toBe('2025-03-14');
  });
});

describe('coupon.gift', () => {
  it('keeps the member\'s number with the coupon, never a copy of their phone (erasure leaves none behind)', () => {
    const r = exec(couponsState(), 'coupon.gift', { code: 'verano-7kq2m9xa', memberId: ANA });
    // The gift as it happened (the log) names the phone; the coupon in the state does not.
    expect(r.events[0]).toMatchObject({ type: 'coupon.gifted', recipientNo: '000001', recipientPhone: '987654321' });
    expect(couponByCode(r.state, 'VERANO7KQ2M9XA')).toMatchObject({ memberId: ANA, recipientNo: '000001', recipientPhone: '', giftedAt: ctxAt().now });
    expect(JSON.stringify(r.state.coupons)).not.toContain('987654321');
  });

  it('an erased member is refused', () => {
    const s = deepFreeze(exec(couponsState(), 'member.erase', { memberId: ANA, reason: 'Lo pidió' }).state);
    expect(decide(s, command('coupon.gift', { code: VERANO_CODES[0]!, memberId: ANA }), ctxAt())).toMatchObject({ ok: false, code: 'MEMBER_ERASED' });
  });
});

/** Each refusal of gift / void / print: the code answered; the state is frozen, so nothing changed. */
describe('refusals change nothing', () => {
  const gifted = (): State => exec(couponsState(), 'coupon.gift', { code: VERANO_CODES[0]!, memberId: ANA }).state;
  const voided = (): State => exec(couponsState(), 'coupon.voidBatch', { batchId: VERANO }).state;
  /** Only a kitchen screen left: nothing prints paper (receipt targets never include a screen). */
  const noReceiptPrinter = (): State =>
    exec(withPrinters(couponsState(), [printer('kds-1', { connection: { type: 'screen' } })]), 'printer.remove', { printerId: VIRTUAL_PRINTER.id }).state;
  const cases: [string, () => State, CommandType, unknown, string][] = [
    ['gift of an unknown code', couponsState, 'coupon.gift', { code: 'VERANOXXXXXXXX', memberId: ANA }, 'COUPON_NOT_FOUND'],
    // The protocol refuses these at the door; the rules are the second lock (own entries only).
    ['gift of a __proto__ code', couponsState, 'coupon.gift', { code: '__proto__', memberId: ANA }, 'COUPON_NOT_FOUND'],
    ['gift of a constructor code', couponsState, 'coupon.gift', { code: 'constructor', memberId: ANA }, 'COUPON_NOT_FOUND'],
    ['gift to a __proto__ member', couponsState, 'coupon.gift', { code: VERANO_CODES[0], memberId: '__proto__' }, 'MEMBER_NOT_FOUND'],
    ['void of a __proto__ batch', couponsState, 'coupon.voidBatch', { batchId: '__proto__' }, 'COUPON_BATCH_NOT_FOUND'],
    ['gift to an unknown member', couponsState, 'coupon.gift', { code: VERANO_CODES[0], memberId: uid(9) }, 'MEMBER_NOT_FOUND'],
    ['gift of a gifted coupon', gifted, 'coupon.gift', { code: VERANO_CODES[0], memberId: ANA }, 'COUPON_GIFTED'],
    ['gift of a voided batch\'s coupon', voided, 'coupon.gift', { code: VERANO_CODES[0], memberId: ANA }, 'COUPON_EXPIRED'],
    ['void of an unknown batch', couponsState, 'coupon.voidBatch', { batchId: uid(9) }, 'COUPON_BATCH_NOT_FOUND'],
    ['void twice', voided, 'coupon.voidBatch', { batchId: VERANO }, 'COUPON_EXPIRED'],
    ['print of an unknown code', couponsState, 'coupon.print', { code: 'NADA' }, 'COUPON_NOT_FOUND'],
    ['print without a receipt printer', noReceiptPrinter, 'coupon.print', { code: VERANO_CODES[0] }, 'NO_RECEIPT_PRINTER'],
    ['print of a voided coupon', voided, 'coupon.print', { code: VERANO_CODES[0] }, 'COUPON_EXPIRED'],
  ];
  it.each(cases)('%s', (_why, make, type, payload, code) => {
    const s = deepFreeze(make());
    const d = decide(s, { id: uid(77), type, payload, deviceId: 'd-1', at: ctxAt().now } as never, ctxAt());
    expect(d).toMatchObject({ ok: false, code });
  });

  it('a gift after the last day is COUPON_EXPIRED (the business day: 01:30 of the next day still counts)', () => {
    const s = deepFreeze(exec(menuState(), 'coupon.issueBatch', issuePayload({ expiresOn: '2025-03-14' })).state);
    const gift = command('coupon.gift', { code: VERANO_CODES[0]!, memberId: ANA });
    // 05:00 Lima on the 15th (10:00Z) is past the 04:00 closing: the 15th's business day, after the last day.
    expect(decide(s, gift, ctxAt('2025-03-15T10:00:00.000Z'))).toMatchObject({ ok: false, code: 'COUPON_EXPIRED' });
    // 2025-03-15 01:30 Lima (06:30Z) belongs to the 14th's business day (closing hour 04:00): not expired.
    expect(decide(s, gift, ctxAt('2025-03-15T06:30:00.000Z'))).toMatchObject({ ok: false, code: 'MEMBER_NOT_FOUND' });
  });
});

describe('coupon.voidBatch and coupon.print', () => {
  it('voiding marks the batch; its coupons read expired', () => {
    const s = exec(couponsState(), 'coupon.voidBatch', { batchId: VERANO }).state;
    expect(s.couponBatches[VERANO]?.voided).toBe(true);
  });

  it('prints the coupon with a QR of its code on each receipt printer', () => {
    const s = withPrinters(couponsState(), [printer('pr-caja', { receipts: true }), printer('pr-cocina')]);
    const jobs = createdJobs(exec(s, 'coupon.print', { code: 'verano 7kq2m9xa' }).events);
    const printerIds = jobs.map((j) => (j.kind === 'print' ? j.payload.printerId : ''));
    expect(printerIds).toContain('pr-caja');
    expect(printerIds).not.toContain('pr-cocina');
    const job = jobs.find((j) => j.kind === 'print' && j.payload.printerId === 'pr-caja');
    if (job?.kind !== 'print') throw new Error('no job for pr-caja');
    expect(job.payload).toMatchObject({ printerId: 'pr-caja', purpose: 'coupon' });
    expect(job.payload.document.blocks).toContainEqual({ kind: 'qr', data: 'VERANO-7KQ2M9XA', size: 6, align: 'center' });
    expect(JSON.stringify(job.payload.document)).not.toContain('987654321');
  });
});

it('couponKey ignores case, spaces and dashes', () => {
  expect(couponKey(' verano 7kq2 m9xa ')).toBe('VERANO7KQ2M9XA');
  expect(couponKey('VERANO-7KQ2-M9XA')).toBe('VERANO7KQ2M9XA');
});
