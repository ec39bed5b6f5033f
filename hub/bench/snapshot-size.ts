import { deflateRawSync } from 'node:zlib';
import { applyAll, decide } from '#domain';
import { snapshotFor } from '#hub/presenters/index.ts';
import type { Command, CommandPayload, CommandType, State } from '#protocol';
import { packSnapshot, ROLE_PRESET_IDS, ROLE_PRESETS } from '#protocol';
import { fmtBytes, fmtInt, isMain, passText, printResult, row, type BenchResult } from './common.ts';
import { bigMenuState } from './menu-2000.ts';

/**
 * "A waiter's snapshot stays under 1 MB" (issue 8): the snapshot each role's
 * device receives (hub/presenters) from a hub holding a 2,000-dish menu, 200
 * tables with an open order of 8 lines each, and the preset roles with one
 * person each. Sizes are of the JSON the socket carries: the snapshot packed
 * (hub/protocol/snapshot-codec.ts: fields equal to their default left out),
 * which is also what the device parses and keeps; the unpacked JSON is shown
 * beside it for comparison. Members and coupons do not exist yet; they are
 * on-demand data and will not be in it.
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
    const packed = packSnapshot(snap);
    figures[`${role}Bytes`] = bytesOf(packed);
    figures[`${role}WireBytes`] = wireBytesOf(packed);
    figures[`${role}UnpackedBytes`] = bytesOf(snap);
  }
  const json = figures.waiterBytes!;
  const ok = json < GOAL_WAITER_BYTES && figures.waiterWireBytes! < GOAL_WAITER_BYTES;
  const label = `${fmtInt(o.dishes)} dishes, ${fmtInt(o.orders)} open orders of ${o.linesPerOrder} lines`;
  const both = (r: string) => `JSON ${fmtBytes(figures[`${r}Bytes`]!)}, wire ${fmtBytes(figures[`${r}WireBytes`]!)} (unpacked ${fmtBytes(figures[`${r}UnpackedBytes`]!)})`;
  const rows = [
    row(`waiter's snapshot (${label})`, both('waiter'), '< 1 MB', '-', passText(ok, '< 1 MB'), ok),
    ...(['kitchen', 'cashier', 'manager', 'owner'] as const).map((r) => row(`${r}'s snapshot`, both(r))),
    row("the hub's whole state, as JSON (never sent whole)", fmtBytes(figures.hubStateBytes!)),
  ];
  return {
    name: 'snapshot-size',
    rows,
    figures,
    notes: ['Snapshot per role (hub/presenters), packed (hub/protocol/snapshot-codec.ts); JSON: what the device parses and keeps; wire: deflated as the socket sends it (permessage-deflate past 32 KB).'],
  };
}

if (isMain(import.meta.url)) printResult(await run());
