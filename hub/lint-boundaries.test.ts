import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of hub/README.md and client/src/README.md are lint rules
 * (eslint.config.js). Each case lints a small snippet as if it were a file in a folder and
 * checks the rule fires on a forbidden import and stays quiet on an allowed one, so a
 * boundary cannot silently stop biting when the config or the tree changes.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids ESLint reports for `code` placed at `file` (relative to the project). */
async function rulesFiredAt(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const IMPORTS = 'no-restricted-imports';

/** [file, import specifier] pairs a boundary forbids. */
const forbidden: Array<[string, string]> = [
  // hub/protocol: zod and its own files only.
  ['hub/protocol/ids.ts', '../domain/index.ts'],
  ['hub/protocol/ids.ts', '../store/wal.ts'],
  ['hub/protocol/ids.ts', '../../client/src/sync/replica.ts'],
  ['hub/protocol/ids.ts', 'node:crypto'],
  ['hub/protocol/ids.ts', 'koa'],
  ['hub/protocol/features/goods.ts', '../../domain/index.ts'],
  ['hub/protocol/ids.ts', '#domain'],
  // hub/domain: hub/protocol only, no node:*, no client.
  ['hub/domain/apply.ts', '../store/wal.ts'],
  ['hub/domain/apply.ts', '../engine/engine.ts'],
  ['hub/domain/apply.ts', '../sync/socket-limits.ts'],
  ['hub/domain/apply.ts', '../../client/src/sync/replica.ts'],
  ['hub/domain/apply.ts', 'node:crypto'],
  ['hub/domain/apply.ts', 'node:fs'],
  ['hub/domain/apply.ts', 'socket.io'],
  ['hub/domain/dine-in/orders.ts', '../../engine/engine.ts'],
  ['hub/domain/dine-in/orders.ts', '../../../client/src/ui/Layout.tsx'],
  ['hub/domain/apply.ts', '#engine'],
  ['hub/domain/apply.ts', '#hub/store/wal.ts'],
  // hub/store: no domain, engine or transport.
  ['hub/store/snapshot.ts', '../domain/index.ts'],
  ['hub/store/snapshot.ts', '../engine/engine.ts'],
  ['hub/store/snapshot.ts', '../sync/socket-limits.ts'],
  ['hub/store/snapshot.ts', '../http/app.ts'],
  ['hub/store/snapshot.ts', '../presenters/index.ts'],
  ['hub/store/snapshot.ts', 'socket.io'],
  ['hub/store/snapshot.ts', 'koa'],
  ['hub/store/snapshot.ts', '#domain'],
  ['hub/store/fixtures/another-fixture.ts', '../../engine/engine.ts'],
  ['hub/store/snapshot.ts', '../server.ts'],
  // hub/http: never the socket layer.
  ['hub/http/app.ts', '../sync/socket-limits.ts'],
  ['hub/http/routes/commands/commands.ts', '../../../sync/hub-socket.ts'],
  ['hub/http/app.ts', 'socket.io'],
  ['hub/http/app.ts', '#hub/sync/socket-limits.ts'],
  // client/src/ui: no page.
  ['client/src/ui/Layout.tsx', '../pages/staff/AlertsPanel.tsx'],
  ['client/src/ui/Layout.tsx', '../lazy-pages.tsx'],
  ['client/src/ui/dialogs/Confirm.tsx', '../../pages/goods/GoodsBadge.tsx'],
];

/** [file, import specifier] pairs the same boundaries allow. */
const allowed: Array<[string, string]> = [
  ['hub/protocol/ids.ts', 'zod'],
  ['hub/protocol/ids.ts', './errors.ts'],
  ['hub/protocol/features/goods.ts', '../ids.ts'],
  ['hub/domain/apply.ts', '../protocol/index.ts'],
  ['hub/domain/apply.ts', './permissions.ts'],
  ['hub/domain/apply.ts', '#protocol'],
  ['hub/domain/apply.ts', '#hub/protocol/ids.ts'],
  ['hub/domain/dine-in/orders.ts', '../../protocol/index.ts'],
  ['hub/domain/dine-in/orders.ts', '../apply.ts'],
  ['hub/store/snapshot.ts', '../protocol/index.ts'],
  ['hub/store/snapshot.ts', 'node:fs'],
  ['hub/store/snapshot.ts', '#protocol'],
  ['hub/store/snapshot.ts', './wal.ts'],
  // Builds an old-format data directory with the real engine, on purpose (a scoped exception).
  ['hub/store/fixtures/make-format-fixture.ts', '../../engine/engine.ts'],
  ['hub/http/app.ts', '../engine/intake.ts'],
  ['hub/http/app.ts', '#hub/engine/intake.ts'],
  ['client/src/ui/Layout.tsx', '#protocol'],
  ['hub/http/routes/commands/commands.ts', '../../../engine/intake.ts'],
  ['client/src/ui/Layout.tsx', '../sync/view.ts'],
  ['client/src/pages/goods/GoodsPage.tsx', '../../ui/Layout.tsx'],
  // Tests and test helpers reach anything.
  ['hub/domain/apply.test.ts', '../engine/engine.ts'],
  ['hub/store/snapshot.test.ts', '../domain/index.ts'],
  ['hub/testing/test-hub.ts', '../sync/socket-limits.ts'],
];

describe('import boundaries', () => {
  it.each(forbidden)('%s may not import %s', async (file, specifier) => {
    expect(await rulesFiredAt(file, `import '${specifier}';\n`)).toContain(IMPORTS);
    // A re-export crosses the boundary just the same.
    expect(await rulesFiredAt(file, `export * from '${specifier}';\n`)).toContain(IMPORTS);
  });

  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await rulesFiredAt(file, `import '${specifier}';\n`)).not.toContain(IMPORTS);
  });

  it('knows every folder of hub/, so a new one is placed on the map', async () => {
    // By URL: the config is plain JavaScript without type declarations.
    const config = (await import(new URL('../eslint.config.js', import.meta.url).href)) as { HUB_FOLDERS: readonly string[] };
    const { HUB_FOLDERS } = config;
    const folders = readdirSync(path.join(root, 'hub'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(folders.filter((name) => !HUB_FOLDERS.includes(name))).toEqual([]);
  });

  it('a type-only import crosses the boundary too', async () => {
    expect(await rulesFiredAt('hub/domain/apply.ts', "import type { Engine } from '../engine/engine.ts';\nexport type E = Engine;\n")).toContain(IMPORTS);
  });
});

describe('hub/domain reads no clock and no randomness', () => {
  const impure = [
    'export const at = Date.now();',
    'export const at = new Date();',
    'export const at = Date();',
    'export const r = Math.random();',
    'export const id = crypto.randomUUID();',
    'export const t = performance.now();',
  ];
  it.each(impure)('refuses `%s`', async (code) => {
    const fired = await rulesFiredAt('hub/domain/dine-in/orders.ts', code);
    expect(fired.some((id) => id === 'no-restricted-properties' || id === 'no-restricted-syntax')).toBe(true);
  });

  it('allows a date built from a given time, and the clock in a domain test', async () => {
    expect(await rulesFiredAt('hub/domain/apply.ts', "export const at = (iso: string) => new Date(iso).getTime();\n")).toEqual([]);
    expect(await rulesFiredAt('hub/domain/apply.test.ts', 'export const at = new Date(Date.now());\n')).toEqual([]);
  });

  it('leaves the clock alone outside the domain', async () => {
    expect(await rulesFiredAt('hub/engine/engine.ts', 'export const at = Date.now();\n')).toEqual([]);
  });
});
