import type { DomainFeature } from '../feature.ts';
import { staffAppliers } from './appliers.ts';
import { staffHandlers } from './handlers.ts';
import { upgradeStaff } from './upgrade.ts';

/**
 * Staff, roles and security alerts. Who may send what is not here: every
 * command's gate is in its own feature's protocol part, checked for all of
 * them by ../permissions.ts before any handler runs.
 */
export const staffFeature = {
  name: 'staff',
  handlers: staffHandlers,
  appliers: staffAppliers,
  initialState: () => ({ staff: {}, roles: {}, alerts: {} }),
  // Migration 2 predates the slices: it also starts the settings and jobs slices of older data.
  migrations: [{ version: 2, name: 'staff, roles, settings, alerts and jobs slices', up: upgradeStaff }],
} satisfies DomainFeature;
