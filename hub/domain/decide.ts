import type { Command, CommandType, State } from '#protocol';
import type { Handler } from './feature.ts';
import type { DecideContext, Decision } from './decision.ts';
import { withReactions } from './jobs/reactions.ts';
import { permissionDenied } from './permissions.ts';
import { handlers } from './registry.ts';

/**
 * The one entry to the rules: given the state and a validated command, the
 * events it causes or the code of why it is refused. Pure: no I/O, no clock
 * (ctx.now), no randomness (ids come in the payload).
 */
export function decide(state: State, command: Command, ctx: DecideContext): Decision {
  // Permission first: a refused staff member learns nothing about the state.
  const denied = permissionDenied(state, command.type, ctx.actor, ctx.approver ?? null);
  if (denied) return denied;
  const handler = handlers[command.type] as Handler<CommandType>;
  // The jobs the events cause join the same decision, hence the same log record.
  return withReactions(state, command.id, ctx.now, handler(state, command.payload, ctx));
}
