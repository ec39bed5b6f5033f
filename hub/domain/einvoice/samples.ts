import type { Command, FiscalSettings } from '#protocol';
import { command } from '../test-fixtures.ts';
import { fiscalSettingsTemplate } from './settings.ts';

/** Complete fiscal settings of a sample restaurant (RUC with a right check digit, Lima Cercado). */
export const SAMPLE_FISCAL: FiscalSettings = {
  ...fiscalSettingsTemplate(),
  ruc: '20131312955',
  legalName: 'RESTAURANTE EL SABOR S.A.C.',
  tradeName: 'El Sabor',
  address: { street: 'Av. Abancay 123', district: 'Lima', province: 'Lima', department: 'Lima', ubigeo: '150101', establishmentCode: '0000' },
};

/** Sample commands of every e-invoicing command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('fiscal.saveSettings', SAMPLE_FISCAL),
  // The test clock's Lima day (nothing waits in the purity test's states: refused), a day to come, no day at all.
  command('einvoice.summarize', { referenceDate: '2025-03-14' }),
  command('einvoice.summarize', { referenceDate: '2099-01-01' }),
  command('einvoice.summarize', { referenceDate: '2025-02-30' }),
  // No such summary in the purity test's states: refused.
  command('einvoice.requeueSummary', { summaryId: 'RC-20250314-1' }),
];
