import { describe, expect, it } from 'vitest';
import { APPROVAL_TTL_MS } from '#protocol';
import { approvalDigest, ApprovalTokens, canonicalJson, type ApprovalBinding } from './approval-tokens.ts';

/** The token store alone: bound to one command and its payload, one sender, one use, two minutes. */
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const GIFT = { orderId: 'o-1', lineId: 'l-1', qty: 1, reason: 'Cumpleaños' };
const binding: ApprovalBinding = { commandId: A, type: 'order.giftLine', digest: approvalDigest('order.giftLine', GIFT), approverId: 'man', actorId: 'wai', deviceId: 'phone' };
const sender = { staffId: 'wai', deviceId: 'phone' };

function tokens(start = 0) {
  let now = start;
  const store = new ApprovalTokens(() => new Date(now));
  return { store, advance: (ms: number) => (now += ms) };
}

describe('ApprovalTokens', () => {
  it.each<[string, { id: string; type: string; payload: unknown }, { staffId: string | null; deviceId: string }, number, string | null]>([
    ['the command it was made for', { id: A, type: 'order.giftLine', payload: GIFT }, sender, 0, null],
    ['another command id', { id: B, type: 'order.giftLine', payload: GIFT }, sender, 0, 'otherCommand'],
    ['the same id with another type', { id: A, type: 'order.withdraw', payload: GIFT }, sender, 0, 'otherCommand'],
    ['another device', { id: A, type: 'order.giftLine', payload: GIFT }, { staffId: 'wai', deviceId: 'till' }, 0, 'otherSender'],
    ['another person on the device', { id: A, type: 'order.giftLine', payload: GIFT }, { staffId: 'cas', deviceId: 'phone' }, 0, 'otherSender'],
    ['another line', { id: A, type: 'order.giftLine', payload: { ...GIFT, lineId: 'l-2' } }, sender, 0, 'otherPayload'],
    ['more portions', { id: A, type: 'order.giftLine', payload: { ...GIFT, qty: 2 } }, sender, 0, 'otherPayload'],
    ['a field more', { id: A, type: 'order.giftLine', payload: { ...GIFT, extra: true } }, sender, 0, 'otherPayload'],
    ['no payload', { id: A, type: 'order.giftLine', payload: undefined }, sender, 0, 'otherPayload'],
    ['the same payload, keys in another order', { id: A, type: 'order.giftLine', payload: { reason: 'Cumpleaños', qty: 1, lineId: 'l-1', orderId: 'o-1' } }, sender, 0, null],
    ['just before two minutes', { id: A, type: 'order.giftLine', payload: GIFT }, sender, APPROVAL_TTL_MS - 1, null],
    ['at two minutes', { id: A, type: 'order.giftLine', payload: GIFT }, sender, APPROVAL_TTL_MS, 'expired'],
  ])('%s', (_what, command, who, later, why) => {
    const { store, advance } = tokens();
    const { token } = store.issue(binding);
    advance(later);
    expect(store.redeem(token, command, who)).toEqual(why === null ? { ok: true, approverId: 'man' } : { ok: false, why });
  });

  it('is used once, and a misuse spends it too', () => {
    const { store } = tokens();
    const { token } = store.issue(binding);
    expect(store.redeem(token, { id: A, type: 'order.giftLine', payload: GIFT }, sender)).toMatchObject({ ok: true });
    expect(store.redeem(token, { id: A, type: 'order.giftLine', payload: GIFT }, sender)).toEqual({ ok: false, why: 'unknown' });
    const second = store.issue(binding).token;
    expect(store.redeem(second, { id: B, type: 'order.giftLine', payload: GIFT }, sender)).toMatchObject({ ok: false });
    expect(store.redeem(second, { id: A, type: 'order.giftLine', payload: GIFT }, sender)).toEqual({ ok: false, why: 'unknown' });
  });

  it('unknown tokens, prototype names included, are unknown', () => {
    const { store } = tokens();
    for (const t of ['', 'x', '__proto__', 'constructor', 'toString']) expect(store.redeem(t, { id: A, type: 'order.giftLine', payload: GIFT }, sender)).toEqual({ ok: false, why: 'unknown' });
  });

  it('forgets expired tokens and holds a bounded number', () => {
    const { store, advance } = tokens();
    for (let i = 0; i < 1_500; i++) store.issue(binding);
    expect(store.size).toBeLessThanOrEqual(1_000);
    advance(APPROVAL_TTL_MS);
    store.issue(binding);
    expect(store.size).toBe(1);
  });

  it('writes a payload one way whatever its key order; absent fields are left out, arrays keep their order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: undefined, e: 'x' } })).toBe('{"a":{"d":[2,1],"e":"x"},"b":1}');
    expect(canonicalJson({ a: 1 })).toBe(canonicalJson({ a: 1, z: undefined }));
    expect(approvalDigest('order.setDiscount', { orderId: 'o', discount: { kind: 'percent', percent: 15 } })).not.toBe(approvalDigest('order.setDiscount', { orderId: 'o', discount: { kind: 'percent', percent: 99 } }));
    // The type is part of it: the same payload under another type is another approval.
    expect(approvalDigest('order.giftLine', GIFT)).not.toBe(approvalDigest('order.cancelLine', GIFT));
  });
});
