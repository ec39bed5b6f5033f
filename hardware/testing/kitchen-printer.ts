import type { Printer } from '#protocol';

/** A network printer at 127.0.0.1:`port` (80 mm, Spanish, no receipts or drawer unless `over` says). */
export function networkPrinter(id: string, name: string, port: number, over: Partial<Printer> = {}): Printer {
  return {
    id,
    name,
    connection: { type: 'network', host: '127.0.0.1', port },
    paper: 80,
    codePage: 'cp858',
    cjk: 'gb18030',
    qr: 'native',
    language: 'es',
    receipts: false,
    prebills: false,
    stations: [],
    drawer: false,
    ...over,
  };
}

/** The kitchen's network printer at 127.0.0.1:`port` as the driver tests configure it (80 mm, drawer on). */
export const kitchenPrinterAt = (port: number): Printer => networkPrinter('kitchen', 'Cocina', port, { drawer: true });
