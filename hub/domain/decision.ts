import type { CommandResult, DomainEvent, ErrorCode } from '#protocol';
import type { JobLookup } from './jobs/lookup.ts';
import type { LicenceBasis } from './licence/status.ts';

/** What `decide` returns: events to record, or the one reason it refused. */
export type Decision =
  | { ok: true; events: DomainEvent[]; result: CommandResult }
  | { ok: false; code: ErrorCode; message?: string };

export function accept(events: DomainEvent[], result: CommandResult = {}): Decision {
  return { ok: true, events, result };
}

export function refuse(code: ErrorCode, message?: string): Decision {
  return message === undefined ? { ok: false, code } : { ok: false, code, message };
}

/**
 * The shared registry's entry for a command only the hub decides (its real
 * rule is in hub-rules.ts, which `decide` consults first): a device never
 * decides one, and its optimistic view skips what is refused.
 */
export function hubOnly(): Decision {
  return refuse('FORBIDDEN');
}

/**
 * Everything a rule may know beyond the state and the payload. The hub passes
 * its own clock here so that the rules stay pure and replayable.
 */
export type DecideContext = {
  /** Hub time, ISO 8601. */
  now: string;
  actor: { staffId: string | null; deviceId: string };
  /**
   * A manager who typed their PIN on the same device for this very command
   * (verified by the hub, never read from the payload; hub/domain/approval.ts),
   * or absent/null.
   */
  approver?: string | null;
  /**
   * The hub's job table, for the rules that read a job (retry, reprint,
   * requeue): keyed and indexed questions only (jobs/lookup.ts). Absent where
   * no rule needs it (a device, most tests): no job is known then.
   */
  jobs?: JobLookup;
  /**
   * The box's licence (hub/licence/), for the one rule that reads it
   * (domain/licence/gate.ts: an expired box takes no new sale). Absent on a
   * device and in most tests: no licence rule then.
   */
  licence?: LicenceBasis;
};
