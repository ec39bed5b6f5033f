import { describe, expect, it } from 'vitest';
import type { State } from '#protocol';
import { exec } from '#hub/domain/test-fixtures.ts';
import { printer, ST, stationMenu, withPrinters } from '#hub/domain/printing/test-printers.ts';
import { unroutedStations } from './station-routes.ts';

/** Which stations the banner names (issue 18 item 19), and where it says their dishes print. */

const kitchen = printer('pr-cocina', { name: 'Cocina', stations: [ST.kitchen] });
const caja = printer('pr-caja', { name: 'Caja', receipts: true });
const barScreen = printer('pr-bar', { name: 'Pantalla bar', connection: { type: 'screen' }, stations: [ST.bar] });
/** No printer at all: refused by commands (LAST_PRINTER), built directly as an old store might hold it. */
const noVirtual = (s: State): State => ({ ...s, printers: {} });

describe('unroutedStations', () => {
  it.each<[string, () => State, { id: string; name: string; fallback: string | null }[]]>([
    ['every station printed: none', () => withPrinters(stationMenu(), [kitchen, { ...caja, stations: [ST.bar] }]), []],
    ['a screen for the bar counts', () => withPrinters(stationMenu(), [kitchen, barScreen]), []],
    ['the bar without printer: printed at the counter', () => withPrinters(stationMenu(), [kitchen, caja]), [{ id: ST.bar, name: 'Bar', fallback: 'Caja' }]],
    ['a fresh store: both stations on the virtual printer', () => stationMenu(), [
      { id: ST.kitchen, name: 'Cocina', fallback: 'Virtual' },
      { id: ST.bar, name: 'Bar', fallback: 'Virtual' },
    ]],
    ['no printer at all: nowhere', () => noVirtual(stationMenu()), [
      { id: ST.kitchen, name: 'Cocina', fallback: null },
      { id: ST.bar, name: 'Bar', fallback: null },
    ]],
  ])('%s', (_label, build, expected) => {
    expect(unroutedStations(build())).toEqual(expected);
  });

  it('a station no listed dish names is nobody\'s trouble', () => {
    let s = withPrinters(stationMenu(), [kitchen, caja]);
    for (const p of Object.values(s.products).filter((p) => p.station === ST.bar)) s = exec(s, 'product.setListed', { productId: p.id, listed: false }).state;
    expect(unroutedStations(s)).toEqual([]);
  });

  it('no state yet: none', () => expect(unroutedStations(null)).toEqual([]));
});
