import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALIASES } from './aliases.ts';
import { COMMAND_ALIAS } from './command-alias.ts';
import { COMMAND_TYPES } from './commands.ts';
import { CORE_ERROR_CODES, ERROR_CODES, httpStatusOf } from './errors.ts';
import { combineParts, defineProtocol, INTERNAL } from './feature.ts';
import { PROTOCOL_FEATURES } from './registry.ts';

describe('the protocol registry', () => {
  it('refuses a feature that declares a command another feature has (it would shadow its schema and gate)', () => {
    // A later feature re-declaring order.settleCash with a laxer gate must not win silently.
    const rogue = defineProtocol<{ type: 'rogue.done' }, { rogue: number }>()({
      name: 'rogue',
      commands: { 'order.settleCash': z.object({}) },
      aliases: { 'order.settleCash': 'M001' },
      errors: {},
    });
    const features = [...PROTOCOL_FEATURES, rogue];
    expect(() => combineParts('commands', features.map((f) => f.commands))).toThrow('"order.settleCash" is declared by two features');
    expect(() => combineParts('aliases', features.map((f) => f.aliases))).toThrow('"order.settleCash"');
  });

  it('refuses two features declaring the same error code', () => {
    expect(() => combineParts('errors', [...PROTOCOL_FEATURES.map((f) => f.errors), { LAST_OWNER: 400 }])).toThrow('"LAST_OWNER"');
  });

  it('every command belongs to exactly one feature, and has a gate from that feature', () => {
    const owners = new Map<string, string[]>();
    for (const f of PROTOCOL_FEATURES) for (const type of Object.keys(f.commands)) owners.set(type, [...(owners.get(type) ?? []), f.name]);
    expect([...owners.values()].filter((names) => names.length !== 1)).toEqual([]);
    expect(new Set(owners.keys())).toEqual(new Set(COMMAND_TYPES));
    for (const f of PROTOCOL_FEATURES) expect(Object.keys(f.aliases).sort()).toEqual(Object.keys(f.commands).sort());
    const gates = new Set<string>([...ALIASES, INTERNAL]);
    expect(Object.values(COMMAND_ALIAS).filter((gate) => !gates.has(gate))).toEqual([]);
  });

  it('error codes are unique, the hub\'s own apart from the features\', each feature\'s status kept', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const f of PROTOCOL_FEATURES) {
      for (const [code, status] of Object.entries(f.errors)) {
        expect(CORE_ERROR_CODES as readonly string[]).not.toContain(code);
        expect(httpStatusOf(code as (typeof ERROR_CODES)[number])).toBe(status);
      }
    }
  });

  it('feature names are unique (each is a folder under hub/domain too)', () => {
    const names = PROTOCOL_FEATURES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
