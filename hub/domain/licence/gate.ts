import type { CommandType } from '#protocol';
import { refuse, type Decision } from '../decision.ts';
import { licenceStatus, type LicenceBasis } from './status.ts';

/**
 * What an expired licence stops: only what STARTS a new sale (a table
 * opened, a take-away or delivery order created or taken in from a channel,
 * a parked order started). Everything else keeps working (README "What an
 * expired licence stops"): a table already eating is served and paid, its
 * e-invoices sent, the day closed, exported and backed up, refunds paid,
 * members and coupons read, and the owner signs in and changes settings. The
 * restaurant's data and the sales it already made are never held hostage;
 * what the fee buys is the next sale.
 */
export const COMMANDS_STOPPED_WHEN_EXPIRED: ReadonlySet<CommandType> = new Set<CommandType>([
  'table.open',
  'table.openMany',
  'takeout.create',
  'takeout.intake',
  'pending.hangUp',
]);

/**
 * The licence rule, before any feature's: ACCOUNT_EXPIRED (SPEC.md section
 * 8) for a new sale once the grace is over. No basis (a device's optimistic
 * view, a test that does not ask): no refusal; the hub always passes one.
 */
export function licenceRefusal(type: CommandType, basis: LicenceBasis | undefined, now: string): Decision | null {
  if (!basis || !COMMANDS_STOPPED_WHEN_EXPIRED.has(type)) return null;
  return licenceStatus(basis, now).state === 'expired' ? refuse('ACCOUNT_EXPIRED') : null;
}
