import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandPayload, CommandType } from '#protocol';
import { memberById, memberIdByPhone } from '#protocol';
import { command, getState, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Members through the real hub (issue 22, core): tills racing for one phone or one member's
 * last soles, a command sent twice, hostile ids and fields; and nothing of a member in a
 * device's snapshot (the slices are the hub's alone).
 */
let t: TestHub;
let n = 0;

beforeAll(async () => {
  t = await startTestHub();
  if (!t.hub.engine.state.openShift) await ok('shift.open', { id: 'sh-members', floatCents: 0 });
});
afterAll(async () => {
  await t?.close();
});

async function ok<K extends CommandType>(type: K, payload: CommandPayload<K>): Promise<void> {
  const r = await postCommand(t.url, command(type, payload));
  if (!r.body.ok) throw new Error(`${type} refused: ${r.body.code}`);
}

function fields(phone: string): Omit<CommandPayload<'member.register'>, 'memberId'> {
  return { phone, lastName: 'Pérez', name: 'Ana', gender: 2, regMethod: 1, docId: String(20_000_000 + ++n) };
}

const codes = (replies: { body: { ok: boolean; code?: string } }[]) => replies.map((r) => (r.body.ok ? 'ok' : r.body.code)).sort();

describe('members on the real hub', () => {
  it('two tills registering one phone at once: one member, the other MEMBER_PHONE_TAKEN', async () => {
    const ids = [randomUUID(), randomUUID()];
    const replies = await Promise.all(ids.map((memberId, i) => postCommand(t.url, command('member.register', { memberId, ...fields(i === 0 ? '+51 944 000 001' : '944000001') }))));
    expect(codes(replies)).toEqual(['MEMBER_PHONE_TAKEN', 'ok']);
    expect(ids).toContain(memberIdByPhone(t.hub.engine.state, '944000001'));
  });

  it('two tills taking a member\'s last soles at once: exactly one wins, the other INSUFFICIENT_BALANCE (409)', async () => {
    const memberId = randomUUID();
    await ok('member.register', { memberId, ...fields('944000002') });
    await ok('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 3_000, method: 2, print: false });
    const replies = await Promise.all([0, 1].map(() => postCommand(t.url, command('member.adjust', { memberId, entryId: randomUUID(), cents: -2_000, reason: 'Retiro' }))));
    expect(codes(replies)).toEqual(['INSUFFICIENT_BALANCE', 'ok']);
    expect(replies.find((r) => !r.body.ok)!.status).toBe(409);
    expect(memberById(t.hub.engine.state, memberId)).toMatchObject({ balanceCents: 1_000, entries: 2 });
  });

  it('a recharge sent twice (the same command) is recorded once', async () => {
    const memberId = randomUUID();
    await ok('member.register', { memberId, ...fields('944000003') });
    const once = command('member.recharge', { memberId, rechargeId: randomUUID(), amountCents: 5_000, method: 2, print: false });
    const replies = await Promise.all([postCommand(t.url, once), postCommand(t.url, once)]);
    expect(replies.every((r) => r.body.ok)).toBe(true);
    expect(memberById(t.hub.engine.state, memberId)).toMatchObject({ balanceCents: 5_000, entries: 1 });
    // The same recharge id under a new command id: DUPLICATE_ID, nothing changes.
    const again = await postCommand(t.url, command('member.recharge', once.payload));
    expect(again.body.ok ? 'ok' : again.body.code).toBe('DUPLICATE_ID');
    expect(memberById(t.hub.engine.state, memberId)!.balanceCents).toBe(5_000);
  });

  it.each([
    ['a member id that objects answer to (refused at the door, ids.ts)', { memberId: '__proto__' }, 'INCORRECT_INPUT'],
    ['constructor', { memberId: 'constructor' }, 'INCORRECT_INPUT'],
    ['an unknown member', { memberId: 'm-nobody' }, 'MEMBER_NOT_FOUND'],
    ['a negative amount', { amountCents: -500 }, 'INCORRECT_INPUT'],
    ['a fraction of a céntimo', { amountCents: 10.5 }, 'INCORRECT_INPUT'],
    ['an unknown method', { method: 1 }, 'INCORRECT_INPUT'],
  ] as const)('refuses a recharge with %s and records nothing', async (_label, over, code) => {
    const seq = t.hub.engine.seq;
    const r = await postCommand(t.url, command('member.recharge', { memberId: randomUUID(), rechargeId: randomUUID(), amountCents: 100, method: 2, print: false, ...over } as CommandPayload<'member.recharge'>));
    expect(r.body.ok ? 'ok' : r.body.code).toBe(code);
    expect(t.hub.engine.seq).toBe(seq);
  });

  it('no member reaches a device\'s snapshot, the owner\'s included', async () => {
    const snapshot = JSON.stringify(await getState(t.url));
    expect(snapshot).not.toContain('944000002');
    expect(snapshot).not.toContain('memberByPhone');
    expect(snapshot).not.toContain('"members"');
  });
});
