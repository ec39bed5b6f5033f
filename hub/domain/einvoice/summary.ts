import type { CommandPayload, State } from '#protocol';
import { refuse, type DecideContext, type Decision } from '../decision.ts';

/** CONTRACT PLACEHOLDER (replaced by the domain helper this session): numbers and plans a daily summary. */
export function summarize(_s: State, _p: CommandPayload<'einvoice.summarize'>, _ctx: DecideContext): Decision {
  return refuse('NOTHING_TO_SUMMARIZE');
}
