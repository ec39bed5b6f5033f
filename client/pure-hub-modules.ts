import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The hub's folders the page imports (protocol, domain, presenters) hold only
 * declarations: schemas, constants and pure functions, nothing that acts when
 * a file is imported. Telling the bundler so (`moduleSideEffects`) lets it
 * leave out every file the page imports through a barrel (`#protocol`,
 * `#domain`) but never uses. Without it, the sign-in page's first load
 * carried the whole domain (every feature's handlers and appliers, ~20 KB
 * compressed) because aliases.ts imports two functions from `#domain`.
 *
 * hub/protocol, hub/domain and hub/presenters must therefore stay free of
 * import-time effects (a bare `import './x.ts'`, a call at a file's top level
 * that registers something elsewhere): pure-hub-modules.test.ts checks that
 * every top-level statement there is a declaration.
 */
export const PURE_HUB_FOLDERS = ['protocol', 'domain', 'presenters'] as const;

const PURE = new RegExp(`[\\\\/]hub[\\\\/](${PURE_HUB_FOLDERS.join('|')})[\\\\/]`);

/** Rolldown's `treeshake.moduleSideEffects`: false for a file of those folders, true for anything else. */
export function mayHaveSideEffects(id: string): boolean {
  return !PURE.test(id);
}

/** The lines of `source` that start a top-level statement other than a declaration (what the check refuses). */
export function topLevelEffects(source: string): string[] {
  const declaration = /^(import [^'"]|import type |export |const |let |function |async function |type |interface |class |abstract class |declare |enum )/;
  return source.split('\n').filter((line) => /^[^\s/*}\])'"`]/.test(line) && !declaration.test(line));
}

/** Every non-test .ts file under `dir`. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The files of the pure folders (under `root`, the repository) with their offending lines. */
export function impureFiles(root: string): { file: string; lines: string[] }[] {
  return PURE_HUB_FOLDERS.flatMap((folder) => sourceFiles(path.join(root, 'hub', folder)))
    .map((file) => ({ file: path.relative(root, file), lines: topLevelEffects(readFileSync(file, 'utf8')) }))
    .filter((f) => f.lines.length > 0);
}
