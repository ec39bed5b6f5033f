import { deflateRawSync } from 'node:zlib';
import { applyAll, decide } from '../domain/index.ts';
import { snapshotFor } from '../presenters/index.ts';
import type { Command, CommandPayload, CommandType, State } from '../protocol/index.ts';
import { ROLE_PRESET_IDS, ROLE_PRESETS } from '../protocol/index.ts';
import { fmtBytes, fmtInt, isMain, passText, printResult, row, type BenchResult } from './common.ts';
import { bigMenuState } from './menu-2000.ts';

/**
 * "A waiter's snapshot stays under 1 MB" (issue 8): the snapshot each role's
 * device receives (hub/presenters) from a hub holding a 2,000-dish menu, 200
 * tables with an open order of 8 lines each, and the preset roles with one
 * person each. Sizes are of the JSON the socket carries. Members and coupons
 * do not exist yet; they are on-demand data and will not be in it.
 */

export type SnapshotSizeOptions = { dishes: number; orders: number; linesPerOrder: number };
const DEFAULTS: SnapshotSizeOptions = { dishes: 2000, orders: 200, linesPerOrder: 8 };
const GOAL_WAITER_BYTES = 1_000_000;

function exec<K extends CommandType>(state: State, type: K, payload: CommandPayload<K>, n: number): State {
  const command = { id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, type, payload, deviceId: 'bench', at: '2026-01-01T12:00:00.000Z' } as Command;
  const d = decide(state, command, { now: '2026-01-01T12:00:00.000Z', actor: { staffId: null, deviceId: 'bench' } });
  if (!d.ok) throw new Error(`${type} refused: ${d.code} ${d.message ?? ''}`);
  return applyAll(state, d.events);
}

/** Dishes any table may order (no size to pick, not counted, on sale). */
function orderable(state: State): string[] {
  return Object.values(state.products)
    .filter((p) => p.specs.length === 0 && !p.usesInventory && !p.soldOut && p.listed)
    .map((p) => p.id);
}

/** A busy hub: the big menu, every preset role with one person, and `orders` tables each with an open order. */
export function busyState(o: SnapshotSizeOptions = DEFAULTS): State {
  let n = 0;
  const uuid = () => `00000000-0000-4000-9000-${String(++n).padStart(12, '0')}`;
  let state = bigMenuState(o.dishes);
  for (const role of ROLE_PRESET_IDS) state = exec(state, 'role.save', { id: role, name: '', aliases: [...ROLE_PRESETS[role]] }, ++n);
  ROLE_PRESET_IDS.forEach((role, i) => (state = exec(state, 'staff.save', { id: `staff-${role}`, name: `Persona ${role}`, code: String(i + 1), roleId: role }, ++n)));
  state = exec(state, 'area.save', { id: 'area-1', name: 'Salón', sort: 0 }, ++n);
  const dishes = orderable(state);
  for (let t = 0; t < o.orders; t++) {
    const tableId = `t-${t}`;
    state = exec(state, 'table.save', { id: tableId, areaId: 'area-1', name: `M${t + 1}`, type: 'hall', minConsumptionCents: 0, seats: 4, sort: t }, ++n);
    const orderId = uuid();
    state = exec(state, 'table.open', { tableId, orderId, people: 4, customer: { name: '', gender: 0, phone: '', reason: '', remarks: '' } }, ++n);
    const lines = Array.from({ length: o.linesPerOrder }, (_, i) => ({ lineId: uuid(), productId: dishes[(t * o.linesPerOrder + i) % dishes.length]!, qty: 1 + (i % 3), remark: i % 4 === 0 ? 'sin culantro' : '' }));
    state = exec(state, 'order.addLines', { orderId, lines, send: true }, ++n);
  }
  return state;
}

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/** What permessage-deflate puts on the wire for it (hub/sync/socket-server.ts deflates messages past 32 KB). */
const wireBytesOf = (value: unknown) => deflateRawSync(JSON.stringify(value)).length;

export async function run(options: Partial<SnapshotSizeOptions> = {}): Promise<BenchResult> {
  const o = { ...DEFAULTS, ...options };
  const state = busyState(o);
  const source = { storeId: 'bench', seq: 1, state };
  const figures: Record<string, number> = { hubStateBytes: bytesOf(state) };
  for (const role of ['owner', 'manager', 'cashier', 'waiter', 'kitchen'] as const) {
    const snap = snapshotFor(source, `staff-${role}`);
    figures[`${role}Bytes`] = bytesOf(snap);
    figures[`${role}WireBytes`] = wireBytesOf(snap);
  }
  const wire = figures.waiterWireBytes!;
  const label = `${fmtInt(o.dishes)} dishes, ${fmtInt(o.orders)} open orders of ${o.linesPerOrder} lines`;
  const both = (r: string) => `${fmtBytes(figures[`${r}WireBytes`]!)} (JSON ${fmtBytes(figures[`${r}Bytes`]!)})`;
  const rows = [
    row(`waiter's snapshot on the wire (${label})`, both('waiter'), '< 1 MB', '-', passText(wire < GOAL_WAITER_BYTES, '< 1 MB'), wire < GOAL_WAITER_BYTES),
    ...(['kitchen', 'cashier', 'manager', 'owner'] as const).map((r) => row(`${r}'s snapshot on the wire`, both(r))),
    row("the hub's whole state, as JSON (never sent whole)", fmtBytes(figures.hubStateBytes!)),
  ];
  return {
    name: 'snapshot-size',
    rows,
    figures,
    notes: ['Snapshot per role (hub/presenters), deflated as the socket sends it (permessage-deflate past 32 KB); JSON: what the device parses and keeps.'],
  };
}

if (isMain(import.meta.url)) printResult(await run());
