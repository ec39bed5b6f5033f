import fc from 'fast-check';

/**
 * What an attacker puts where the protocol expects something sane, and the
 * ways a fuzz test bends an otherwise valid envelope: a field replaced by a
 * hostile value, a field dropped, an unexpected field added, the command
 * type swapped. Used by the fuzz tests over HTTP and over the socket.
 */

/** Every name a plain object answers to without holding it, plus `prototype`. */
export const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  '__lookupSetter__',
  'isPrototypeOf',
  'toLocaleString',
] as const;

/** JSON with `depth` nested arrays: deep enough to break a naive recursive walker. */
function nested(depth: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** An object whose own key is `__proto__` (a JSON body can carry one; a literal cannot). */
function withProtoKey(value: unknown): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  Object.defineProperty(o, '__proto__', { value, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Values that are wrong for nearly every field, each a known way to break a parser or a rule. */
export const HOSTILE_VALUES: readonly unknown[] = [
  ...PROTOTYPE_NAMES,
  '',
  ' ',
  'a'.repeat(10_000),
  '\ud800',
  'x\udfffy',
  '\u202eRTL\u202c',
  '\u0000',
  'a\u0000b',
  '😀'.repeat(40),
  '👩‍👩‍👧‍👦',
  '\u2028\u2029',
  'Ω≈ç√∫',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  'p-101\n',
  ' p-101',
  '00000000-0000-0000-0000-000000000000',
  0,
  -0,
  -1,
  0.5,
  1.5,
  -1.5,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 53),
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  true,
  false,
  null,
  [],
  [[]],
  {},
  { length: 1 },
  withProtoKey({ polluted: true }),
  { constructor: { prototype: { polluted: true } } },
  Array.from({ length: 2000 }, (_, i) => i),
  nested(2000),
];

/** A hostile value, drawn from HOSTILE_VALUES or made up by fast-check. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

type Path = readonly (string | number)[];

/** Every path into a JSON value's objects and arrays (the root included). */
export function pathsOf(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...prefix, i], out));
  else if (typeof value === 'object' && value !== null) for (const [k, v] of Object.entries(value)) pathsOf(v, [...prefix, k], out);
  return out;
}

/** A deep copy of `root` with `change` applied to the value at `path` (own entries only). */
export function changeAt(root: unknown, path: Path, change: (value: unknown) => unknown): unknown {
  if (path.length === 0) return change(root);
  const [head, ...rest] = path;
  if (Array.isArray(root)) return root.map((v, i) => (i === head ? changeAt(v, rest, change) : v));
  if (typeof root === 'object' && root !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(root)) {
      const next = k === head ? changeAt(v, rest, change) : v;
      Object.defineProperty(out, k, { value: next, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return root;
}

/** How an envelope is bent before it is sent. */
export type Mutation =
  | { kind: 'none' }
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'drop'; pick: number }
  | { kind: 'extra'; pick: number; key: string; value: unknown }
  | { kind: 'type'; type: unknown };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostileValue }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('extra' as const), pick: fc.nat(), key: fc.oneof(fc.constantFrom(...PROTOTYPE_NAMES), fc.string({ maxLength: 8 })), value: hostileValue }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('type' as const), type: fc.oneof(hostileValue, fc.constantFrom('order.send ', 'ORDER.SEND', 'staff.noteSignIn', 'security.raiseAlert')) }) },
);

/** Applies a mutation to a JSON value (an envelope); paths are chosen by `pick` modulo their count. */
export function mutate(envelope: Record<string, unknown>, m: Mutation): unknown {
  if (m.kind === 'none') return envelope;
  if (m.kind === 'type') return { ...envelope, type: m.type };
  const paths = pathsOf(envelope);
  if (m.kind === 'replace') {
    const path = paths[1 + (m.pick % (paths.length - 1))]!;
    return changeAt(envelope, path, () => m.value);
  }
  if (m.kind === 'drop') {
    const path = paths[1 + (m.pick % (paths.length - 1))]!;
    const parent = path.slice(0, -1);
    const key = path.at(-1)!;
    return changeAt(envelope, parent, (v) => {
      if (Array.isArray(v)) return v.filter((_, i) => i !== key);
      if (typeof v !== 'object' || v === null) return v;
      return Object.fromEntries(Object.entries(v).filter(([k]) => k !== key));
    });
  }
  const objects = paths.filter((p) => {
    let v: unknown = envelope;
    for (const k of p) v = (v as Record<string | number, unknown>)[k];
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  });
  const path = objects[m.pick % objects.length]!;
  return changeAt(envelope, path, (v) => {
    const out = { ...(v as Record<string, unknown>) };
    Object.defineProperty(out, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    return out;
  });
}
