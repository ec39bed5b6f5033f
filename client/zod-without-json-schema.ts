import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Leaves zod's JSON Schema generator out of the page. Every zod schema object
 * carries a `toJSONSchema()` method, so importing `z` pulls the generator
 * (`core/to-json-schema.js` and `core/json-schema-processors.js`, ~17 kB
 * before compression) into the device bundle although the page never calls
 * it: the protocol's schemas only validate. The sign-in page's first load has
 * a 150 KB goal (hub/bench/first-load.ts), and these bytes are its largest
 * dead weight.
 *
 * The two modules are replaced, for zod's own imports only, by modules that
 * export the same names (read from the real files, so a zod upgrade that adds
 * a processor still builds) and throw if the page ever generates a JSON
 * Schema. The hub (Node, never bundled) keeps the real generator.
 */
const REPLACED = ['to-json-schema.js', 'json-schema-processors.js'] as const;
const PREFIX = '\0pos-zod-no-json-schema:';

/** The names a zod module exports (`export function x`, `export const x`). */
export function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const m of source.matchAll(/^export (?:function|const|let|class) ([A-Za-z_$][\w$]*)/gm)) names.add(m[1]!);
  return [...names];
}

/** A module with `names` that each throw when the page asks for a JSON Schema. */
export function stubModule(file: string, names: readonly string[]): string {
  const fail = `function unavailable() { throw new Error('zod JSON Schema is not in the device page (client/zod-without-json-schema.ts): ${file}'); }`;
  // The `create…Method` factories run when a schema is built: they must return the (failing) method, not fail.
  const body = names.map((n) => (n.startsWith('create') ? `export const ${n} = () => unavailable;` : `export const ${n} = unavailable;`));
  return [fail, ...body].join('\n');
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'pos-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]zod[\\/]v4[\\/]/.test(importer)) return null;
      const file = REPLACED.find((f) => source.endsWith(`/${f}`));
      if (!file) return null;
      return PREFIX + path.resolve(path.dirname(importer), source);
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const real = id.slice(PREFIX.length);
      return stubModule(path.basename(real), exportedNames(readFileSync(real, 'utf8')));
    },
  };
}
