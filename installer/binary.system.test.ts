import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPkcs12 } from '../hub/einvoice/secrets/test-certificate.ts';
import { claim, health, sendCommand, startHub, type RunningHub } from './binary-process.ts';
import { asciiOnly } from './bundle.ts';
import { HUB_NODE_FLAGS } from './node-flags.ts';

/**
 * Builds the single executable with a stand-in client, then runs it as the
 * appliance would: serve the embedded page, take a command, keep it across a
 * restart, stop cleanly on SIGTERM.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MARKER = `pos-hub-binary-test-${randomUUID()}`;

const work = mkdtempSync(path.join(tmpdir(), 'pos-binary-'));
const binary = path.join(work, 'out', 'pos-hub');
const dataDir = path.join(work, 'data');
const running: RunningHub[] = [];

async function startBinary(): Promise<RunningHub> {
  const hub = await startHub(binary, [], dataDir, 30_000);
  running.push(hub);
  return hub;
}

describe('single binary (Node SEA)', () => {
  beforeAll(async () => {
    const clientDir = path.join(work, 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><title>POS</title><p>${MARKER}</p>\n`);
    writeFileSync(path.join(clientDir, 'assets', 'app-test.js'), `console.log(${JSON.stringify(MARKER)});\n`);
    // The build precompresses the client; the binary embeds the twins and sends them when accepted.
    writeFileSync(path.join(clientDir, 'assets', 'app-test.js.br'), brotliCompressSync(`console.log(${JSON.stringify(MARKER)});\n`));
    const started = Date.now();
    await promisify(execFile)(process.execPath, [path.join(ROOT, 'installer', 'build-binary.ts'), '--client-dir', clientDir, '--out', binary], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    console.log(`binary built in ${((Date.now() - started) / 1000).toFixed(1)} s, ${(statSync(binary).size / 1024 / 1024).toFixed(1)} MB`);
  });

  afterAll(async () => {
    for (const hub of running) await hub.stop('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('serves the embedded client and the API, keeps data, and exits 0 on SIGTERM', async () => {
    const hub = await startBinary();

    const page = await fetch(`${hub.base}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(MARKER);
    const script = await fetch(`${hub.base}/assets/app-test.js`);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain(MARKER);
    const packed = await fetch(`${hub.base}/assets/app-test.js`, { headers: { 'accept-encoding': 'br' } });
    expect(packed.headers.get('content-encoding')).toBe('br');
    expect(packed.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await packed.text()).toContain(MARKER);
    expect(await (await fetch(`${hub.base}/tables`)).text()).toContain(MARKER);

    // A new box is unclaimed: it prints a one-time code, and its owner claims it with the code.
    expect((await fetch(`${hub.base}/api/state`)).status).toBe(403);
    const cookie = await claim(hub, 'Binary Test');

    const before = await health(hub.base);
    const { status, body: reply } = await sendCommand(hub.base, cookie, 'restaurant.rename', { name: 'Binary Test' });
    expect(status, JSON.stringify(reply)).toBe(200);
    expect(reply.ok).toBe(true);
    expect(reply.seq).toBeGreaterThan(before.seq);
    const after = await health(hub.base);
    expect(after.seq).toBe(reply.seq);
    // The certificate opens in a worker thread, which the binary starts from the bundled text (no file on disk).
    const p12 = makeTestPkcs12('clave');
    const upload = await fetch(`${hub.base}/api/einvoice/certificate`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ p12Base64: Buffer.from(p12.p12).toString('base64'), password: 'clave' }) });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const wrong = await fetch(`${hub.base}/api/einvoice/certificate`, { method: 'PUT', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ p12Base64: Buffer.from(p12.p12).toString('base64'), password: 'otra' }) });
    expect(((await wrong.json()) as { code: string }).code).toBe('CERT_BAD_PASSWORD');
    // Past days' report figures are computed in the reports' worker thread, also started from the bundled text.
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const report = await fetch(`${hub.base}/api/reports/orders?from=${day(30)}&to=${day(2)}`, { headers: { cookie } });
    expect(report.status, await report.clone().text()).toBe(200);
    expect(((await report.json()) as { ok: boolean; figures: { bills: number } }).figures.bills).toBe(0);
    const lastSeq = (await health(hub.base)).seq;

    expect(await hub.stop('SIGTERM'), hub.output()).toBe(0);

    const again = await startBinary();
    const reopened = await health(again.base);
    expect(reopened.seq).toBe(lastSeq);
    expect(reopened.storeId).toBe(before.storeId);
    // Claimed for good: no new code, and the session survived the restart.
    expect(again.output()).not.toContain('Claim code');
    expect((await fetch(`${again.base}/api/state`, { headers: { cookie } })).status).toBe(200);
    // A second binary on the same data folder is refused in one sentence (the lock works in the binary too).
    const second = await new Promise<{ code: number | null; out: string }>((resolve) => {
      execFile(binary, ['--data', dataDir, '--port', '0', '--host', '127.0.0.1', '--no-mdns'], (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? null) : 0, out: stdout + stderr }));
    });
    expect(second.code, second.out).toBe(1);
    expect(second.out).toContain(`POS hub did not start. Another hub is already running on the data folder ${dataDir}`);
    expect((await health(again.base)).storeId).toBe(before.storeId);
    expect(await again.stop('SIGTERM'), again.output()).toBe(0);
  });

  it('starts with the hub V8 settings and carries its code as ASCII (a one-byte string in V8: half the heap of a two-byte one)', () => {
    const seaConfig = JSON.parse(readFileSync(path.join(work, 'out', 'sea-config.json'), 'utf8')) as { execArgv?: string[]; useCodeCache?: boolean };
    expect(seaConfig.execArgv).toEqual([...HUB_NODE_FLAGS]);
    // Compiled at build time: the test above ran this binary (no import() in it: the code cache forbids it).
    expect(seaConfig.useCodeCache).toBe(true);
    const bundle = readFileSync(path.join(work, 'out', 'pos-hub.cjs'), 'latin1');
    expect(/[^\x00-\x7f]/.exec(bundle)?.index ?? -1).toBe(-1);
    // The escape keeps the meaning where esbuild leaves characters as written: a regular expression literal.
    const escaped = asciiOnly('/[（）：]+/g');
    expect(escaped).toBe('/[\\uff08\\uff09\\uff1a]+/g');
    expect('a（b）c：d'.replace(new Function(`return ${escaped}`)() as RegExp, '')).toBe('abcd');
  });
});
