import { describe, expect, it } from 'vitest';
import type { CommandPayload, State, Takeout, TakeoutStatus } from '#protocol';
import { TAKEOUT_STATUS_LIST } from '#protocol';
import { applyAll } from '../apply.ts';
import { decideOn, deepFreeze, exec, P } from '../test-fixtures.ts';
import { TAKEOUT_MOVES, type TakeoutMove } from './status-table.ts';
import { as, counterOrder, phoneDelivery, S, takeoutRestaurant } from './test-takeouts.ts';

/**
 * The status table of README.md, written out again here by hand (not read from
 * status-table.ts): every command × every status, allowed exactly where the README says,
 * refused with TAKEOUT_BAD_STATUS (and nothing recorded) everywhere else.
 */
const README_TABLE: Record<TakeoutMove, { from: TakeoutStatus[]; to: TakeoutStatus | 'same' }> = {
  'takeout.addLines': { from: [0, 1, 2, 3, 12], to: 'same' },
  'takeout.accept': { from: [0, 1], to: 2 },
  'takeout.refuse': { from: [0, 1], to: 8 },
  'takeout.cancel': { from: [0, 2, 3, 4, 12], to: 6 },
  'takeout.markReady': { from: [2, 3, 12], to: 'same' },
  'takeout.assignRider': { from: [2, 3, 12], to: 3 },
  'takeout.pickedUp': { from: [3], to: 4 },
  'takeout.delivered': { from: [4], to: 7 },
  'takeout.handOver': { from: [2, 12], to: 11 },
  'takeout.close': { from: [7, 10], to: 11 },
};
const FILED: readonly TakeoutStatus[] = [6, 8, 11];

const restaurant = takeoutRestaurant();

/** A live takeout at `status`, shaped so that only its status decides `move` (method, paid, rider as the move needs). */
function at(move: TakeoutMove, status: TakeoutStatus): { state: State; takeoutId: string } {
  const pickup = move === 'takeout.handOver' || move === 'takeout.accept';
  const payload = pickup ? counterOrder(1, { send: false }) : phoneDelivery(1, { send: false });
  const s = exec(restaurant, 'takeout.create', payload, as(S.dispatch)).state;
  const paid = move === 'takeout.delivered' || move === 'takeout.handOver' || move === 'takeout.close';
  const t = s.takeouts[payload.takeoutId] as Takeout;
  const riderId = move === 'takeout.assignRider' ? (status === 3 ? S.beto : null) : S.ana;
  const shaped: Takeout = { ...t, status, paid, riderId, ...(paid ? { orderId: null } : {}) };
  return { state: { ...s, takeouts: { ...s.takeouts, [t.id]: shaped } }, takeoutId: t.id };
}

function send(move: TakeoutMove, s: State, takeoutId: string) {
  const payloads: { [K in TakeoutMove]: CommandPayload<K> } = {
    'takeout.addLines': { takeoutId, lines: [{ lineId: '00000000-0000-4000-8000-00000000aaaa', productId: P.chicha.id, qty: 1, remark: '' }], send: true },
    'takeout.accept': { takeoutId },
    'takeout.refuse': { takeoutId, reason: 'Fuera de zona' },
    'takeout.cancel': { takeoutId, reason: 'El cliente llamó' },
    'takeout.markReady': { takeoutId },
    'takeout.assignRider': { takeoutId, riderId: S.ana },
    'takeout.pickedUp': { takeoutId },
    'takeout.delivered': { takeoutId },
    'takeout.handOver': { takeoutId },
    'takeout.close': { takeoutId },
  };
  return decideOn(s, move, payloads[move] as never, as(S.dispatch));
}

describe('the status table (README.md) is the code’s', () => {
  it('status-table.ts says what the README says', () => {
    for (const [move, row] of Object.entries(README_TABLE)) {
      expect([...TAKEOUT_MOVES[move as TakeoutMove].from], move).toEqual(row.from);
    }
  });

  const pairs = (Object.keys(README_TABLE) as TakeoutMove[]).flatMap((move) => TAKEOUT_STATUS_LIST.map((status) => [move, status] as const));
  it.each(pairs)('%s from status %i', (move, status) => {
    const { state, takeoutId } = at(move, status);
    deepFreeze(state);
    const d = send(move, state, takeoutId);
    const row = README_TABLE[move];
    if (!row.from.includes(status)) {
      // A paid order (status 1: the channel took the money) is a refund's, whatever the table says.
      const code = move === 'takeout.cancel' && status === 1 ? 'TAKEOUT_PAID' : 'TAKEOUT_BAD_STATUS';
      expect(d).toMatchObject({ ok: false, code });
      return;
    }
    if (!d.ok) throw new Error(`${move} from ${status} refused: ${d.code} ${d.message ?? ''}`);
    const after = applyAll(state, d.events);
    const t = after.takeouts[takeoutId];
    if (row.to !== 'same' && FILED.includes(row.to)) {
      expect(t).toBeUndefined();
      const filed = d.events.find((e) => e.type === 'takeout.filed');
      expect(filed && 'takeout' in filed ? filed.takeout.status : null).toBe(row.to);
    } else {
      expect(t?.status).toBe(row.to === 'same' ? status : row.to);
    }
  });
});
