import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHub } from '#hub/server.ts';
import { signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { makeChannel, raw } from './test-helpers.ts';

/**
 * The owner's side of the intake API through the real hub: a channel's key
 * is answered once and only its hash is kept (never in the state), a revoke
 * stops the key at once and after a restart, only `settings` holders may
 * touch channels, and every make and revoke is in the activity.
 */
let t: TestHub | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const list = async (hub: TestHub, cookie = hub.cookie) => raw(hub, 'GET', '/api/intake/channels', { cookie });
const menu = (hub: TestHub, key: string) => raw(hub, 'GET', '/api/intake/menu', { authorization: `Bearer ${key}` });

describe('intake channels', () => {
  it('a key is answered once; the list, the state and the file never hold it', async () => {
    t = await startTestHub();
    const { id, key } = await makeChannel(t, 'Tienda web');
    expect(key).toMatch(/^posk_[A-Za-z0-9_-]{43}$/);
    const listed = await list(t);
    expect(listed.status).toBe(200);
    expect(listed.body.channels).toEqual([expect.objectContaining({ id, name: 'Tienda web', active: true, keyHint: key.slice(5, 11), revokedAt: null })]);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(JSON.stringify(listed.body)).not.toContain('keyHash');
    const state = await raw(t, 'GET', '/api/state', { cookie: t.cookie });
    expect(JSON.stringify(state.body)).not.toContain(key.slice(5));
    const file = await readFile(path.join(t.dataDir, 'secrets', 'intake-channels.json'), 'utf8');
    expect(file).not.toContain(key.slice(5));
    expect((await menu(t, key)).status).toBe(200);
  });

  it('revoking stops the key at once and after a restart; the channel stays listed as revoked', async () => {
    t = await startTestHub();
    const kept = await makeChannel(t, 'Agregador');
    const gone = await makeChannel(t, 'Tienda vieja');
    const del = await raw(t, 'DELETE', `/api/intake/channels/${gone.id}`, { cookie: t.cookie });
    expect(del.status).toBe(200);
    expect(del.body.channel).toMatchObject({ id: gone.id, active: false, revokedBy: DEMO_STAFF[0]!.id });
    expect((await menu(t, gone.key)).status).toBe(401);
    expect((await menu(t, kept.key)).status).toBe(200);

    // A restart on the same data: what was made works, what was revoked stays revoked.
    await t.hub.close();
    const hub = await startHub({ dataDir: t.dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => {} });
    const again: TestHub = { ...t, url: hub.url, hub, close: () => hub.close() };
    try {
      expect((await menu(again, gone.key)).status).toBe(401);
      expect((await menu(again, kept.key)).status).toBe(200);
    } finally {
      await hub.close();
    }
  });

  it('only settings holders see, make or revoke channels; unknown and prototype ids are 404', async () => {
    t = await startTestHub();
    const { id } = await makeChannel(t);
    const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
    const cookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
    expect((await list(t, cookie)).body).toMatchObject({ code: 'FORBIDDEN', message: 'settings' });
    expect((await raw(t, 'POST', '/api/intake/channels', { cookie, 'content-type': 'application/json' }, '{"name":"x"}')).status).toBe(403);
    expect((await raw(t, 'DELETE', `/api/intake/channels/${id}`, { cookie })).status).toBe(403);
    expect((await raw(t, 'GET', '/api/intake/channels', {})).status).toBe(401);
    for (const bad of ['__proto__', 'constructor', 'toString', 'ffffffff', '..%2F..%2Fauth.json']) {
      const r = await raw(t, 'DELETE', `/api/intake/channels/${bad}`, { cookie: t.cookie });
      expect(r.status, bad).toBe(404);
    }
    const still = await list(t);
    expect(still.body.channels).toEqual([expect.objectContaining({ id, active: true })]);
  });

  it('the names of channels go to delivery staff (M005), nothing else of them; not to a waiter', async () => {
    t = await startTestHub();
    const { id } = await makeChannel(t, 'Tienda web');
    const names = await raw(t, 'GET', '/api/intake/channels/names', { cookie: t.cookie });
    expect(names.body).toEqual({ ok: true, names: { [id]: 'Tienda web' } });
    const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
    const cookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
    expect((await raw(t, 'GET', '/api/intake/channels/names', { cookie })).status).toBe(403);
  });

  it('a name is required and short; each make and revoke is in the activity', async () => {
    t = await startTestHub();
    const noName = await raw(t, 'POST', '/api/intake/channels', { cookie: t.cookie, 'content-type': 'application/json' }, '{"name":"  "}');
    expect(noName.body).toMatchObject({ code: 'REQUIRED_FIELD', message: 'name' });
    const long = await raw(t, 'POST', '/api/intake/channels', { cookie: t.cookie, 'content-type': 'application/json' }, JSON.stringify({ name: 'x'.repeat(41) }));
    expect(long.body).toMatchObject({ code: 'INCORRECT_INPUT', message: 'name' });
    const { id } = await makeChannel(t);
    // Two revokes at once (two owners, a double tap): one revoke, noted once, the first time kept.
    const both = await Promise.all([0, 1].map(() => raw(t!, 'DELETE', `/api/intake/channels/${id}`, { cookie: t!.cookie })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((both[0]!.body.channel as { revokedAt: string }).revokedAt).toBe((both[1]!.body.channel as { revokedAt: string }).revokedAt);
    const activity = await raw(t, 'GET', '/api/activity', { cookie: t.cookie });
    const notes = JSON.stringify(activity.body);
    expect(notes).toContain(`channel:${id}`);
    expect(notes).toContain('intakeKey');
    expect(notes.split(`channel:${id}`)).toHaveLength(3);
  });
});
