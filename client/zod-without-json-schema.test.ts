import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportedNames, stubModule } from './zod-without-json-schema.ts';

const zodDir = path.dirname(createRequire(import.meta.url).resolve('zod/package.json'));
const real = (file: string) => readFileSync(path.join(zodDir, 'v4', 'core', file), 'utf8');

/** Runs a generated stub as a module and returns its exports. */
async function load(source: string): Promise<Record<string, unknown>> {
  return (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as Record<string, unknown>;
}

describe('zod without its JSON Schema generator in the page', () => {
  it('the stubs export every name zod imports from the two modules', () => {
    const processors = exportedNames(real('json-schema-processors.js'));
    expect(processors).toEqual(expect.arrayContaining(['stringProcessor', 'aggregateChecks', 'allProcessors', 'toJSONSchema']));
    const generator = exportedNames(real('to-json-schema.js'));
    expect(generator).toEqual(expect.arrayContaining(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']));
    // Every name classic/schemas.js takes from them is exported by the stub.
    const classic = readFileSync(path.join(zodDir, 'v4', 'classic', 'schemas.js'), 'utf8');
    for (const m of classic.matchAll(/\bprocessors\.(\w+)\(/g)) expect(processors).toContain(m[1]);
  });

  it('building a schema still works; asking for a JSON Schema fails loudly', async () => {
    const stub = await load(stubModule('to-json-schema.js', ['createToJSONSchemaMethod', 'processSchema']));
    // A factory runs while a schema is built: it must hand back the failing method, not fail itself.
    const method = (stub.createToJSONSchemaMethod as () => () => unknown)();
    expect(() => method()).toThrow(/not in the device page/);
    expect(() => (stub.processSchema as () => unknown)()).toThrow(/to-json-schema\.js/);
  });

  it('reads only top-level exports', () => {
    expect(exportedNames('export function a() {}\nexport const b = 1;\n  export const inner = 2;\nconst c = 3;')).toEqual(['a', 'b']);
  });
});
