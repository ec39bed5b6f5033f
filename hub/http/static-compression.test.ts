import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCompressedTwins } from '../../client/precompress.ts';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { acceptedEncodings } from './accept-encoding.ts';
import { folderAssets } from './assets.ts';

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A GET or HEAD that leaves the body as sent (fetch would decode it and hide the encoding). */
function rawRequest(base: string, p: string, acceptEncoding: string | null, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
    const req = http.request(new URL(p, base), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(r: Raw): Buffer {
  const coding = r.headers['content-encoding'];
  if (coding === 'br') return zlib.brotliDecompressSync(r.body);
  if (coding === 'gzip') return zlib.gunzipSync(r.body);
  return r.body;
}

describe('precompressed client files', () => {
  let t: TestHub;
  let root: string;
  // Big and repetitive enough that both compressed twins exist and are much smaller.
  const script = Buffer.from(Array.from({ length: 4000 }, (_, i) => `export const dish${i} = "Lomo saltado ${i % 17}";`).join('\n'));
  const page = Buffer.from(`<!doctype html><html><body>${'<p>POS restaurante</p>'.repeat(200)}</body></html>`);

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'pos-packed-'));
    await mkdir(path.join(root, 'assets'));
    await writeFile(path.join(root, 'assets', 'index-abc.js'), script);
    await writeFile(path.join(root, 'index.html'), page);
    await writeCompressedTwins(path.join(root, 'assets', 'index-abc.js'));
    await writeCompressedTwins(path.join(root, 'index.html'));
    t = await startTestHub({ assets: folderAssets(root) });
  });
  afterAll(async () => {
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  it.each<[string | null, string | undefined]>([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
    [null, undefined],
  ])('Accept-Encoding %j: sent as %s, decodes to the very bytes of the file, with its own type and length', async (accept, coding) => {
    const r = await rawRequest(t.url, '/assets/index-abc.js', accept);
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe(coding);
    expect(r.headers['content-type']).toMatch(/^text\/javascript/);
    expect(r.headers['vary']).toMatch(/accept-encoding/i);
    expect(r.headers['cache-control']).toContain('immutable');
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    expect(decode(r).equals(script)).toBe(true);
    if (coding) expect(r.body.length).toBeLessThan(script.length / 4);
  });

  it('the page itself (also for a hash route) goes out compressed as text/html, always revalidated', async () => {
    for (const p of ['/', '/pages/dining_table/index']) {
      const r = await rawRequest(t.url, p, 'gzip, br');
      expect(r.headers['content-encoding'], p).toBe('br');
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(decode(r).equals(page)).toBe(true);
    }
  });

  it('HEAD tells the length of what GET would send, and no body', async () => {
    const head = await rawRequest(t.url, '/assets/index-abc.js', 'br', 'HEAD');
    const br = await readFile(path.join(root, 'assets', 'index-abc.js.br'));
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(br.length);
    expect(head.body.length).toBe(0);
  });

  it('a compressed twin asked for by name is plain bytes, never labelled as the script', async () => {
    const r = await rawRequest(t.url, '/assets/index-abc.js.br', 'br');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-type']).toBe('application/octet-stream');
  });

  it('a small file gets no twin (not worth it) and goes out as is', async () => {
    await writeFile(path.join(root, 'assets', 'tiny.js'), 'console.log(1)');
    await writeCompressedTwins(path.join(root, 'assets', 'tiny.js'));
    const r = await rawRequest(t.url, '/assets/tiny.js', 'br, gzip');
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body.toString()).toBe('console.log(1)');
  });
});

describe('acceptedEncodings', () => {
  it.each<[string | undefined, string[]]>([
    [undefined, []],
    ['br', ['br']],
    ['GZIP', ['gzip']],
    ['deflate', []],
    ['br;q=0', []],
    ['br; q=0.0, gzip; q=1.0', ['gzip']],
    ['*', ['br', 'gzip']],
    ['*;q=0, gzip', ['gzip']],
    ['br;q=abc', []],
    ['br;q=0.2, gzip;q=0.9', ['gzip', 'br']],
  ])('%j -> %j', (header, codings) => {
    expect(acceptedEncodings(header).map((e) => e.coding)).toEqual(codings);
  });
});
