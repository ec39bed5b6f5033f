import type { DomainFeature } from '../feature.ts';
import { memberAppliers } from './appliers.ts';
import { memberHandlers } from './handlers.ts';
import { migration8 } from './migration-8.ts';

/**
 * Members and their prepaid balance (issue 22, README.md here): hub-only bucketed slices,
 * one ledger event for every balance move. New slices: store migration 8 gives data of
 * format 7 them empty.
 */
export const membersFeature = {
  name: 'members',
  handlers: memberHandlers,
  appliers: memberAppliers,
  initialState: () => ({ members: {}, memberByPhone: {}, memberByNo: {}, memberByDoc: {}, memberCounters: { memberNo: 0, rechargeNo: 0 } }),
  migrations: [migration8],
} satisfies DomainFeature;
