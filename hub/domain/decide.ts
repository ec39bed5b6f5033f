import type { Command, CommandType, DomainEvent, State } from '#protocol';
import type { Handler } from './feature.ts';
import type { DecideContext, Decision } from './decision.ts';
import { hubHandler, withHubRules } from './hub-rules.ts';
import { applyAll } from './apply.ts';
import { reactionsFolded } from './jobs/reactions.ts';
import { licenceRefusal } from './licence/gate.ts';
import { permissionDenied } from './permissions.ts';
import { handlers } from './registry.ts';

/**
 * The rules alone: the events a command causes, or why it is refused,
 * without the jobs those events cause and without the hub-only rules
 * (hub-rules.ts: fiscal numbers and documents, summaries, corrections). What
 * a device folds for its optimistic view (client/src/sync/view.ts): jobs,
 * numbers and documents are the hub's to make, and a device sees them when
 * the hub's change arrives; leaving them out keeps the print documents' and
 * the tax rules' code out of the page's first load.
 */
export function decideRules(state: State, command: Command, ctx: DecideContext): Decision {
  return decideWith(handlers[command.type] as Handler<CommandType>, state, command, ctx);
}

function decideWith(handler: Handler<CommandType>, state: State, command: Command, ctx: DecideContext): Decision {
  // Permission first: a refused staff member learns nothing about the state.
  const denied = permissionDenied(state, command.type, ctx.actor, ctx.approver ?? null);
  if (denied) return denied;
  // Then the licence: an expired box refuses a new sale whoever asks (gate.ts says what else keeps working).
  const expired = licenceRefusal(command.type, ctx.licence, ctx.now);
  if (expired) return expired;
  return handler(state, command.payload, ctx);
}

/**
 * The one entry to the rules on the hub: given the state and a validated
 * command, the events it causes (with the hub-only rules' events and the jobs
 * they cause) or the code of why it is refused. Pure: no I/O, no clock
 * (ctx.now), no randomness (ids come in the payload).
 */
export function decide(state: State, command: Command, ctx: DecideContext): Decision {
  return decideFolding(state, command, ctx).decision;
}

/**
 * `decide`, and the state after its events (`applyAll(state, events)`; the
 * state itself when refused). Finding the jobs a decision causes already folds
 * its events (reactions.ts); the engine takes that state instead of folding
 * every event of every command twice (issue 20: a cost of each command).
 */
export function decideAndFold(state: State, command: Command, ctx: DecideContext): { decision: Decision; after: State } {
  const { decision, after, folded } = decideFolding(state, command, ctx);
  if (!decision.ok) return { decision, after: state };
  const rest: readonly DomainEvent[] = after ? decision.events.slice(folded) : decision.events;
  return { decision, after: applyAll(after ?? state, rest) };
}

/** The decision, and what finding its jobs folded (reactions.ts `reactionsFolded`). */
function decideFolding(state: State, command: Command, ctx: DecideContext): ReturnType<typeof reactionsFolded> {
  // A command only the hub decides (bill.correct, einvoice.summarize) has its real rule in hub-rules.ts, not the shared registry.
  const handler = hubHandler(command.type) ?? (handlers[command.type] as Handler<CommandType>);
  // The hub-only step (a settled bill's number and fiscal document) and the jobs the events cause
  // join the same decision, hence the same log record.
  return reactionsFolded(state, command.id, ctx.now, withHubRules(state, decideWith(handler, state, command, ctx), ctx.now), ctx.jobs);
}
