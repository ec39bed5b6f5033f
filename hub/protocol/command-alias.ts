import type { CommandType } from './commands.ts';
import type { Alias } from './staff.ts';

/** The gate of a command the hub records itself (sign-in notes, alerts): no device may send it. */
export const INTERNAL = 'internal' as const;
export type CommandGate = Alias | typeof INTERNAL;

/**
 * Which alias a staff member's role needs to send each command. Typed over
 * every command type, so a new command does not compile until someone
 * decides who may send it. The hub checks it on every command
 * (hub/domain/permissions.ts); the client uses it to hide buttons.
 */
export const COMMAND_ALIAS: Record<CommandType, CommandGate> = {
  'restaurant.rename': 'settings',
  'settings.save': 'settings',
  'area.save': 'settings',
  'table.save': 'settings',

  'category.save': 'M015',
  'category.reorder': 'M015',
  'product.save': 'M015',
  'product.setSoldOut': 'M015',
  'product.setListed': 'M015',
  'product.setSpecSoldOut': 'M015',
  'product.setMany': 'M015',
  'product.adjustStock': 'M015',
  'menu.saveStations': 'M015',
  'menu.saveRemarks': 'M015',
  'menu.import': 'M015',

  'table.open': 'M001',
  'order.addLines': 'M001',
  'order.addCustomDish': 'M001',
  'order.removeLine': 'M001',
  'order.send': 'M001',
  'order.prebill': 'M001',
  'order.cancelPrebill': 'M001',
  'table.clear': 'M001',
  'order.returnLine': 'returnDish',
  'order.settleCash': 'payment',

  'role.save': 'roles',
  'staff.save': 'staff',
  'staff.setDisabled': 'staff',
  'security.dismissAlert': 'staff',
  'staff.noteCredentials': INTERNAL,
  'staff.noteSignIn': INTERNAL,
  'staff.noteSignOut': INTERNAL,
  'security.raiseAlert': INTERNAL,

  // Durable jobs (hub/jobs/README.md): people act only on stuck jobs; the runner records the rest.
  'job.retry': 'settings',
  'job.cancel': 'settings',
  'job.test': 'settings',
  'job.start': INTERNAL,
  'job.finish': INTERNAL,
  'job.recover': INTERNAL,
  'job.prune': INTERNAL,
};
