/**
 * Wrong guesses of a member's verification (issue 22 privacy): `order.attachMember` carries the
 * last 4 digits of the member's phone, and a wrong one is MEMBER_VERIFY_FAILED, which changes
 * nothing (so the rules cannot count it). Without a count, a till could try 0000-9999 against a
 * member found by their sequential number and spend their balance. The intake counts here: at
 * most MAX_FAILURES wrong tries for one member within any WINDOW_MS; beyond, every attach of that
 * member is refused with MEMBER_VERIFY_LOCKED (the right digits too) until the oldest try leaves
 * the window, whoever sends it (a guesser changing devices or staff gains nothing): 10,000 codes
 * would take some 500 hours. Other members are not touched. Counted in memory like sign-in failures: a restart forgives, which needs the box in hand.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

export class VerifyGuard {
  /** Member id -> the times of their recent wrong tries (at most MAX_FAILURES kept). */
  private readonly failures = new Map<string, number[]>();
  /** Tries under way (sent to the rules, not answered yet): counted as wrong until answered, so a burst sent at once gains nothing. */
  private readonly pending = new Map<string, number>();

  private readonly clock: () => Date;

  constructor(clock: () => Date = () => new Date()) {
    this.clock = clock;
  }

  /** Takes a try for `memberId`: false (nothing taken) when wrong tries and tries under way reach the limit. */
  begin(memberId: string): boolean {
    const busy = this.pending.get(memberId) ?? 0;
    if (this.recent(memberId).length + busy >= MAX_FAILURES) return false;
    this.pending.set(memberId, busy + 1);
    return true;
  }

  /** Ends a try taken by `begin`; `wrong` when the rules answered MEMBER_VERIFY_FAILED. */
  end(memberId: string, wrong: boolean): void {
    const busy = (this.pending.get(memberId) ?? 1) - 1;
    if (busy > 0) this.pending.set(memberId, busy);
    else this.pending.delete(memberId);
    if (wrong) this.failures.set(memberId, [...this.recent(memberId), this.clock().getTime()].slice(-MAX_FAILURES));
  }

  /** Wrong tries within the window; forgets a member whose tries are all older. */
  private recent(memberId: string): number[] {
    const times = this.failures.get(memberId);
    if (!times) return [];
    const since = this.clock().getTime() - WINDOW_MS;
    const left = times.filter((t) => t > since);
    if (left.length === 0) this.failures.delete(memberId);
    else if (left.length !== times.length) this.failures.set(memberId, left);
    return left;
  }
}
