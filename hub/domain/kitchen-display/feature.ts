import type { DomainFeature } from '../feature.ts';
import type { Migration } from '../migrations/index.ts';
import { kitchenDisplayAppliers } from './appliers.ts';
import { kitchenDisplayHandlers } from './handlers.ts';

/**
 * The kitchen display (README.md): kitchen tickets shown on a station's
 * screen, bumped when done, recalled. Older data has no `kitchenDisplay`
 * slice: store migration 5 fills missing slices from `emptyState()`.
 */
export const kitchenDisplayFeature = {
  name: 'kitchen-display',
  handlers: kitchenDisplayHandlers,
  appliers: kitchenDisplayAppliers,
  initialState: () => ({ kitchenDisplay: { tickets: {}, bumps: 0 } }),
  migrations: [] as readonly Migration[],
} satisfies DomainFeature;
