import type { CommandPayload, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';
import { closedDebt } from './debts.ts';

/**
 * `account.writeOff` (hub-only, ../hub-rules.ts): gives up on what an open
 * debt still owes (SPEC.md on-account flag 2). Its gate is `refund`, which a
 * manager holds: a cashier's write-off is refused FORBIDDEN `refund` by the
 * permission step, and the device asks a manager's PIN (approvable, see
 * ../approval.ts), so the hub hands the manager in as `ctx.approver`. The
 * record keeps who approved: the approver, else the actor (a manager's own).
 */
export function writeOffDebt(state: State, p: CommandPayload<'account.writeOff'>, ctx: DecideContext): Decision {
  const debt = getOwn(state.accounts, p.billId);
  if (!debt) return refuse('DEBT_NOT_FOUND', 'billId');
  const approvedBy = ctx.approver ?? ctx.actor.staffId;
  return accept([{ type: 'account.writtenOff', debt: closedDebt(debt, 'writtenOff', ctx.now, ctx.actor.staffId, { approvedBy, reason: p.reason }) }]);
}
