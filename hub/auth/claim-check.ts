import { isClaimed } from '#domain';
import { refused, type AuthService, type Outcome } from './auth-service.ts';
import { claimKeys } from './attempt-keys.ts';
import type { ClaimCode } from './claim.ts';
import type { Caller } from './sign-in.ts';

/**
 * The claim code checked as for claiming, for everything only the person
 * holding the setup slip may do on an unclaimed hub (claim it, restore a
 * backup onto it): counted per address before anything is awaited, then the
 * hub-wide pace (which never locks). Does not consume the code.
 */
export async function checkClaimCode(auth: AuthService, claim: ClaimCode | null, code: string, caller: Caller): Promise<Outcome<ClaimCode>> {
  if (isClaimed(auth.engine.state)) return refused('ALREADY_CLAIMED');
  const reservation = auth.reserve(claimKeys(caller.ip));
  if (!reservation.ok) return reservation;
  const pace = auth.claimPace.take();
  if (pace > 0) {
    reservation.refund();
    return refused('TOO_MANY_ATTEMPTS', { retryAfter: pace });
  }
  if (!claim || !claim.matches(code)) {
    await auth.failed(reservation, 'wrong or expired claim code', `address ${caller.ip}`, null, null);
    return refused('CLAIM_CODE_INVALID', { message: 'claimCode' });
  }
  reservation.refund();
  return { ok: true, value: claim };
}
