import type { DomainFeature } from '../feature.ts';
import { tallyAppliers } from './appliers.ts';
import { addEntry, removeEntry } from './handlers.ts';

/**
 * The daily bookkeeping (M007): income and expense entries by category,
 * kept under the business day, removed only by marking (README.md). A state
 * from before the slice gets its empty value at open (migrations/index.ts
 * fills every missing slice), so no numbered migration.
 */
export const tallyFeature = {
  name: 'tally',
  handlers: { 'tally.add': addEntry, 'tally.remove': removeEntry },
  appliers: tallyAppliers,
  initialState: () => ({ tallyEntries: {} }),
  migrations: [],
} satisfies DomainFeature;
