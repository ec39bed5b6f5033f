import type { CommandPayload, RiderProfile, State } from '#protocol';
import { defaultRiderProfile } from '#protocol';
import type { Handlers } from '../feature.ts';
import { accept, refuse, type DecideContext, type Decision } from '../decision.ts';
import { getOwn } from '../records.ts';

/** The preset role a rider has (hub/protocol/features/staff.ts): a rider is staff with it. */
export const RIDER_ROLE = 'rider';

/** Why a staff id is not a rider: unknown (NOT_FOUND) or of another role (NOT_A_RIDER); null when it is one. */
export function notARider(s: State, staffId: string): Decision | null {
  const staff = getOwn(s.staff, staffId);
  if (!staff) return refuse('NOT_FOUND', 'staffId');
  if (staff.roleId !== RIDER_ROLE) return refuse('NOT_A_RIDER');
  return null;
}

export const ridersHandlers = {
  /**
   * The owner's (or a manager's) part of a rider: avatar, number, level, kind, phone. The sent
   * count and the cash held are the hub's and are kept as they were.
   */
  'rider.save': (s: State, p: CommandPayload<'rider.save'>): Decision => {
    const denied = notARider(s, p.staffId);
    if (denied) return denied;
    if (p.number !== '') {
      // Bounded: riders are some of the restaurant's people (tens).
      const taken = Object.values(s.riders).some((r) => r.staffId !== p.staffId && r.number.toLowerCase() === p.number.toLowerCase());
      if (taken) return refuse('RIDER_NUMBER_TAKEN');
    }
    const before = getOwn(s.riders, p.staffId) ?? defaultRiderProfile(p.staffId);
    const rider: RiderProfile = { ...before, ...p };
    return accept([{ type: 'rider.saved', rider }]);
  },

  /**
   * Cash a rider hands in at the till: never more than they hold (what the collections
   * added up to, less what they handed in already), only into an open shift's drawer.
   */
  'rider.handIn': (s: State, p: CommandPayload<'rider.handIn'>, ctx: DecideContext): Decision => {
    if (!s.openShift) return refuse('NO_OPEN_SHIFT');
    const rider = getOwn(s.riders, p.riderId);
    // A rider with no profile never collected anything; a profile's staff may have left the rider role and still owe.
    if (!rider) return notARider(s, p.riderId) ?? refuse('RIDER_HANDIN_TOO_LARGE', '0');
    if (rider.lastHandInId === p.id) return refuse('RIDER_HANDIN_DONE');
    if (p.cents > rider.heldCents) return refuse('RIDER_HANDIN_TOO_LARGE', String(rider.heldCents));
    return accept([{ type: 'rider.handedIn', handIn: { id: p.id, riderId: p.riderId, cents: p.cents, expectedCents: rider.heldCents, at: ctx.now, by: ctx.actor.staffId } }]);
  },
} satisfies Partial<Handlers>;
