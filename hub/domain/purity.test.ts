import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES, type Command, type CommandType, type State } from '#protocol';
import { apply, applyAll } from './apply.ts';
import { decide } from './decide.ts';
import { DOMAIN_FEATURES, emptyState } from './registry.ts';
import { jobsState } from './jobs/test-jobs.ts';
import { command, ctxAt, deepFreeze, exec, menuState, orderAt, P, uid } from './test-fixtures.ts';

const ORDER = uid(1);

/**
 * At least one command of every type, each feature's own (`samples.ts` in
 * its folder, named by its feature part), gathered from the registry: a
 * feature without samples, or a command type without one, fails below.
 */
async function featureSamples(name: string): Promise<Command[]> {
  const mod: { SAMPLES?: Command[] } = await import(`./${name}/samples.ts`);
  return mod.SAMPLES ?? [];
}
const SAMPLES: Command[] = (await Promise.all(DOMAIN_FEATURES.map((f) => featureSamples(f.name)))).flat();

function toClear(): State {
  return exec(orderAt('sent'), 'order.settleCash', { orderId: ORDER, receivedCents: 100000 }).state;
}

const STATES: [string, () => State][] = [
  ['empty', emptyState],
  ['menu only', menuState],
  ['order open', () => orderAt('open')],
  ['order with unsent lines', () => orderAt('ordered')],
  ['order sent', () => orderAt('sent')],
  ['order pre-billed', () => orderAt('prebilled')],
  ['table to be cleared', toClear],
  ['jobs in every status', jobsState],
];

describe('decide is pure', () => {
  it('the samples cover every command type of the protocol', () => {
    expect(new Set(SAMPLES.map((c) => c.type))).toEqual(new Set(COMMAND_TYPES));
  });

  it.each(DOMAIN_FEATURES.map((f) => [f.name, f] as const))('feature %s gives a sample of each of its own commands', async (name, feature) => {
    const types = new Set((await featureSamples(name)).map((c) => c.type));
    expect(Object.keys(feature.handlers).filter((type) => !types.has(type as CommandType))).toEqual([]);
  });

  const cases = STATES.flatMap(([label, build]) => SAMPLES.map((cmd, i) => [label, i, cmd.type, build, cmd] as const));

  it.each(cases)('on %s, sample %i (%s): never mutates the state it was given', (_label, _i, _type, build, cmd) => {
    const state = build();
    const copy = structuredClone(state);
    deepFreeze(state);
    const decision = decide(state, cmd, ctxAt());
    expect(state).toEqual(copy);
    if (decision.ok) {
      // Applying onto the frozen state must not mutate it either.
      const after = applyAll(state, decision.events);
      expect(state).toEqual(copy);
      // Job events change the hub's job table, not the State (issue 20): a decision whose events are
      // all such (a test print, a reprint) leaves it as it was, and then each of them leaves any state so.
      if (after === state) for (const e of decision.events) expect(apply(copy, e)).toBe(copy);
    }
  });

  it('the same state and command always give the same decision', () => {
    for (const [, build] of STATES) {
      for (const cmd of SAMPLES) expect(decide(build(), cmd, ctxAt())).toEqual(decide(build(), cmd, ctxAt()));
    }
  });

  it('a refusal carries no events and apply is never needed for it', () => {
    const d = decide(deepFreeze(menuState()), command('order.send', { orderId: ORDER }), ctxAt());
    expect(d).toEqual({ ok: false, code: 'ORDER_NOT_OPEN', message: 'orderId' });
    expect('events' in d).toBe(false);
  });

  it('apply leaves every untouched part of the state shared (structural sharing)', () => {
    const s = deepFreeze(orderAt('sent'));
    const next = apply(s, { type: 'product.soldOutSet', productId: P.agua.id, soldOut: true });
    expect(next.orders).toBe(s.orders);
    expect(next.tables).toBe(s.tables);
    expect(next.products[P.lomo.id]).toBe(s.products[P.lomo.id]);
    expect(next.products[P.agua.id]).not.toBe(s.products[P.agua.id]);
  });
});
