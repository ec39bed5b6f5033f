import type { TakeoutStatus } from '#protocol';

/**
 * The status machine of a takeout (SPEC.md section 4), as data: for each command, the
 * statuses it may start from and the one it leads to ('same': a flag, not a status). Every
 * pair not listed is refused with TAKEOUT_BAD_STATUS; README.md here prints this table and
 * status-table.test.ts walks every pair. Paid/unpaid checks are the handlers' (TAKEOUT_PAID,
 * TAKEOUT_NOT_PAID): they are about money, not about where the order is.
 */
export const TAKEOUT_MOVES = {
  // More dishes while the order is still at the restaurant (a paid one: TAKEOUT_PAID, its bill is made).
  'takeout.addLines': { from: [0, 1, 2, 3, 12], to: 'same' },
  // A channel's order: the restaurant takes it (then it goes to the kitchen) or refuses it.
  'takeout.accept': { from: [0, 1], to: 2 },
  'takeout.refuse': { from: [0, 1], to: 8 },
  // Anything not yet with the guest. A paid one (1, or `paid`) needs a refund instead.
  'takeout.cancel': { from: [0, 2, 3, 4, 12], to: 6 },
  // The kitchen is done: while it is still at the restaurant.
  'takeout.markReady': { from: [2, 3, 12], to: 'same' },
  // A delivery (method 0) the restaurant took gets a rider; 3 → 3 hands it to another rider.
  'takeout.assignRider': { from: [2, 3, 12], to: 3 },
  'takeout.pickedUp': { from: [3], to: 4 },
  'takeout.delivered': { from: [4], to: 7 },
  // The guest takes it at the counter (method 1, paid): closed.
  'takeout.handOver': { from: [2, 12], to: 11 },
  // The till checks a delivered order (7; 10 is SPEC's "delivery done" a channel may report): closed.
  'takeout.close': { from: [7, 10], to: 11 },
} as const satisfies Record<string, { from: readonly TakeoutStatus[]; to: TakeoutStatus | 'same' }>;

export type TakeoutMove = keyof typeof TAKEOUT_MOVES;

/** Whether `move` may start from `status`. */
export function canMove(move: TakeoutMove, status: TakeoutStatus): boolean {
  return (TAKEOUT_MOVES[move].from as readonly TakeoutStatus[]).includes(status);
}

/** The status `move` leads to from `status` (its own for a flag). */
export function statusAfter(move: TakeoutMove, status: TakeoutStatus): TakeoutStatus {
  const to = TAKEOUT_MOVES[move].to;
  return to === 'same' ? status : to;
}
