import type { CommandPayload, State } from '#protocol';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';

/**
 * `backup.run` (gate `settings`): "back up now" from the owner's page, or the
 * hub itself after the nightly export. Only the hub may ask for a `nightly`
 * one: the nights rotate on their own (hub/backup/rotation.ts), and a person's
 * taps must never push a night out. The job follows in the same log record
 * (./reactions.ts); the file itself is the runner's (hub/backup).
 */
export function requestBackup(_s: State, p: CommandPayload<'backup.run'>, ctx: DecideContext): Decision {
  if (p.reason === 'nightly' && ctx.actor.staffId !== null) return refuse('FORBIDDEN', 'reason');
  return accept([{ type: 'backup.requested', reason: p.reason }]);
}
