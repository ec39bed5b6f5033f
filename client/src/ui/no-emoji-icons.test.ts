import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No emoji or pictograph characters in the client's code and texts: on a
 * machine without an emoji font they draw as empty boxes (issue 9). Icons
 * come from ui/icons.tsx. Plain typographic marks that every font has
 * (× for quantities, · and … in text, arrows in prose) are not icons.
 */
const PICTOGRAPHS = /[\u{1F000}-\u{1FAFF}\u{2600}-\u{27BF}\u{2B00}-\u{2BFF}\u{2300}-\u{23FF}]|\u{FE0F}/u;
const ROOT = path.resolve(import.meta.dirname, '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(tsx?|css)$/.test(name) && !name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('icons ship with the app', () => {
  it('no source or text file of the client uses an emoji or pictograph', () => {
    const found = files(ROOT).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (PICTOGRAPHS.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 80)}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
