import { describe, expect, it } from 'vitest';
import type { Alias, EventOf } from '#protocol';
import { applyAll } from '#hub/domain/apply.ts';
import { ctxAt, exec } from '#hub/domain/test-fixtures.ts';
import { BETO, cashRecharge, membersState } from '#hub/domain/members/test-members.ts';
import { presentEvent } from './events.ts';
import type { Viewer } from './viewer.ts';

const viewer = (aliases: Alias[]): Viewer => ({ staffId: 'x', roleId: 'x', aliases: new Set(aliases) });
const DRAWER = viewer(['M001', 'payment', 'M006']);

/**
 * A recharge is money of the open shift: the drawer's devices (M006) fold it into their copy of
 * the shift's totals, so they receive the recharge's money alone; nobody else receives a balance move.
 */
describe('member.ledgerEntered as devices receive it', () => {
  const before = membersState();
  const step = exec(before, 'member.recharge', { ...cashRecharge(BETO, 2_500, 77), method: 4, bank: 'BCP', cardNo: '4321', certificate: 'T-9', accountName: 'Beto' }, ctxAt());
  const event = step.events.find((e) => e.type === 'member.ledgerEntered') as EventOf<'member.ledgerEntered'>;

  it("the drawer's device gets the money without who paid from which bank", () => {
    const seen = presentEvent(event, DRAWER) as EventOf<'member.ledgerEntered'>;
    expect(seen.entry.recharge).toMatchObject({ method: 4, amountCents: 2_500, bank: '', cardNo: '', certificate: '', accountName: '', operationNo: '' });
    expect(seen.entry).toMatchObject({ memberId: '', memberNo: '' });
    expect(JSON.stringify(seen)).not.toMatch(/BCP|4321|T-9|Beto/);
  });

  it('a device folding it (no members slices) gets the same shift totals as the hub', () => {
    const { members: _m, memberByPhone: _p, memberByNo: _n, memberByDoc: _d, memberCounters: _c, ...device } = before;
    const folded = applyAll(device as typeof before, [presentEvent(event, DRAWER)!]);
    expect(folded.openShift!.totals).toEqual(step.state.openShift!.totals);
  });

  it('a waiter, a counter, a cashier without the drawer get nothing; nor anyone a spend or an adjustment', () => {
    for (const v of [viewer(['M001']), viewer(['M002']), viewer(['payment'])]) expect(presentEvent(event, v)).toBeNull();
    const adjust = exec(step.state, 'member.adjust', { memberId: BETO, entryId: 'adj-1', cents: -100, reason: 'Corrección' }, ctxAt(undefined, null)).events[0]!;
    expect(presentEvent(adjust, DRAWER)).toBeNull();
  });
});
