import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Every GET route the hub's source declares (a router's get with a quoted path, plus the router's prefix), as
 * the patterns Koa matches ('/api/members/:id'). The privacy test (hub/presenters/member-privacy.test.ts)
 * compares its table of routes with this list, so a route added later cannot slip past it unread.
 * A route built from a template (`/api/members/${which}`) is listed with its known expansions.
 */
const EXPANSIONS: Record<string, readonly string[]> = {
  '/api/members/${which}': ['/api/members/recharges', '/api/members/ledger'],
};

export async function declaredGetRoutes(hubDir: string): Promise<string[]> {
  const found = new Set<string>();
  for (const file of await sourceFiles(hubDir)) {
    const text = await readFile(file, 'utf8');
    // Only files that make a Koa router (not this scanner, whose own text names the call).
    if (!/^import \w+ from '@koa\/router'/m.test(text)) continue;
    const prefix = /new Router\(\{\s*prefix:\s*'([^']+)'/.exec(text)?.[1] ?? '';
    for (const m of text.matchAll(/router\.get\(\s*(['`])([^'`]*)\1/g)) {
      const route = m[2]!;
      const full = prefix + (route === '/' && prefix ? '' : route);
      for (const r of EXPANSIONS[full] ?? [full]) found.add(r);
    }
  }
  return [...found].sort();
}

async function sourceFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'fixtures') out.push(...(await sourceFiles(p)));
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}
