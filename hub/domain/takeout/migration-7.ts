import type { State } from '#protocol';
import type { Migration } from '../migrations/index.ts';

/**
 * Store migration 7 (issue 21): the takeout slices. Data of format 6 has no take-away or
 * delivery orders: it gains them empty, with the code counters at zero. The number matters
 * more than the transform: an older hub refuses a format-7 store ("update this hub") rather
 * than meeting `takeout.*` events it cannot fold. Pure, and a no-op on a state that has them.
 */
export const migration7: Migration = {
  version: 7,
  name: 'takeout slices',
  up: (state: State): State => {
    const s = state as Partial<State> & State;
    return {
      ...state,
      takeouts: typeof s.takeouts === 'object' && s.takeouts !== null ? s.takeouts : {},
      takeoutCounters: typeof s.takeoutCounters === 'object' && s.takeoutCounters !== null ? s.takeoutCounters : { day: '', pickupNo: 0, codeNo: 0 },
      takeoutIntakeKeys: typeof s.takeoutIntakeKeys === 'object' && s.takeoutIntakeKeys !== null ? s.takeoutIntakeKeys : {},
    };
  },
};
