import {
  LICENCE_GRACE_DAYS,
  LICENCE_NOTICE_DAYS,
  type LicenceStatus,
  type LicenceTerms,
} from '#protocol';
import { businessDayOf } from '../business-day.ts';

/**
 * What the hub knows about its licence, handed to the rules in ctx (the
 * signature was checked before: hub/licence/). `terms` null: no code typed
 * yet, the box runs on its trial, which ends on `trialUntil`.
 */
export type LicenceBasis = {
  hubId: string;
  demo: boolean;
  terms: LicenceTerms | null;
  /** The last day of the trial: the first start's Lima day + LICENCE_TRIAL_DAYS. */
  trialUntil: string;
};

const DAY_MS = 24 * 3600_000;

/** Whole days from one calendar day to another (both YYYY-MM-DD). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The calendar day `days` after `day`. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Where the box stands at `now` (an ISO instant from ctx, never read here).
 * Days are Lima calendar days: a code paid until the 30th works through the
 * 30th in Lima, whatever the UTC date.
 */
export function licenceStatus(basis: LicenceBasis, now: string): LicenceStatus {
  // A demo box that was given a real code behaves as a licensed one (and tests its expiry).
  if (basis.demo && basis.terms === null) return { state: 'demo', plan: 'demo', paidUntil: null, lockedAfter: null, daysLeft: null, hubId: basis.hubId };
  const today = businessDayOf(now, 0);
  const paidUntil = basis.terms?.paidUntil ?? basis.trialUntil;
  const daysLeft = daysBetween(today, paidUntil);
  const lockedAfter = addDays(paidUntil, LICENCE_GRACE_DAYS);
  const base = { plan: basis.terms?.plan ?? null, paidUntil, lockedAfter, daysLeft, hubId: basis.hubId };
  if (daysLeft < -LICENCE_GRACE_DAYS) return { state: 'expired', ...base };
  if (daysLeft < 0) return { state: 'grace', ...base };
  if (basis.terms === null) return { state: 'trial', ...base };
  if (daysLeft <= LICENCE_NOTICE_DAYS) return { state: 'notice', ...base };
  return { state: 'paid', ...base };
}
