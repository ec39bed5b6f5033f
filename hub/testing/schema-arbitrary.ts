import fc from 'fast-check';
import type { z } from 'zod';
import { idSchema } from '#protocol';

/**
 * fast-check arbitraries read off the protocol's own zod schemas, for the
 * fuzz tests: a value that (mostly) passes the schema, built from the
 * schema's definition (zod 4: `schema._zod.def`), so a field added to a
 * command is fuzzed without anyone writing a generator for it. Ids are drawn
 * from pools of ids the hub really holds (by field name), so that many
 * generated commands reach the rules and some are accepted.
 */

/** The slice of a zod 4 definition this walker reads; anything else falls back to "any JSON". */
type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: readonly z.ZodType[];
  entries?: Record<string, string | number>;
  values?: readonly unknown[];
  format?: string;
  checks?: readonly { _zod: { def: CheckDef } }[];
  in?: z.ZodType;
};
type CheckDef = { check: string; minimum?: number; maximum?: number; value?: number; inclusive?: boolean; pattern?: RegExp; format?: string };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Ids the hub holds, by the field names that refer to them; `any` holds all of them. */
export type IdPools = Record<string, readonly string[]> & { any: readonly string[] };

/** The pool a field of this name draws its ids from. */
function poolFor(pools: IdPools, key: string): readonly string[] {
  const singular = key.replace(/Ids$/, 'Id').replace(/s$/, '');
  return [pools[key], pools[singular]].find((p) => p !== undefined && p.length > 0) ?? pools.any;
}

type Bounds = { min?: number; max?: number; pattern?: RegExp };

function boundsOf(def: Def): Bounds {
  const out: Bounds = {};
  for (const c of def.checks ?? []) {
    const d = c._zod.def;
    if (d.check === 'min_length' || d.check === 'length_equals') out.min = d.minimum;
    if (d.check === 'max_length') out.max = d.maximum;
    if (d.check === 'greater_than' && d.value !== undefined) out.min = d.inclusive ? d.value : d.value + 1;
    if (d.check === 'less_than' && d.value !== undefined) out.max = d.inclusive ? d.value : d.value - 1;
    if (d.check === 'string_format' && d.pattern) out.pattern = d.pattern;
  }
  return out;
}

/** Strings a pattern-checked field might take (a phone, a staff number, a USB printer's device); the first that fits is offered. */
const PATTERN_CANDIDATES = ['', '7', '42', '123456', '+51987654321', 'abc', '/dev/usb/lp0'];

function stringArbitrary(def: Def, key: string, pools: IdPools): fc.Arbitrary<string> {
  if (def.format === 'uuid') {
    // A uuid field either creates something (fresh) or names something held (order lines).
    const held = poolFor(pools, key);
    return held.length && held !== pools.any ? fc.oneof(fc.uuid({ version: 4 }), fc.constantFrom(...held)) : fc.uuid({ version: 4 });
  }
  if (def.format === 'datetime') return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  const b = boundsOf(def);
  if (b.pattern) {
    const fits = PATTERN_CANDIDATES.filter((c) => b.pattern!.test(c) && c.length >= (b.min ?? 0));
    return fits.length ? fc.constantFrom(...fits) : fc.constant('');
  }
  return fc.string({ minLength: b.min ?? 0, maxLength: Math.min(b.max ?? 20, 20) });
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  const b = boundsOf(def);
  const min = Math.max(b.min ?? -1000, -1_000_000);
  const max = Math.min(b.max ?? 1000, 1_000_000);
  return def.format === 'safeint' || def.format === 'int32' ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
}

/**
 * An arbitrary of values that satisfy `schema` (nearly always: refinements
 * across fields are not read), ids taken from `pools` by field name.
 */
export function arbitraryOf(schema: z.ZodType, pools: IdPools, key = ''): fc.Arbitrary<unknown> {
  if (schema === idSchema) {
    const pool = poolFor(pools, key);
    return fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: fc.stringMatching(/^fz-[a-z0-9]{1,8}$/) });
  }
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, key, pools);
    case 'number':
      return numberArbitrary(def);
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'null':
      return fc.constant(null);
    case 'optional':
      return fc.option(arbitraryOf(def.innerType!, pools, key), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(arbitraryOf(def.innerType!, pools, key), { nil: null, freq: 4 });
    case 'default':
    case 'readonly':
    case 'catch':
      return arbitraryOf(def.innerType!, pools, key);
    case 'pipe':
      return arbitraryOf(def.in!, pools, key);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => arbitraryOf(o, pools, key)));
    case 'array': {
      const b = boundsOf(def);
      return fc.array(arbitraryOf(def.element!, pools, key), { minLength: b.min ?? 0, maxLength: Math.min(b.max ?? 3, 3) });
    }
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, arbitraryOf(v, pools, k)]));
      // Optional fields come out as `undefined` (then JSON leaves them out): every field is "required" here.
      return fc.record(fields);
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A path into a payload: object keys and array indexes. */
export type ValuePath = readonly (string | number)[];

/**
 * Where `value` holds an id according to `schema`: every path whose schema
 * is the protocol's idSchema (directly, or as the non-empty side of an
 * optional reference such as a dish's station).
 */
export function idPathsOf(schema: z.ZodType, value: unknown, at: ValuePath = []): ValuePath[] {
  if (schema === idSchema) return typeof value === 'string' ? [at] : [];
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'readonly':
      return value === undefined || value === null ? [] : idPathsOf(def.innerType!, value, at);
    case 'union':
      return typeof value === 'string' && value !== '' && (def.options ?? []).includes(idSchema) ? [at] : [];
    case 'array':
      return Array.isArray(value) ? value.flatMap((v, i) => idPathsOf(def.element!, v, [...at, i])) : [];
    case 'object': {
      if (typeof value !== 'object' || value === null) return [];
      const record = value as Record<string, unknown>;
      return Object.entries(def.shape ?? {}).flatMap(([k, v]) => (Object.hasOwn(record, k) ? idPathsOf(v, record[k], [...at, k]) : []));
    }
    default:
      return [];
  }
}
