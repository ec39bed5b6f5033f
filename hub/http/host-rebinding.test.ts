import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mdnsHostName } from '#hub/net/mdns.ts';
import { connectDevice, command, postCommand, sendCommand, startTestHub, whenConnected, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * DNS rebinding, as a page on a staff phone would do it: evil.example first
 * serves the page, then resolves to the hub's address, so the browser sends
 * `Host: evil.example:PORT` and a matching `Origin`. Every door must stay shut.
 */
let t: TestHub;
let port: number;
const EVIL = () => ({ host: `evil.example:${port}`, origin: `http://evil.example:${port}` });

beforeAll(async () => {
  t = await startTestHub();
  port = t.hub.port;
});
afterAll(async () => {
  await t?.close();
});

type Raw = { status: number; type: string; body: string };

/** A raw HTTP request to the test hub with exactly these headers (fetch would not let us forge Host). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const signInBody = JSON.stringify({ identifier: '1', secret: '1111', deviceId: 'rebound' });

describe('a rebinding page (Host: evil.example, matching Origin) is refused everywhere', () => {
  it.each([
    ['GET', '/api/health', undefined],
    ['POST', '/api/auth/signin', signInBody],
    ['GET', '/api/state', undefined],
    ['POST', '/api/commands', JSON.stringify(command('settings.save', { ruc: '', idleLockMinutes: 0 }))],
    ['GET', '/api/activity', undefined],
    // A job's document is a receipt or a ticket: another site's page must not read it through a rebound name.
    ['GET', '/api/jobs/board', undefined],
    ['GET', '/api/jobs?status=stuck', undefined],
    ['GET', '/api/jobs/some-job.0', undefined],
    ['GET', '/', undefined],
    ['GET', '/index.html', undefined],
  ])('%s %s: 421 HOST_REFUSED, nothing changes', async (method, path, body) => {
    const before = t.hub.engine.seq;
    const r = await raw(method, path, { ...EVIL(), cookie: t.cookie, accept: 'application/json' }, body);
    expect(r.status).toBe(421);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false, code: 'HOST_REFUSED' });
    expect(t.hub.engine.seq).toBe(before);
  });

  it('a person who typed an unknown name gets a short page in es, en and zh with the addresses to open', async () => {
    const r = await raw('GET', '/', { host: `pos-hub.example:${port}`, accept: 'text/html,application/xhtml+xml' });
    expect(r.status).toBe(421);
    expect(r.type).toContain('text/html');
    expect(r.body).toContain('Abra el sistema por su dirección');
    expect(r.body).toContain('Open the hub by its address');
    expect(r.body).toContain('请通过系统的地址打开');
    expect(r.body).toContain(`http://localhost:${port}/`);
    expect(r.body).not.toContain('<script');
  });

  it('the socket handshake (websocket, Host and Origin forged) is refused; nothing is received', async () => {
    const s = connectDevice(t.url, { headers: EVIL() });
    const got: string[] = [];
    s.onAny((event: string) => got.push(event));
    await expect(whenConnected(s)).rejects.toThrow();
    s.disconnect();
    expect(got).toEqual([]);
  });

  it('the socket handshake over polling is refused at the Engine.IO door with HOST_REFUSED', async () => {
    const r = await raw('GET', '/socket.io/?EIO=4&transport=polling', { ...EVIL(), cookie: t.cookie });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body)).toMatchObject({ message: 'HOST_REFUSED' });
    // The same request with the hub's own address opens a session: the refusal is the Host, nothing else.
    const own = await raw('GET', '/socket.io/?EIO=4&transport=polling', { host: `127.0.0.1:${port}`, cookie: t.cookie });
    expect(own.status).toBe(200);
    expect(own.body).toContain('"sid"');
  });
});

describe('the hub\'s own names are accepted', () => {
  const machineAddress = Object.values(networkInterfaces())
    .flatMap((l) => l ?? [])
    .find((a) => !a.internal)?.address;

  it.each([
    ['localhost', () => `localhost:${port}`],
    ['127.0.0.1:PORT', () => `127.0.0.1:${port}`],
    ['[::1]:PORT', () => `[::1]:${port}`],
    ['its mDNS name', () => `${mdnsHostName()}:${port}`],
    ['an address of this machine', () => (machineAddress?.includes(':') ? `[${machineAddress}]:${port}` : `${machineAddress ?? '127.0.0.1'}:${port}`)],
  ])('%s (with its Origin)', async (_what, host) => {
    const h = host();
    const health = await raw('GET', '/api/health', { host: h, origin: `http://${h}` });
    expect(health.status).toBe(200);
    const state = await raw('GET', '/api/state', { host: h, origin: `http://${h}`, cookie: t.cookie });
    expect(state.status).toBe(200);
  });

  it('a request without Host (only HTTP/1.0 can omit it; no browser does) is served', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const sock = connect(port, '127.0.0.1', () => sock.end('GET /api/health HTTP/1.0\r\n\r\n'));
      let text = '';
      sock.on('data', (d) => (text += d.toString()));
      sock.on('end', () => resolve(text));
      sock.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toMatch(/^HTTP\/1\.[01] 200/);
  });

  it('a name the owner adds on the staff page works at once, for HTTP and the socket; removed, it is refused again', async () => {
    const name = 'caja.lan';
    expect((await raw('GET', '/api/health', { host: `${name}:${port}` })).status).toBe(421);
    const settings = t.hub.engine.state.settings;
    const saved = await postCommand(t.url, command('settings.save', { ...settings, hostNames: ['CAJA.LAN.'] }));
    expect(saved.body).toMatchObject({ ok: true });
    expect(t.hub.engine.state.settings.hostNames).toEqual([name]);
    expect((await raw('GET', '/api/health', { host: `${name}:${port}`, origin: `http://${name}:${port}` })).status).toBe(200);
    const s = connectDevice(t.url, { headers: { host: `${name}:${port}`, origin: `http://${name}:${port}` } });
    await whenConnected(s);
    // A save that does not mention the names (an older page) keeps them.
    expect((await sendCommand(s, command('settings.save', { ruc: '', idleLockMinutes: 10 }))).ok).toBe(true);
    expect(t.hub.engine.state.settings.hostNames).toEqual([name]);
    s.disconnect();
    await postCommand(t.url, command('settings.save', { ...t.hub.engine.state.settings, hostNames: [] }));
    expect((await raw('GET', '/api/health', { host: `${name}:${port}` })).status).toBe(421);
  });

  it('a name that is not a DNS name is refused by the settings, with nothing saved', async () => {
    const before = t.hub.engine.seq;
    for (const bad of ['evil.example/x', 'a b', '-x.lan', 'x'.repeat(64) + '.lan', '1.2.3', 'ex ample', 'caja.lan:8080']) {
      const r = await postCommand(t.url, command('settings.save', { ruc: '', idleLockMinutes: 5, hostNames: [bad] }));
      expect(r.body, bad).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    }
    expect(t.hub.engine.seq).toBe(before);
  });
});
