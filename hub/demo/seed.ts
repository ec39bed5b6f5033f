import { randomUUID } from 'node:crypto';
import type { Actor, Engine } from '#hub/engine/engine.ts';
import type { Command, CommandPayload, CommandType } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { DEMO_GOODS, DEMO_STATIONS } from './goods-data.ts';
import { DEMO_AREAS, DEMO_CATEGORIES, DEMO_DISHES, DEMO_TABLES } from './menu-data.ts';

export const DEMO_NAME = 'Restaurante Demo';
/** The shift the demo restaurant is open with (float S/ 0): close it to try a handover. */
export const DEMO_SHIFT_ID = 'sh-demo';

/** Builds the commands that set up the demo restaurant (ids are fixed, so seeding twice changes nothing). */
export function demoCommands(deviceId: string, at: string): Command[] {
  const cmd = <K extends CommandType>(type: K, payload: CommandPayload<K>) => ({ id: randomUUID(), type, payload, deviceId, at }) as Command;
  return [
    cmd('restaurant.rename', { name: DEMO_NAME }),
    ...DEMO_CATEGORIES.map((c, i) => cmd('category.save', { id: c.id, names: { ...c.names }, sort: i })),
    cmd('menu.saveStations', { stations: DEMO_STATIONS }),
    // Every station reaches a printer: the virtual one shows the kitchen's and the bar's tickets
    // until the owner adds real printers or screens (issue 18: the bar's chicha reached nobody).
    cmd('printer.save', { printer: { ...VIRTUAL_PRINTER, stations: DEMO_STATIONS.map((st) => st.id) } }),
    ...DEMO_DISHES.map(([code, categoryId, es, en, zh, priceCents], i) => {
      const { stock: _stock, ...extra } = DEMO_GOODS[code] ?? {};
      const station = categoryId === 'cat-bebidas' ? 'st-bar' : 'st-cocina';
      return cmd('product.save', { id: `p-${code}`, code, names: { es, en, zh }, categoryId, priceCents, soldOut: false, listed: true, sort: i, station, ...extra });
    }),
    ...Object.entries(DEMO_GOODS).flatMap(([code, g]) =>
      g.stock ? [cmd('product.adjustStock', { productId: `p-${code}`, op: 'set', qty: g.stock, reason: 'Stock inicial' })] : [],
    ),
    ...DEMO_AREAS.map((a, i) => cmd('area.save', { id: a.id, name: a.name, sort: i })),
    ...DEMO_TABLES.map((t, i) =>
      cmd('table.save', {
        ...t,
        type: t.id === 't-s8' ? 'private_free' : 'hall',
        minConsumptionCents: t.id === 't-s8' ? 20000 : 0,
        sort: i,
      }),
    ),
    // The demo restaurant is open for service: money is taken only inside a shift (hub/domain/shift/README.md).
    cmd('shift.open', { id: DEMO_SHIFT_ID, floatCents: 0 }),
  ];
}

/** Seeds the demo restaurant through the normal command path, only into an empty hub. */
export async function seedDemo(engine: Engine, now: Date): Promise<boolean> {
  if (engine.seq > 0) return false;
  const actor: Actor = { staffId: null, deviceId: 'hub-demo' };
  const replies = await Promise.all(demoCommands(actor.deviceId, now.toISOString()).map((c) => engine.submit(c, actor)));
  const failed = replies.find((r) => !r.ok);
  if (failed && !failed.ok) throw new Error(`demo seed refused: ${failed.code} ${failed.message ?? ''}`);
  return true;
}
