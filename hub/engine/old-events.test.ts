import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DomainEvent, Order, OrderLine } from '#protocol';
import { LINE_DEFAULTS, UNTOUCHED_LINE } from '#protocol';
import { applyAll, migrate } from '#domain';
import type { FixtureScript } from '#hub/store/fixtures/make-format-fixture.ts';
import { readSnapshot } from '#hub/store/snapshot.ts';
import { useTempDirs } from '#hub/store/test-fixtures.ts';
import { useEngines } from './test-fixtures.ts';

/**
 * The appliers take today's events as they are (issue 20): an older hub's
 * `table.opened` and `order.linesAdded` are completed once, when recovery reads
 * the log back (hub/domain/migrations `upgradeEvents`). A device that catches
 * up from the hub's recent changes after an update (changesSince, the change
 * buffer recovery fills) must get them completed too, or its copy would hold
 * lines without today's fields while the hub's has them.
 */
const dirs = useTempDirs('pos-old-events-');
const engines = useEngines();
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../store/fixtures');
const FILLED = Object.keys(UNTOUCHED_LINE) as (keyof typeof UNTOUCHED_LINE)[];

const linesOf = (events: readonly DomainEvent[]): OrderLine[] =>
  events.flatMap((e) => (e.type === 'order.linesAdded' ? e.lines : e.type === 'table.opened' ? e.order.lines : []));
const ordersOf = (events: readonly DomainEvent[]): Order[] => events.flatMap((e) => (e.type === 'table.opened' ? [e.order] : []));

describe('an older hub\'s log: the changes a device catches up from are of today\'s shape', () => {
  it.each([1, 3, 4])('format-%i fixture: every line and order in changesSince has the format-5 fields, and folding them on the snapshot gives the hub\'s state', async (format) => {
    const dir = await dirs.make();
    await fs.cp(path.join(FIXTURES, `format-${format}`), dir, { recursive: true });
    const script = JSON.parse(await fs.readFile(path.join(dir, 'commands.json'), 'utf8')) as FixtureScript;
    const snap = await readSnapshot(dir);
    const engine = await engines.open({ dir, clock: () => new Date(script.clock), snapshotEvery: 1_000_000 });
    const changes = engine.changesSince(snap!.seq);
    expect(changes).not.toBeNull();
    const events = changes!.flatMap((c) => c.events);
    // The fixture's log has dishes added after its snapshot (else this test proves nothing).
    expect(linesOf(events).length).toBeGreaterThan(0);
    for (const line of linesOf(events)) for (const k of FILLED) expect(line[k], k).toEqual(LINE_DEFAULTS[k]);
    for (const order of ordersOf(events)) {
      expect(order.depositCents).toBe(0);
      expect(order.mergedTableIds).toEqual([]);
    }
    // A device holding the snapshot's state (as today's hub sends it) folds the changes into the hub's state.
    const device = applyAll(migrate(snap!.state, snap!.format).state, events);
    expect(device.orders).toEqual(engine.state.orders);
    expect(device.tables).toEqual(engine.state.tables);
  });
});
