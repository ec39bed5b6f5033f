import { z } from 'zod';
import { centsSchema } from '../entities.ts';
import { defineProtocol } from '../feature.ts';
import { idSchema } from '../ids.ts';

/**
 * Riders (issue 21, SPEC.md section 3 "Rider": avatar, name, number, level,
 * sent count, self-operated or freelance). A rider is a staff member whose
 * role is the `rider` preset (hub/protocol/features/staff.ts): their name is
 * the staff name, signing in is the staff sign-in. What staff lacks is kept
 * here, keyed by the staff id: the avatar, the rider's number, level and
 * kind, and two figures only the hub moves: the deliveries made (`sentCount`,
 * on each `takeout.delivered`) and the cash collected at the door not yet
 * handed in at the till (`heldCents`, moved by `order.settled` bills with
 * payments `heldBy` the rider and by `rider.handIn`). hub/domain/riders/README.md.
 */

/** SPEC.md "self-operated or freelance": the restaurant's own rider, or one who works for several. */
export const RIDER_KINDS = ['own', 'freelance'] as const;
export type RiderKind = (typeof RIDER_KINDS)[number];

/** Levels 1 (new) to 5; the restaurant decides what a level means (who gets the long trips). */
export const RIDER_MAX_LEVEL = 5;

/** The avatar's background colours: a small fixed palette, so no colour string travels as free text. */
export const RIDER_COLORS = ['red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'pink', 'slate'] as const;
export type RiderColor = (typeof RIDER_COLORS)[number];

/** A Peruvian mobile: 9 digits starting with 9, optionally after +51 (the team's PHONE_INVALID rule). */
export const PERU_MOBILE = /^(\+51)?9\d{8}$/;

/**
 * The avatar: the rider's initials (up to 3 letters or digits; '' takes them from the staff
 * name) on a colour of a fixed palette. Never an emoji: a till without an emoji font draws
 * one as an empty box (issue 9, client/src/ui/icons.tsx).
 */
export const riderAvatarSchema = z.object({
  initials: z.string().trim().regex(/^[\p{L}\p{N}]{0,3}$/u),
  color: z.enum(RIDER_COLORS),
});
export type RiderAvatar = z.infer<typeof riderAvatarSchema>;

/** What the owner or a manager edits about a rider (the staff name, number and role are the staff page's). */
export const riderInputSchema = z.object({
  staffId: idSchema,
  avatar: riderAvatarSchema,
  /** The rider's number as the restaurant calls them ("07"), unique among riders; '' for none. */
  number: z.string().trim().regex(/^[A-Za-z0-9-]{0,8}$/),
  level: z.int().min(1).max(RIDER_MAX_LEVEL),
  kind: z.enum(RIDER_KINDS),
  /** The rider's mobile, so the till can call them; '' for none. */
  phone: z.string().trim().regex(/^((\+51)?9\d{8})?$/),
});
export type RiderInput = z.infer<typeof riderInputSchema>;

/** A rider as the live state holds them: what the owner set, and what only the hub moves. */
export type RiderProfile = RiderInput & {
  /** Deliveries made (each `takeout.delivered` of an order assigned to them). */
  sentCount: number;
  /** Cash collected at the door and not yet handed in at the till (céntimos, soles). */
  heldCents: number;
  lastDeliveredAt: string | null;
  /** The last hand-in's id: the same dialog confirmed twice (a double tap) hands in once. */
  lastHandInId: string | null;
};

/** The profile of a rider nobody has edited yet (the hub starts one at their first delivery or collection). */
export function defaultRiderProfile(staffId: string): RiderProfile {
  return { staffId, avatar: { initials: '', color: 'slate' }, number: '', level: 1, kind: 'own', phone: '', sentCount: 0, heldCents: 0, lastDeliveredAt: null, lastHandInId: null };
}

/** One hand-in of a rider's cash at the till, as the event records it. */
export type RiderHandIn = {
  id: string;
  riderId: string;
  cents: number;
  /** What the rider held before handing in (what the till expected); what is left is `expectedCents − cents`. */
  expectedCents: number;
  at: string;
  by: string | null;
};

const riderCommandPayloads = {
  'rider.save': riderInputSchema,
  /**
   * Cash a rider collected, handed in at the till: into the open shift's drawer, off what the
   * rider holds. `id` makes it once only (a second tap with the same id is the same hand-in).
   */
  'rider.handIn': z.object({ id: idSchema, riderId: idSchema, cents: centsSchema.min(1) }),
} as const;

export type RidersEvent =
  | { type: 'rider.saved'; rider: RiderProfile }
  | { type: 'rider.handedIn'; handIn: RiderHandIn };

/** The riders slice of the live state: one profile per rider who has one, keyed by staff id. */
export type RidersState = { riders: Record<string, RiderProfile> };

/** Riders: their profiles (staff), their cash handed in at the till (payment). */
export const ridersProtocol = defineProtocol<RidersEvent, RidersState>()({
  name: 'riders',
  commands: riderCommandPayloads,
  aliases: { 'rider.save': 'staff', 'rider.handIn': 'payment' },
  errors: {
    // The staff member's role is not the rider preset.
    NOT_A_RIDER: 409,
    // Another rider already has this number.
    RIDER_NUMBER_TAKEN: 409,
    // More than the rider holds (message: what they hold, in céntimos).
    RIDER_HANDIN_TOO_LARGE: 409,
    // This hand-in was already recorded (the same dialog confirmed twice).
    RIDER_HANDIN_DONE: 409,
  },
});
