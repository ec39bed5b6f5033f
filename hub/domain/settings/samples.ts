import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';

/** Sample commands of every settings command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('restaurant.rename', { name: 'Otra' }),
  command('settings.save', { ruc: '20131312955', idleLockMinutes: 5 }),
];
