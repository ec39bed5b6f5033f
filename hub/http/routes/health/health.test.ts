import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Health } from '#protocol';
import { PROTOCOL_VERSION } from '#protocol';
import { HUB_VERSION } from '#hub/server.ts';
import { command, getJson, postCommand, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

let t: TestHub;
beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /api/health', () => {
  it('says the hub is up, with its versions, seq, store id and writability', async () => {
    const r = await getJson<Health>(t.url, '/api/health');
    expect(r.status).toBe(200);
    expect(r.contentType).toMatch(/application\/json/);
    expect(r.body).toEqual({
      ok: true,
      version: HUB_VERSION,
      protocolVersion: PROTOCOL_VERSION,
      seq: t.hub.engine.seq,
      storeId: t.hub.engine.storeId,
      writable: true,
    });
    // The demo seed went through the normal command path.
    expect(r.body.seq).toBeGreaterThan(0);
    expect(r.body.storeId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('follows the log: seq moves with every committed command, storeId never', async () => {
    const before = (await getJson<Health>(t.url, '/api/health')).body;
    const reply = await postCommand(t.url, command('restaurant.rename', { name: 'Health check' }));
    expect(reply.status).toBe(200);
    const after = (await getJson<Health>(t.url, '/api/health')).body;
    expect(after.seq).toBe(before.seq + 1);
    expect(after.storeId).toBe(before.storeId);
  });

  it('sends the safety headers on every answer', async () => {
    const res = await fetch(new URL('/api/health', t.url));
    await res.arrayBuffer();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });
});
