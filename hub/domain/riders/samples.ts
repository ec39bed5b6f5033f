import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';

/** Sample commands of the riders feature, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('rider.save', { staffId: 'rider-1', avatar: { initials: 'AR', color: 'teal' }, number: '07', level: 2, kind: 'own', phone: '987654321' }),
  command('rider.handIn', { id: 'hi-1', riderId: 'rider-1', cents: 6200 }),
];
