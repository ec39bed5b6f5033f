import type { Command } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { command } from '../test-fixtures.ts';

/** Sample commands of every printing command type, for the purity test (../purity.test.ts). */
export const SAMPLES: Command[] = [
  command('printer.save', { printer: { ...VIRTUAL_PRINTER, id: 'pr-caja', name: 'Caja', connection: { type: 'network', host: '192.168.1.50', port: 9100 }, drawer: true } }),
  command('printer.save', { printer: { ...VIRTUAL_PRINTER, id: 'pr-bar', name: 'Bar', connection: { type: 'usb', path: '/dev/usb/lp0' }, receipts: false, prebills: false } }),
  command('printer.remove', { printerId: 'virtual' }),
  command('printer.testPrint', { printerId: 'virtual' }),
  command('printer.setupSlip', {}),
  command('print.reprint', { jobId: 'no-such-job' }),
  command('takeout.reprint', { takeoutId: 'no-such-takeout', what: 'slip' }),
  command('printer.reportStatus', { printerId: 'virtual', status: { state: 'needsPerson', reason: 'PAPER_OUT' } }),
];
