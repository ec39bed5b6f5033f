import type { Command, CommandType, State } from '#protocol';
import type { Handler } from './feature.ts';
import type { DecideContext, Decision } from './decision.ts';
import { withReactions } from './jobs/reactions.ts';
import { permissionDenied } from './permissions.ts';
import { handlers } from './registry.ts';

/**
 * The rules alone: the events a command causes, or why it is refused,
 * without the jobs those events cause. What a device folds for its
 * optimistic view (client/src/sync/view.ts): jobs are the hub's to create and
 * carry out, and a device sees them when the hub's change arrives; leaving
 * them out keeps the print documents' code out of the page's first load.
 */
export function decideRules(state: State, command: Command, ctx: DecideContext): Decision {
  // Permission first: a refused staff member learns nothing about the state.
  const denied = permissionDenied(state, command.type, ctx.actor, ctx.approver ?? null);
  if (denied) return denied;
  const handler = handlers[command.type] as Handler<CommandType>;
  return handler(state, command.payload, ctx);
}

/**
 * The one entry to the rules on the hub: given the state and a validated
 * command, the events it causes (with the jobs they cause) or the code of why
 * it is refused. Pure: no I/O, no clock (ctx.now), no randomness (ids come in
 * the payload).
 */
export function decide(state: State, command: Command, ctx: DecideContext): Decision {
  // The jobs the events cause join the same decision, hence the same log record.
  return withReactions(state, command.id, ctx.now, decideRules(state, command, ctx));
}
