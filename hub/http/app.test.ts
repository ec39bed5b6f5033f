import { request } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderAssets } from './assets.ts';
import { getJson, getState, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

const NOT_BUILT = 'The client is not built. Run: npm run build';

/** GET with node:http, so the path goes out exactly as written (fetch would normalise it). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string; headers: Record<string, string | string[] | undefined> }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Koa app as the hub serves it', () => {
  let t: TestHub;
  beforeAll(async () => {
    t = await startTestHub();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers an unknown /api path with 404 NOT_FOUND, state untouched', async () => {
    const before = await getState(t.url);
    for (const p of ['/api/nothing-here', '/api/', '/api/commands/extra']) {
      const r = await getJson(t.url, p);
      expect(r.status, p).toBe(404);
      expect(r.body).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }
    const post = await fetch(new URL('/api/nothing-here', t.url), { method: 'POST', body: '{}', headers: { cookie: t.cookie } });
    expect(post.status).toBe(404);
    expect(await post.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    expect((await getState(t.url)).seq).toBe(before.seq);
  });

  it('refuses a wrong method on a known route with a code, not a 500', async () => {
    const r = await fetch(new URL('/api/commands', t.url), { headers: { cookie: t.cookie } });
    expect([404, 405]).toContain(r.status);
    if (r.status === 404) expect(await r.json()).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    else await r.arrayBuffer();
  });

  it('GET / serves the client page, or says plainly that it is not built; never a 500', async () => {
    const res = await fetch(new URL('/', t.url));
    const text = await res.text();
    if (res.status === 503) {
      expect(text).toBe(NOT_BUILT);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    } else {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(text.toLowerCase()).toContain('<html');
    }
  });

  it('answers a path it cannot decode with 400 INCORRECT_INPUT, never a 500', async () => {
    for (const p of ['/%E0%A4%A', '/%', '/assets/%zz.js']) {
      const r = await rawGet(t.url, p);
      expect(r.status, p).toBe(400);
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    }
  });
});

describe('the client files', () => {
  let t: TestHub;
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pos-client-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'index.html'), '<!doctype html><html><body>POS</body></html>');
    await writeFile(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
    await writeFile(path.join(path.dirname(root), 'pos-secret.txt'), 'secret');
    t = await startTestHub({ assets: folderAssets(root) });
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
    await rm(path.join(path.dirname(root), 'pos-secret.txt'), { force: true });
  });

  it('serves index.html at / and for any non-file path (hash routing), always revalidated', async () => {
    for (const p of ['/', '/tables', '/some/deep/route/']) {
      const res = await fetch(new URL(p, t.url));
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('POS');
    }
  });

  it('serves hashed bundles with a long cache', async () => {
    const res = await fetch(new URL('/assets/app-1234.js', t.url));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(await res.text()).toBe('console.log(1)');
  });

  it('never serves a file outside the client folder', async () => {
    for (const p of ['/../pos-secret.txt', '/..%2fpos-secret.txt', '/%2e%2e/pos-secret.txt', '/assets/..%2f..%2fpos-secret.txt']) {
      const r = await rawGet(t.url, p);
      expect(r.body, p).not.toContain('secret');
    }
  });

  it('answers 503 with a plain sentence when the client is not built', async () => {
    const bare = await startTestHub({ assets: { get: async () => null } });
    try {
      const res = await fetch(new URL('/', bare.url));
      expect(res.status).toBe(503);
      expect(await res.text()).toBe(NOT_BUILT);
    } finally {
      await bare.close();
    }
  });
});
