import { describe, expect, it } from 'vitest';
import { emptyState } from '#domain';
import { printerSchema, VIRTUAL_PRINTER, type Printer, type State } from '#protocol';
import { firstPrinters } from './first-printer.ts';

/** Which printers an unclaimed hub adds at its start for the setup slip. */
const withPrinters = (...printers: Printer[]): State => {
  const s = emptyState();
  return { ...s, printers: { ...s.printers, ...Object.fromEntries(printers.map((p) => [p.id, p])) } };
};
const usb = (...paths: string[]) => async () => paths;

describe('firstPrinters', () => {
  it.each([
    { name: 'nothing found: nothing added', state: withPrinters(), listUsb: usb(), setupPrinter: null, ids: [] },
    { name: 'USB printers present: each added as a receipt printer', state: withPrinters(), listUsb: usb('/dev/usb/lp0', '/dev/usb/lp1'), setupPrinter: null, ids: ['pr-setup-usb-lp0', 'pr-setup-usb-lp1'] },
    { name: 'the configured network printer first, then USB', state: withPrinters(), listUsb: usb('/dev/usb/lp0'), setupPrinter: { host: '192.168.1.50', port: 9100 }, ids: ['pr-setup-network', 'pr-setup-usb-lp0'] },
    {
      name: 'a receipt printer already there: none added (the slip prints on it)',
      state: withPrinters({ ...VIRTUAL_PRINTER, id: 'pr-caja', name: 'Caja', connection: { type: 'network', host: '10.0.0.9', port: 9100 } }),
      listUsb: usb('/dev/usb/lp0'),
      setupPrinter: { host: '192.168.1.50', port: 9100 },
      ids: [],
    },
    {
      name: 'a kitchen-only printer does not count; a name already taken is not added twice',
      state: withPrinters({ ...VIRTUAL_PRINTER, id: 'pr-k', name: 'Caja USB lp0', receipts: false, connection: { type: 'usb', path: '/dev/usb/lp3' } }),
      listUsb: usb('/dev/usb/lp0', '/dev/usb/lp1'),
      setupPrinter: null,
      ids: ['pr-setup-usb-lp1'],
    },
  ])('$name', async ({ state, listUsb, setupPrinter, ids }) => {
    const found = await firstPrinters(state, { listUsb, setupPrinter });
    expect(found.map((p) => p.id)).toEqual(ids);
    // Each is a valid printer as the protocol takes it, printing receipts.
    for (const p of found) {
      expect(printerSchema.safeParse(p).success).toBe(true);
      expect(p.receipts).toBe(true);
    }
  });
});
