import { z } from 'zod';
import { calendarDaySchema } from './calendar-day.ts';

/**
 * The licence of one box (issue 23, SPEC.md section 1): what the seller's
 * signed code says, and what the hub answers about it. Not a command: the
 * licence is about the box, not the restaurant's business, so it lives in
 * its own file beside the store (hub/licence/README.md) and never in the log.
 */

/** What the seller sells (SPEC.md section 1): with invoicing and ordering, or ordering only; 'demo' for demos and tests. */
export const LICENCE_PLANS = ['invoicing', 'ordering', 'demo'] as const;
export const licencePlanSchema = z.enum(LICENCE_PLANS);
export type LicencePlan = z.infer<typeof licencePlanSchema>;

/** The terms a licence code carries, once its signature is checked. */
export const licenceTermsSchema = z.strictObject({
  /** The hub this code is for: its store id (shown on the licence page), or its serial. */
  hubId: z.string().min(1).max(64),
  plan: licencePlanSchema,
  /** The last day paid for, a Lima calendar day: the box works fully through its end. */
  paidUntil: calendarDaySchema,
  /** The day the seller signed it (the newest code wins when two cover the same day). */
  issued: calendarDaySchema,
});
export type LicenceTerms = z.infer<typeof licenceTermsSchema>;

/**
 * Where a box stands, by the hub's clock:
 * - `paid`: nothing to say;
 * - `notice`: within LICENCE_NOTICE_DAYS of the last paid day: the fee notice;
 * - `grace`: the paid days are over, within LICENCE_GRACE_DAYS: the notice, louder;
 * - `expired`: new orders stop (the expire page); the data stays open;
 * - `trial`: no code typed yet, within the first LICENCE_TRIAL_DAYS from the first start;
 * - `demo`: a demo hub, never locked.
 */
export const LICENCE_STATES = ['demo', 'trial', 'paid', 'notice', 'grace', 'expired'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

/** SPEC.md section 1: a missed payment gets a 3-day grace period, then the account is locked until paid. */
export const LICENCE_GRACE_DAYS = 3;
/** How many days before the last paid day the fee notice shows: SPEC's payment window (April 1-15) is 15 days. */
export const LICENCE_NOTICE_DAYS = 15;
/** SPEC.md section 1: a new customer pays within 7 days of signing; a box with no code works that long from its first start. */
export const LICENCE_TRIAL_DAYS = 7;

/** GET /api/licence: what every signed-in device may know (no code, no key). */
export const licenceStatusSchema = z.strictObject({
  state: z.enum(LICENCE_STATES),
  plan: licencePlanSchema.nullable(),
  /** The last day that works fully (paid, or the trial's last day); null for a demo hub. */
  paidUntil: calendarDaySchema.nullable(),
  /** The last day of the grace period; null for a demo hub. */
  lockedAfter: calendarDaySchema.nullable(),
  /** Whole days from today to paidUntil (negative once past); null for a demo hub. */
  daysLeft: z.number().int().nullable(),
  /** The id a seller signs a code for. */
  hubId: z.string(),
  /**
   * Fingerprints of the seller keys whose codes this box accepts (hub/licence/keys.ts
   * keyFingerprint), so a technician sees which seller key it trusts. Added by the hub's
   * service; absent from the pure domain's answer.
   */
  sellerKeys: z.array(z.string().max(40)).max(8).optional(),
});
export type LicenceStatus = z.infer<typeof licenceStatusSchema>;

/** The longest code a person may type or a scanner may send: a signed code is about 170 characters. */
export const LICENCE_CODE_MAX = 400;

/** POST /api/licence: the code typed or scanned by the owner. */
export const licenceEntrySchema = z.strictObject({ code: z.string().min(1).max(LICENCE_CODE_MAX) });
export type LicenceEntry = z.infer<typeof licenceEntrySchema>;
