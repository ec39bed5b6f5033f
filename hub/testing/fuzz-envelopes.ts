import fc from 'fast-check';
import type { Change, CommandReply, CommandType, RolePresetId, State } from '#protocol';
import { COMMAND_ALIAS, COMMAND_TYPES, commandPayloads, ROLE_PRESETS } from '#protocol';
import { mutate, mutation } from './hostile-values.ts';
import { arbitraryOf, type IdPools } from './schema-arbitrary.ts';

/**
 * Command envelopes for the fuzz tests: every command type of the protocol,
 * payloads built from its zod schema with ids the hub really holds, then
 * (most of the time) bent by a mutation. Drawn with a fixed seed, so a
 * failure names the seed and the envelope and can be replayed.
 */

const unique = (xs: readonly string[]) => [...new Set(xs)];

/**
 * The ids a state holds, keyed by the payload field names that refer to
 * them. `spare` ids are left out: the fuzzing staff member's own, so that an
 * owner who fuzzes does not (rightly) disable or demote themself halfway.
 */
export function idPoolsOf(state: State, spare: readonly string[] = []): IdPools {
  const products = Object.values(state.products);
  const orders = Object.values(state.orders);
  const pools: Record<string, string[]> = {
    productId: products.map((p) => p.id),
    tableId: Object.keys(state.tables),
    orderId: orders.map((o) => o.id),
    categoryId: Object.keys(state.categories),
    ids: Object.keys(state.categories),
    areaId: Object.keys(state.areas),
    staffId: Object.keys(state.staff),
    roleId: unique([...Object.keys(state.roles), 'owner', 'waiter']),
    specId: products.flatMap((p) => (p.specs ?? []).map((s) => s.id)),
    lineId: orders.flatMap((o) => (o.lines ?? []).map((l) => l.id)),
    alertId: Object.keys(state.alerts),
    station: state.menuSettings.stations.map((s) => s.id),
  };
  for (const [key, ids] of Object.entries(pools)) pools[key] = ids.filter((id) => !spare.includes(id));
  return { ...pools, any: unique(Object.values(pools).flat()) };
}

/**
 * One envelope as JSON (a plain value: undefined fields are gone, own
 * `__proto__` keys survive). Half of them are of the `favour`ed types when
 * given (what the sender's role may use, so more of them reach the rules).
 */
export function envelopeArbitrary(pools: IdPools, at: string, favour: readonly CommandType[] = []): fc.Arbitrary<unknown> {
  const types = favour.length ? fc.oneof(fc.constantFrom(...COMMAND_TYPES), fc.constantFrom(...favour)) : fc.constantFrom(...COMMAND_TYPES);
  return types
    .chain((type) => fc.record({ type: fc.constant(type), id: fc.uuid({ version: 4 }), payload: arbitraryOf(commandPayloads[type], pools), m: mutation }))
    .map(({ type, id, payload, m }) => {
      const envelope = JSON.parse(JSON.stringify({ id, type, payload, deviceId: 'fuzz-device', at })) as Record<string, unknown>;
      return mutate(envelope, m);
    });
}

/** `count` envelopes drawn with `seed`: the same seed and state give the same envelopes. */
export function drawEnvelopes(state: State, seed: number, count: number, at: string, opts: { spare?: readonly string[]; favour?: readonly CommandType[] } = {}): unknown[] {
  return fc.sample(envelopeArbitrary(idPoolsOf(state, opts.spare), at, opts.favour), { seed, numRuns: count });
}

/** The command types a role preset may send (the fuzzers favour these). */
export function typesOfRole(role: RolePresetId): CommandType[] {
  const aliases = new Set<string>(ROLE_PRESETS[role]);
  return COMMAND_TYPES.filter((type) => aliases.has(COMMAND_ALIAS[type]));
}

/** What one fuzzed envelope got back; `status` is the HTTP status (0 over the socket). */
export type FuzzOutcome = { envelope: unknown; status: number; reply: CommandReply | { error: string } };

/** Runs `send` over `items` with at most `width` in flight, in order of completion. */
export async function runPool<T, R>(items: readonly T[], width: number, send: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      out.push(await send(item));
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

/** The JSON of an envelope cut to a length a failure message can show. */
export function preview(value: unknown, max = 400): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

/** Seqs of the commands the hub accepted (a resent id's repeated answer counts once). */
export function acceptedSeqs(outcomes: readonly FuzzOutcome[]): Set<number> {
  const seqs = new Set<number>();
  for (const o of outcomes) if ('ok' in o.reply && o.reply.ok) seqs.add(o.reply.seq);
  return seqs;
}

/** Events of what the hub records by itself (jobs, printers, the kitchen display). */
const HUB_OWN_WORK = /^(job|printer|kds)\./;

/**
 * The records since `seqBefore` that no fuzzed command made: the hub's own
 * work (print jobs started and finished, a printer's status, the setup slip
 * of a receipt printer the fuzzer saved), and the event types among them
 * that are not such work (which must be none).
 */
export function hubOwnRecords(changes: readonly Change[] | null, accepted: ReadonlySet<number>): { count: number; foreign: string[] } {
  const own = (changes ?? []).filter((c) => !accepted.has(c.seq));
  const foreign = own.flatMap((c) => c.events.map((e) => e.type)).filter((type) => !HUB_OWN_WORK.test(type));
  return { count: own.length, foreign };
}
