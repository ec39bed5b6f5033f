import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpStatusOf, type ErrorCode } from '#protocol';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { MAX_INTAKE_BYTES } from './intake.ts';
import { deliveryOrder, makeChannel, postOrder, raw } from './test-helpers.ts';

/**
 * The intake API under attack, through the real hub: every hostile request
 * is refused with its code, and nothing is recorded (the log's seq does not
 * move, no takeout appears). One hub for the file: each case leaves it as
 * it found it, which is the point.
 */
let t: TestHub;
let key: string;
let revokedKey: string;

beforeAll(async () => {
  t = await startTestHub({ intakeRate: { burst: 1000, perMinute: 1000 } });
  key = (await makeChannel(t, 'Tienda web')).key;
  const old = await makeChannel(t, 'Tienda vieja');
  revokedKey = old.key;
  await raw(t, 'DELETE', `/api/intake/channels/${old.id}`, { cookie: t.cookie });
});
afterAll(() => t.close());

/** Runs a hostile request and checks it changed nothing the hub keeps. */
async function refusedWithoutTrace<R>(send: () => Promise<R>): Promise<R> {
  const seq = t.hub.engine.seq;
  const takeouts = Object.keys(t.hub.engine.state.takeouts).length;
  const r = await send();
  expect(t.hub.engine.seq).toBe(seq);
  expect(Object.keys(t.hub.engine.state.takeouts)).toHaveLength(takeouts);
  return r;
}

describe('who is calling', () => {
  it.each([
    ['no Authorization', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a made-up key', { authorization: 'Bearer posk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['not a bearer', { authorization: 'Basic cG9zazp4' }],
    ['a key of another shape', { authorization: 'Bearer 1234' }],
    ['a key 10 KB long', { authorization: `Bearer posk_${'A'.repeat(10_000)}` }],
    ['two keys', { authorization: 'Bearer posk_a posk_b' }],
  ])('%s: 401 UNAUTHORIZED apiKey, with WWW-Authenticate', async (_what, headers) => {
    const r = await refusedWithoutTrace(() => raw(t, 'POST', '/api/intake/orders', { 'content-type': 'application/json', ...headers }, JSON.stringify(deliveryOrder('A-1'))));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ ok: false, code: 'UNAUTHORIZED', message: 'apiKey' });
    expect(r.headers['www-authenticate']).toContain('Bearer');
  });

  it('a revoked key answers exactly like a made-up one', async () => {
    const r = await refusedWithoutTrace(() => postOrder(t, revokedKey, deliveryOrder('A-2')));
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ code: 'UNAUTHORIZED', message: 'apiKey' });
  });

  it('a staff session cookie is no key: the intake door wants the channel', async () => {
    const r = await refusedWithoutTrace(() => raw(t, 'POST', '/api/intake/orders', { 'content-type': 'application/json', cookie: t.cookie }, JSON.stringify(deliveryOrder('A-3'))));
    expect(r.status).toBe(401);
  });

  it('a key is no session: it opens nothing behind the session door', async () => {
    for (const p of ['/api/state', '/api/intake/channels', '/api/activity']) {
      const r = await raw(t, 'GET', p, { authorization: `Bearer ${key}` });
      expect(r.status, p).toBe(401);
    }
  });
});

describe('the doors before the key', () => {
  it('a foreign Host (DNS rebinding) is 421 HOST_REFUSED, even with the right key', async () => {
    const r = await refusedWithoutTrace(() => postOrder(t, key, deliveryOrder('H-1'), { host: 'evil.example' }));
    expect(r.status).toBe(421);
    expect(r.body).toMatchObject({ code: 'HOST_REFUSED' });
  });

  it("a page of another site (foreign Origin) is 403 ORIGIN_REFUSED, even with the right key: a key pasted into a shop's page cannot be used from a guest's browser here", async () => {
    const port = new URL(t.url).port;
    for (const origin of ['https://shop.example', 'null', `http://evil.example:${port}`]) {
      const r = await refusedWithoutTrace(() => postOrder(t, key, deliveryOrder('O-1'), { origin }));
      expect(r.status, origin).toBe(403);
      expect(r.body).toMatchObject({ code: 'ORIGIN_REFUSED' });
    }
  });
});

describe('what the body may be', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['none', ''],
    ['json-ish', 'application/jsonp'],
  ])('content type %s: 415 INCORRECT_INPUT content-type', async (_what, type) => {
    const r = await refusedWithoutTrace(() => raw(t, 'POST', '/api/intake/orders', { authorization: `Bearer ${key}`, ...(type ? { 'content-type': type } : {}) }, JSON.stringify(deliveryOrder('C-1'))));
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ code: 'INCORRECT_INPUT', message: 'content-type' });
  });

  it('JSON with a charset is still JSON', async () => {
    const r = await raw(t, 'POST', '/api/intake/orders', { authorization: `Bearer ${key}`, 'content-type': 'application/json; charset=utf-8' }, '{');
    expect(r.body).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it.each([
    ['cut short', '{"externalId":"J-1","lines":['],
    ['not JSON', 'externalId=J-1'],
    ['empty', ''],
    ['a trailing comma', '{"externalId":"J-1",}'],
  ])('bad JSON (%s): 400 MALFORMED_JSON', async (_what, body) => {
    const r = await refusedWithoutTrace(() => raw(t, 'POST', '/api/intake/orders', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'MALFORMED_JSON' });
  });

  it.each([
    ['an array', '[]'],
    ['a string', '"WEB-1"'],
    ['null', 'null'],
    ['a number', '42'],
  ])('JSON that is not an order (%s): REQUIRED_FIELD externalId', async (_what, body) => {
    const r = await refusedWithoutTrace(() => raw(t, 'POST', '/api/intake/orders', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body));
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 'REQUIRED_FIELD', message: 'externalId' });
  });

  it('a huge body is 413 PAYLOAD_TOO_LARGE, declared or streamed without a length', async () => {
    const huge = JSON.stringify(deliveryOrder('B-1', { note: 'x'.repeat(MAX_INTAKE_BYTES) }));
    const declared = await refusedWithoutTrace(() => postOrder(t, key, JSON.parse(huge)));
    expect(declared.status).toBe(413);
    expect(declared.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Chunked, no Content-Length: the hub stops reading at the cap.
    const streamed = await refusedWithoutTrace(() => streamBody(5 * 1024 * 1024));
    expect(streamed).toBe(413);
  });

  it('a body just under the cap is read (and judged on its fields)', async () => {
    const lines = Array.from({ length: 51 }, () => ({ productId: 'p-101', qty: 1, remark: 'x'.repeat(100) }));
    const body = JSON.stringify(deliveryOrder('B-2', { lines }));
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_INTAKE_BYTES);
    const r = await refusedWithoutTrace(() => postOrder(t, key, JSON.parse(body)));
    expect(r.body).toMatchObject({ code: 'INCORRECT_INPUT', message: 'lines' });
  });
});

describe('ids objects already answer to', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', '../../auth', 'a b', ''])('externalId %j is refused before anything is looked up', async (externalId) => {
    const r = await refusedWithoutTrace(() => postOrder(t, key, deliveryOrder(externalId)));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('externalId');
  });

  it.each(['__proto__', 'constructor', 'valueOf', 'prototype'])('productId / specId %j is INCORRECT_INPUT naming the line', async (id) => {
    const p = await refusedWithoutTrace(() => postOrder(t, key, deliveryOrder('P-1', { lines: [{ productId: id, qty: 1 }] })));
    expect(p.body).toMatchObject({ code: 'INCORRECT_INPUT', message: 'lines.0.productId' });
    const s = await refusedWithoutTrace(() => postOrder(t, key, deliveryOrder('P-2', { lines: [{ productId: 'p-301', specId: id, qty: 1 }] })));
    expect(s.body).toMatchObject({ code: 'INCORRECT_INPUT', message: 'lines.0.specId' });
  });

  it('a body carrying __proto__ and constructor keys pollutes nothing', async () => {
    const body = `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"externalId":"P-3","method":"pickup","customer":{"__proto__":{"polluted":1},"name":"Ana","phone":"987654321"},"lines":[{"productId":"nope","qty":1}]}`;
    const r = await refusedWithoutTrace(() => raw(t, 'POST', '/api/intake/orders', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body));
    expect(r.body).toMatchObject({ code: 'NOT_FOUND', message: 'lines.0.productId' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('the order itself', () => {
  it.each([
    ['a landline', { customer: { name: 'Ana', phone: '014445555' } }, 'PHONE_INVALID', 'customer.phone'],
    ['8 digits', { customer: { name: 'Ana', phone: '98765432' } }, 'PHONE_INVALID', 'customer.phone'],
    ['another country', { customer: { name: 'Ana', phone: '+34 987654321' } }, 'PHONE_INVALID', 'customer.phone'],
    ["the receiver's phone", { delivery: { address: 'Av. Larco 1', receiverPhone: '12345' } }, 'PHONE_INVALID', 'delivery.receiverPhone'],
    ['a delivery without its address', { delivery: undefined }, 'DELIVERY_ADDRESS_REQUIRED', 'delivery'],
    ['an empty address', { delivery: { address: '   ' } }, 'REQUIRED_FIELD', 'delivery.address'],
    ['no lines', { lines: [] }, 'INCORRECT_INPUT', 'lines'],
    ['a price from the caller is not a field: ignored, but a negative qty is refused', { lines: [{ productId: 'p-101', qty: -1, priceCents: 1 }] }, 'INCORRECT_INPUT', 'lines.0.qty'],
    ['a dish not on the menu', { lines: [{ productId: 'p-999', qty: 1 }] }, 'NOT_FOUND', 'lines.0.productId'],
    ['a dish in sizes without its size', { lines: [{ productId: 'p-301', qty: 1 }] }, 'SPEC_REQUIRED', 'lines.0.specId'],
    ['a size of another dish', { lines: [{ productId: 'p-101', specId: 'sp-301-personal', qty: 1 }] }, 'NOT_FOUND', 'lines.0.specId'],
    ['a fee past S/ 200', { delivery: { address: 'Av. Larco 1', feeCents: 20_001 } }, 'INCORRECT_INPUT', 'delivery.feeCents'],
    ['a reservation without its time', { type: 'reservation' }, 'REQUIRED', 'expectedAt'],
    ['a time without offset', { expectedAt: '2026-11-28 20:00' }, 'INCORRECT_INPUT', 'expectedAt'],
    ['an unknown method', { method: 'drone' }, 'INCORRECT_INPUT', 'method'],
  ])('%s', async (_what, change, code, field) => {
    const body = { ...deliveryOrder('V-1'), ...change } as Record<string, unknown>;
    for (const [k, v] of Object.entries(change)) if (v === undefined) delete body[k];
    const r = await refusedWithoutTrace(() => postOrder(t, key, body));
    const expected = (code === 'REQUIRED' ? 'REQUIRED_FIELD' : code) as ErrorCode;
    expect(r.status).toBe(httpStatusOf(expected));
    expect(r.body).toMatchObject({ ok: false, code: expected, message: field });
  });
});

/** A chunked upload of `size` bytes without Content-Length; answers the status the hub gave. */
function streamBody(size: number): Promise<number> {
  const port = Number(new URL(t.url).port);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/intake/orders', headers: { host: `127.0.0.1:${port}`, 'content-type': 'application/json', authorization: `Bearer ${key}`, 'transfer-encoding': 'chunked' } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? resolve(413) : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end();
    };
    req.write('{"note":"');
    pump();
  });
}
