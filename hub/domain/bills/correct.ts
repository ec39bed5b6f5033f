import type { CommandPayload, State } from '#protocol';
import { refuse, type DecideContext, type Decision } from '../decision.ts';

/** CONTRACT PLACEHOLDER (replaced by the domain helper this session). */
export function correctBill(_s: State, _p: CommandPayload<'bill.correct'>, _ctx: DecideContext): Decision {
  return refuse('BILL_NOT_FOUND');
}
