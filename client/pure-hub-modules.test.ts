import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { impureFiles, mayHaveSideEffects, topLevelEffects } from './pure-hub-modules.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('the hub folders the page build treats as free of import-time effects', () => {
  it('every top-level statement in hub/protocol, hub/domain and hub/presenters is a declaration', () => {
    expect(impureFiles(root)).toEqual([]);
  });

  it('refuses a bare import, a top-level call or assignment; passes declarations and continuation lines', () => {
    const source = [
      "import './register.ts';",
      "import { z } from 'zod';",
      "import type { State } from './state.ts';",
      "export { apply } from './apply.ts';",
      'const table = new Map<string, number>();',
      "table.set('a', 1);",
      'registerFeature(dineIn);',
      'window.pos = {};',
      'export const Schema = z.object({',
      '  id: z.string(),',
      '});',
      '/** A comment. */',
      'export function f(): void {',
      '}',
    ].join('\n');
    expect(topLevelEffects(source)).toEqual(["import './register.ts';", "table.set('a', 1);", 'registerFeature(dineIn);', 'window.pos = {};']);
  });

  it('only those folders are marked; the client, node_modules and the hub elsewhere keep their effects', () => {
    expect(mayHaveSideEffects('/repo/hub/protocol/index.ts')).toBe(false);
    expect(mayHaveSideEffects('/repo/hub/domain/dine-in/floor.ts')).toBe(false);
    expect(mayHaveSideEffects('C:\\repo\\hub\\presenters\\slices.ts')).toBe(false);
    expect(mayHaveSideEffects('/repo/hub/server.ts')).toBe(true);
    expect(mayHaveSideEffects('/repo/client/src/main.tsx')).toBe(true);
    expect(mayHaveSideEffects('/repo/client/src/styles.css')).toBe(true);
    expect(mayHaveSideEffects('/repo/node_modules/zod/v4/core/schemas.js')).toBe(true);
  });
});
