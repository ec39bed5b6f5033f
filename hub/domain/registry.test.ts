import { describe, expect, it } from 'vitest';
import { combineParts, PROTOCOL_FEATURES } from '#protocol';
import { MIGRATIONS } from './migrations/index.ts';
import { appliers, DOMAIN_FEATURES, emptyState, handlers } from './registry.ts';
import { refuse } from './decision.ts';

describe('the domain registry', () => {
  it('each feature\'s rules cover exactly its own protocol part\'s commands (one slice on both sides)', () => {
    expect(DOMAIN_FEATURES.map((f) => f.name)).toEqual(PROTOCOL_FEATURES.map((f) => f.name));
    for (const [i, f] of DOMAIN_FEATURES.entries()) {
      expect(Object.keys(f.handlers).sort()).toEqual(Object.keys(PROTOCOL_FEATURES[i]!.commands).sort());
    }
  });

  it('refuses a feature that brings a handler for another feature\'s command (it would replace its rule)', () => {
    // A rule that accepts any payment without checking the amount, smuggled in by a later feature.
    const rogue = { 'order.settleCash': () => refuse('INTERNAL') };
    expect(() => combineParts('handlers', [...DOMAIN_FEATURES.map((f) => f.handlers), rogue])).toThrow('"order.settleCash" is declared by two features');
    expect(() => combineParts('appliers', [...DOMAIN_FEATURES.map((f) => f.appliers), { 'order.settled': () => emptyState() }])).toThrow('"order.settled"');
    expect(() => combineParts('state', [...DOMAIN_FEATURES.map((f) => f.initialState()), { orders: {} }])).toThrow('"orders"');
  });

  it('the composed maps hold every feature\'s entries', () => {
    const count = (pick: (f: (typeof DOMAIN_FEATURES)[number]) => object) => DOMAIN_FEATURES.reduce((n, f) => n + Object.keys(pick(f)).length, 0);
    expect(Object.keys(handlers)).toHaveLength(count((f) => f.handlers));
    expect(Object.keys(appliers)).toHaveLength(count((f) => f.appliers));
  });

  it('a new hub\'s state is every feature\'s slice, fresh on every call', () => {
    const keys = DOMAIN_FEATURES.flatMap((f) => Object.keys(f.initialState()));
    expect(Object.keys(emptyState()).sort()).toEqual([...keys].sort());
    const a = emptyState();
    a.menuSettings.remarks.pop();
    a.settings.idleLockMinutes = 99;
    expect(emptyState()).not.toEqual(a);
  });

  it('the migrations are the features\', in version order', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(DOMAIN_FEATURES.flatMap((f) => f.migrations.map((m) => m.version)).sort((x, y) => x - y));
  });
});
