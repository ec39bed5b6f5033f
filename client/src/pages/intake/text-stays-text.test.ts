import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What a web shop sends (a guest's note, a remark, a name) may carry HTML
 * (`<img onerror=…>`); the hub stores it as typed (hub/http/routes/intake).
 * It stays harmless because no page ever turns text into markup: React
 * renders strings as text nodes. This test keeps it so: no page or shared
 * piece of the client may use a way of writing HTML from a string.
 */
const CLIENT_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const HTML_SINKS = /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(|createContextualFragment/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('text from outside stays text', () => {
  it('no client source writes HTML from a string', () => {
    const files = sources(CLIENT_SRC);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.filter((f) => HTML_SINKS.test(readFileSync(f, 'utf8'))).map((f) => path.relative(CLIENT_SRC, f));
    expect(offenders).toEqual([]);
  });
});
