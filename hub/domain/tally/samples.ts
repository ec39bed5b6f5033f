import type { Command } from '#protocol';
import { command } from '../test-fixtures.ts';

const E = '7d1c0c1e-4f7b-4a57-9a43-2f0f1d5b9b01';

/** Sample commands of every bookkeeping command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('tally.add', { id: E, kind: 'expense', category: 'market', amountCents: 12_050, note: 'limones y pescado' }),
  command('tally.remove', { id: E, reason: 'monto equivocado' }),
];
