import type { State } from '#protocol';
import type { Migration } from '../migrations/index.ts';

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null;

/**
 * Store migration 8 (issue 22): the members slices. Data of format 7 has no members: it
 * gains them empty, the counters at zero. The number matters more than the transform: an
 * older hub refuses a format-8 store rather than meeting `member.*` events it cannot fold.
 * Pure, and a no-op on a state that has them.
 */
export const migration8: Migration = {
  version: 8,
  name: 'members slices',
  up: (state: State): State => {
    const s = state as Partial<State> & State;
    return {
      ...state,
      members: isObject(s.members) ? s.members : {},
      memberByPhone: isObject(s.memberByPhone) ? s.memberByPhone : {},
      memberByNo: isObject(s.memberByNo) ? s.memberByNo : {},
      memberByDoc: isObject(s.memberByDoc) ? s.memberByDoc : {},
      memberCounters: isObject(s.memberCounters) ? s.memberCounters : { memberNo: 0, rechargeNo: 0 },
    };
  },
};
