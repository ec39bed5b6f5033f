import type { DomainEvent, EventOf, EventType, Job, JobSpec, State } from '#protocol';
import { apply } from '../apply.ts';
import type { Decision } from '../decision.ts';
import { EINVOICE_REACTORS } from '../einvoice/reactions.ts';
import { EXPORT_REACTORS } from '../exports/reactions.ts';
import { BACKUP_REACTORS } from '../backup/reactions.ts';
import { PRINTING_REACTORS } from '../printing/reactions.ts';
import { DEPOSIT_REACTORS } from '../reservations/deposit-receipt.ts';
import { COUPON_REACTORS } from '../coupons/print.ts';
import { NO_JOBS, type JobLookup } from './lookup.ts';

/**
 * What one event type causes: the jobs to create, given the state right after
 * the event, the hub time of the decision (an event such as `order.sent`
 * carries no time of its own, and a kitchen ticket prints one) and the hub's
 * job table (a reprint copies the job it reprints; keyed reads only).
 */
export type Reactor<T extends EventType> = (event: EventOf<T>, state: State, now: string, jobs?: JobLookup) => JobSpec[];
/** Reactors by event type. */
export type Reactors = { [T in EventType]?: Reactor<T> };

/**
 * Every event that causes a side effect, and which. Printing's entries
 * (`order.sent` -> kitchen tickets, `order.settled` -> receipt and drawer...)
 * live in hub/domain/printing/reactions.ts.
 * A job's payload captures what the runner needs now, so a later change
 * (a dish renamed) does not change a ticket already asked for.
 */
// Marked pure: the merge runs at load, and a bundler that cannot tell it has no side effect keeps
// it (with every reactor and the print documents and tax rules they reach) in the device's page,
// which only folds `decideRules` and never reacts.
const REACTORS: Reactors = /* @__PURE__ */ mergeReactors(
  {
    'job.testRequested': (e) => [
      { kind: 'test.echo', payload: { text: e.text } },
      { kind: 'test.mark', payload: { text: e.text } },
    ],
  },
  PRINTING_REACTORS,
  EINVOICE_REACTORS,
  EXPORT_REACTORS,
  DEPOSIT_REACTORS,
  COUPON_REACTORS,
  BACKUP_REACTORS,
);

/**
 * Several features' reactors as one: an event two features react to
 * (`order.settled`: the receipt and the e-invoice) causes both's jobs, in the
 * order the sets are given (so adding a feature never renumbers another's jobs).
 */
export function mergeReactors(...sets: Reactors[]): Reactors {
  const merged: Partial<Record<EventType, Reactor<EventType>[]>> = {};
  for (const set of sets) {
    for (const type of Object.keys(set) as EventType[]) (merged[type] ??= []).push(set[type] as Reactor<EventType>);
  }
  const out: Record<string, Reactor<EventType>> = {};
  for (const [type, list] of Object.entries(merged)) {
    out[type] = list.length === 1 ? list[0]! : (event, state, now, jobs) => list.flatMap((reactor) => reactor(event, state, now, jobs));
  }
  return out as Reactors;
}

/** The jobs one event causes; `state` is the state with this event already folded in, `now` the decision's hub time, `jobs` the hub's job table. */
export function reactions(event: DomainEvent, state: State, now: string, jobs: JobLookup = NO_JOBS): JobSpec[] {
  const reactor = REACTORS[event.type] as Reactor<EventType> | undefined;
  return reactor ? reactor(event, state, now, jobs) : [];
}

/** The id of the `index`-th job a command causes: derived, so deciding again yields the same. */
export function jobIdOf(commandId: string, index: number): string {
  return `${commandId}.${index}`;
}

/**
 * Appends a `job.created` event for every job the decision's events cause,
 * to the same decision: they are written in the same log record as their
 * cause, so a crash can never keep one without the other.
 */
export function withReactions(state: State, commandId: string, now: string, decision: Decision, jobs: JobLookup = NO_JOBS): Decision {
  return reactionsFolded(state, commandId, now, decision, jobs).decision;
}

/**
 * `withReactions`, and what it had to fold to find the jobs: `after` is the
 * state with the decision's first `folded` events applied (its own events; the
 * `job.created` ones follow them), or undefined when nothing reacts and
 * nothing was folded. The hub's engine goes on from `after` instead of
 * folding the same events a second time (decide.ts `decideAndFold`, issue 20).
 */
export function reactionsFolded(state: State, commandId: string, now: string, decision: Decision, jobs: JobLookup = NO_JOBS): { decision: Decision; after?: State; folded: number } {
  if (!decision.ok || !decision.events.some((e) => Object.hasOwn(REACTORS, e.type))) return { decision, folded: 0 };
  const created: DomainEvent[] = [];
  let after = state;
  for (const event of decision.events) {
    after = apply(after, event);
    for (const spec of reactions(event, after, now, jobs)) {
      const job = { ...spec, id: jobIdOf(commandId, created.length), status: 'pending', attempts: 0, nextAt: now, reason: null, createdAt: now, updatedAt: now } satisfies Job;
      created.push({ type: 'job.created', job });
    }
  }
  return { decision: created.length === 0 ? decision : { ...decision, events: [...decision.events, ...created] }, after, folded: decision.events.length };
}
