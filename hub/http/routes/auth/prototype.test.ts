import { mkdtemp, readFile, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { startHub, type RunningHub } from '#hub/server.ts';
import { command, postCommand, signIn } from '#hub/testing/test-hub.ts';

/**
 * Issue 7, items 2 (auth part) and 7: staff ids named like Object members
 * must never reach auth.json or a prototype, a data directory damaged that
 * way by an older hub is repaired at start, and auth.json is 0600.
 */
const [owner, cashier, waiter] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];
const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf'];

let dataDir: string;
let hub: RunningHub | null = null;
let logged: string[] = [];

async function start(): Promise<{ url: string; cookie: string }> {
  logged = [];
  hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: (m) => logged.push(m) });
  const owned = await signIn(hub.url, owner.code, owner.pin, 'owner-till');
  expect(owned.status).toBe(200);
  return { url: hub.url, cookie: owned.cookie };
}
async function stop(): Promise<void> {
  await hub?.close();
  hub = null;
}
const authFile = () => path.join(dataDir, 'auth.json');

/** The hub still works: a staff member is saved, and each demo person signs in. */
async function stillWorks(url: string, cookie: string, newCode: string): Promise<void> {
  const saved = await postCommand(url, command('staff.save', { id: `staff-${newCode}`, name: `Nuevo ${newCode}`, code: newCode, roleId: 'waiter' }), {}, { cookie });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  for (const s of [owner, cashier, waiter]) expect((await signIn(url, s.code, s.pin, `check-${s.code}`)).status, s.name).toBe(200);
  expect((await signIn(url, waiter.name, waiter.pin, 'check-name')).status).toBe(200);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pos-hub-proto-'));
});
afterAll(async () => {
  await stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('credentials for a staff id named like an Object member', () => {
  it('answers 404 NOT_FOUND and writes nothing; staff.save and sign-in go on working, also after a restart', async () => {
    const { url, cookie } = await start();
    for (const name of PROTOTYPE_NAMES) {
      const res = await fetch(new URL(`/api/staff/${encodeURIComponent(name)}/credentials`, url), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ pin: '4321', password: 'secreto-largo' }),
      });
      expect(res.status, name).toBe(404);
      expect(await res.json(), name).toMatchObject({ ok: false, code: 'NOT_FOUND' });
    }
    const file = await readFile(authFile(), 'utf8');
    for (const name of PROTOTYPE_NAMES) expect(file, name).not.toContain(`"${name}"`);
    await stillWorks(url, cookie, '41');
    await stop();

    const again = await start();
    await stillWorks(again.url, again.cookie, '42');
    await stop();
  });
});

describe('auth.json', () => {
  it('is created, and kept, readable by the hub user only (0600)', async () => {
    await start();
    expect((await stat(authFile())).mode & 0o777).toBe(0o600);
    await stop();
    // A file an older hub left world-readable is narrowed at start.
    await chmod(authFile(), 0o644);
    await start();
    expect((await stat(authFile())).mode & 0o777).toBe(0o600);
    await stop();
  });

  it('damaged by an older hub (secrets under prototype names or no staff member) is repaired at start, with one log line', async () => {
    await start();
    await stop();
    const good = JSON.parse(await readFile(authFile(), 'utf8')) as { secrets: Record<string, unknown>; devices: Record<string, unknown> };
    const aPin = good.secrets[cashier.id];
    // Written as text: `__proto__` must be a key of the file, as JSON.stringify of an object never writes it.
    const damaged = JSON.stringify(good, null, 2).replace(
      '"secrets": {',
      `"secrets": {"constructor": {"pin": ${JSON.stringify(aPin)}}, "__proto__": {"pin": ${JSON.stringify(aPin)}}, "toString": {}, "staff-gone": {"pin": ${JSON.stringify(aPin)}},`,
    );
    await writeFile(authFile(), damaged);

    const { url, cookie } = await start();
    const repairs = logged.filter((l) => l.includes('repaired auth.json'));
    expect(repairs).toHaveLength(1);
    expect(repairs[0]).toContain('dropped 4 secret(s)');
    expect(repairs[0]).toContain('"constructor"');
    const file = JSON.parse(await readFile(authFile(), 'utf8')) as { secrets: Record<string, unknown> };
    expect(Object.keys(file.secrets).sort()).toEqual(Object.keys(good.secrets).sort());
    await stillWorks(url, cookie, '43');
    await stop();

    // Repaired for good: the next start has nothing to say.
    await start();
    expect(logged.filter((l) => l.includes('repaired auth.json'))).toEqual([]);
    await stop();
  });
});
