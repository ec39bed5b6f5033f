import type { Printer } from '#protocol';

/** The kitchen's network printer at 127.0.0.1:`port` as the driver tests configure it (80 mm, drawer on). */
export const kitchenPrinterAt = (port: number): Printer => ({
  id: 'kitchen',
  name: 'Cocina',
  connection: { type: 'network', host: '127.0.0.1', port },
  paper: 80,
  codePage: 'cp858',
  cjk: 'gb18030',
  qr: 'native',
  language: 'es',
  receipts: false,
  prebills: false,
  stations: [],
  drawer: true,
});
