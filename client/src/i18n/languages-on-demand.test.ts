import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The first load carries Spanish only: English and Chinese are chunks of
 * their own, fetched when a device picks them (load-language.ts). The bundler
 * splits a module off only if nothing reachable from the entry imports it
 * statically, so this walks the entry's static imports, as the bundler does,
 * and looks for any English or Chinese text file in them.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SRC, '..', '..');
const ENTRY = path.join(SRC, 'main.tsx');

/** `#alias/…` specifiers, through package.json's `imports` (when the project has them). */
function resolveAlias(spec: string): string | null {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { imports?: Record<string, string> };
  for (const [pattern, target] of Object.entries(pkg.imports ?? {})) {
    if (pattern === spec) return path.join(ROOT, target);
    const star = pattern.indexOf('*');
    if (star >= 0 && spec.startsWith(pattern.slice(0, star)) && spec.endsWith(pattern.slice(star + 1))) {
      const middle = spec.slice(star, spec.length - (pattern.length - star - 1));
      return path.join(ROOT, target.replace('*', middle));
    }
  }
  return null;
}

function resolve(from: string, spec: string): string | null {
  if (spec.startsWith('.')) return path.resolve(path.dirname(from), spec);
  if (spec.startsWith('#')) return resolveAlias(spec);
  return null; // a package: not our texts
}

/** The modules a file imports for their values: type-only imports and `import()` are not part of it. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const out: string[] = [];
  for (const node of source.statements) {
    let spec: ts.Expression | undefined;
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) spec = node.moduleSpecifier;
    if (ts.isExportDeclaration(node) && !node.isTypeOnly) spec = node.moduleSpecifier;
    if (spec && ts.isStringLiteral(spec)) {
      const target = resolve(file, spec.text);
      if (target && existsSync(target) && /\.tsx?$/.test(target)) out.push(target);
    }
  }
  return out;
}

function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file));
  }
  return seen;
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

describe('languages loaded on demand', () => {
  const graph = [...staticGraph(ENTRY)].map(rel);

  it('the entry reaches the first load\'s Spanish statically (the default and the fallback), not the signed-in pages\' texts', () => {
    expect(graph).toContain('i18n/languages/es.ts');
    expect(graph).toContain('i18n/load-language.ts');
    expect(graph).toContain('pages/login/i18n/es.ts');
    expect(graph).not.toContain('i18n/languages/es-pages.ts');
    expect(graph.filter((f) => /^pages\/(tables|dinner|payment|goods|staff|jobs|book)\/i18n\//.test(f))).toEqual([]);
    expect(readFileSync(path.join(SRC, 'i18n', 'page-texts.ts'), 'utf8')).toContain("import('./languages/es-pages.ts')");
  });

  it('no English or Chinese text file is imported statically from the entry', () => {
    const foreign = graph.filter((f) => /(^|\/)i18n\/(.*\/)?(en|zh)\.ts$/.test(f));
    expect(foreign).toEqual([]);
  });

  it('English and Chinese are reached through import() in the loader', () => {
    const loader = readFileSync(path.join(SRC, 'i18n', 'load-language.ts'), 'utf8');
    expect(loader).toContain("import('./languages/en.ts')");
    expect(loader).toContain("import('./languages/zh.ts')");
  });
});
