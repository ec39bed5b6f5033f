// The project's linter (`npm run lint`, part of `npm test`): typescript-eslint's recommended
// rules without type information (fast: no program is built), react-hooks for the client, and
// the import boundaries of hub/README.md and client/src/README.md as `no-restricted-imports`
// patterns. The boundary test (hub/lint-boundaries.test.ts) proves each boundary bites.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** How deep below an area's folder a file may sit; deeper files would escape the boundaries. */
const MAX_DEPTH = 6;

/** Relative specifiers that climb exactly `levels` folders (`../../` for 2). */
const climb = (levels) => `(\\.\\./){${levels}}`;

/** Folders as a regex alternative that must end the path segment: `(a|b)(/|$)`. */
const oneOf = (names) => `(${names.join('|')})(/|\\.ts$|\\.tsx$|$)`;

/**
 * Config blocks for the files of `area` (a folder such as `hub/domain`) at each depth below
 * it, because a relative specifier's meaning depends on where the importing file sits:
 * `../store/x.ts` from `hub/domain/a.ts` is hub/store, from `hub/domain/dine-in/a.ts` it is
 * inside the domain. `patterns(levels)` gets how many `../` reach the area's parent folder.
 */
function perDepth(area, patterns) {
  const blocks = [];
  for (let depth = 0; depth <= MAX_DEPTH; depth += 1) {
    const files = [`${area}/${'*/'.repeat(depth)}*.{ts,tsx}`];
    blocks.push({
      files,
      rules: { 'no-restricted-imports': ['error', { patterns: patterns(depth + 1) }] },
    });
  }
  // Deeper still: no rule above knows how far `../` reaches, so refuse climbing at all there.
  blocks.push({
    files: [`${area}/${'*/'.repeat(MAX_DEPTH + 1)}**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [refuse('^\\.\\./', `Too deep for the boundary rules: raise MAX_DEPTH in eslint.config.js.`)] }],
    },
  });
  return blocks;
}

/** The pattern entry that refuses `regex` with `message`. */
const refuse = (regex, message) => ({ regex, message });

/** Aliases (`#name` or `#hub/name/...`, package.json `imports`) of the given hub folders. */
const hubAliases = (names) => `^#(hub/)?${oneOf(names)}`;

/**
 * Every folder of hub/ (the boundary test fails when one is added and not listed here), plus
 * the top files that wire the whole hub: what store's boundary is drawn against.
 */
export const HUB_FOLDERS = [
  'auth', 'bench', 'demo', 'domain', 'einvoice', 'engine', 'exports', 'goods-io', 'http', 'jobs', 'net',
  'presenters', 'protocol', 'reports', 'store', 'sync', 'testing', 'backup', 'licence', 'update',
];
const HUB_WIRING = ['server', 'main', 'config'];
const hubFoldersBut = (allowed) => [...HUB_FOLDERS, ...HUB_WIRING].filter((name) => !allowed.includes(name));

const protocolBoundary = perDepth('hub/protocol', (up) => [
  refuse(`^${climb(up)}`, 'hub/protocol is the contract: it imports only zod and its own files.'),
  refuse('^(?!\\.|zod$|zod/|#protocol$)', 'hub/protocol imports only zod and its own files.'),
]);

const domainBoundary = perDepth('hub/domain', (up) => [
  refuse(`^${climb(up)}(?!protocol(/|$))`, 'hub/domain imports only hub/protocol (no store, engine, transport or client).'),
  refuse(`^${climb(up + 1)}`, 'hub/domain imports only hub/protocol (never client code).'),
  refuse('^node:', 'hub/domain is pure: no node:* module (no I/O, clock or randomness).'),
  refuse('^(?!\\.|#protocol$|#domain$|#hub/(protocol|domain)/)', 'hub/domain imports only hub/protocol.'),
]);

const storeBoundary = perDepth('hub/store', (up) => [
  refuse(`^${climb(up)}${oneOf(hubFoldersBut(['protocol', 'store']))}`, 'hub/store knows no domain, engine or transport: it stores what it is handed (hub/protocol types only).'),
  refuse(`^${climb(up + 1)}`, 'hub/store never imports client code.'),
  refuse(hubAliases(hubFoldersBut(['protocol', 'store'])), 'hub/store knows no domain, engine or transport.'),
  refuse('^socket\\.io', 'hub/store knows no transport.'),
  refuse('^(koa|@koa/)', 'hub/store knows no transport.'),
]);

const httpBoundary = perDepth('hub/http', (up) => [
  refuse(`^${climb(up)}${oneOf(['sync'])}`, 'hub/http never imports the socket layer (hub/sync): shared code lives in hub/engine.'),
  refuse(hubAliases(['sync']), 'hub/http never imports the socket layer (hub/sync).'),
  refuse('^socket\\.io', 'hub/http never imports the socket layer.'),
]);

const uiBoundary = perDepth('client/src/ui', (up) => [
  refuse(`^${climb(up)}${oneOf(['pages', 'lazy-pages'])}`, 'Shared ui imports no page: app.tsx hands page pieces in (Layout banners, navBadges).'),
  refuse('^#(client/)?pages(/|$)', 'Shared ui imports no page.'),
]);

/** What the domain may not touch at run time: the clock and randomness come in through ctx. */
const domainPurity = {
  files: ['hub/domain/**/*.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'Date', property: 'now', message: 'hub/domain is pure: take the time from ctx.' },
      { object: 'Math', property: 'random', message: 'hub/domain is pure: ids and chance come from the command or ctx.' },
      { object: 'crypto', property: 'randomUUID', message: 'hub/domain is pure: ids come from the command or ctx.' },
      { object: 'crypto', property: 'getRandomValues', message: 'hub/domain is pure: no randomness.' },
      { object: 'performance', property: 'now', message: 'hub/domain is pure: take the time from ctx.' },
    ],
    'no-restricted-syntax': [
      'error',
      { selector: 'NewExpression[callee.name="Date"][arguments.length=0]', message: 'hub/domain is pure: `new Date()` reads the clock; take the time from ctx.' },
      { selector: 'CallExpression[callee.name="Date"]', message: 'hub/domain is pure: `Date()` reads the clock; take the time from ctx.' },
    ],
  },
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**', 'dist/**', 'client/dist/**', 'data/**', 'test-artifacts/**',
      '**/.vite/**', 'hub/store/fixtures/format-*/**', 'hub/goods-io/fixtures/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, but a leading underscore marks a deliberate one (a required
      // parameter, a destructured field left out on purpose).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Off: here a control character in a regex is always the point (safe-log, CSV and XLSX
      // cleaning strip them from hostile input), never a typo.
      'no-control-regex': 'off',
    },
  },
  {
    // The app only: client/e2e drives browsers from Node, where `use…` names are test fixtures.
    files: ['client/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  ...protocolBoundary,
  ...domainBoundary,
  domainPurity,
  ...storeBoundary,
  ...httpBoundary,
  ...uiBoundary,
  {
    // Tests and the helpers that build whole hubs may reach anything: they drive the real
    // thing from outside, and a domain test may read the clock to build its ctx.
    files: ['**/*.test.{ts,tsx}', 'hub/testing/**', 'hub/bench/**', 'hub/demo/**'],
    rules: {
      'no-restricted-imports': 'off',
      'no-restricted-properties': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  {
    // This script builds a data directory of an old store format for the migration tests: it
    // runs the engine on the demo seed on purpose, so it is a test helper living in hub/store.
    files: ['hub/store/fixtures/make-format-fixture.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
