import { request } from 'node:http';
import type { TestHub } from '#hub/testing/test-hub.ts';

/**
 * Helpers of the intake API's tests: a channel made as the demo owner (the
 * way the settings page makes one), and requests as a web shop's server
 * sends them (no cookie; a key). Everything goes through the real hub.
 */

export type Reply = { status: number; body: Record<string, unknown>; headers: Record<string, string | string[] | undefined> };

/** Makes a channel through `POST /api/intake/channels` as the demo owner; answers its id and key. */
export async function makeChannel(t: TestHub, name = 'Tienda web'): Promise<{ id: string; key: string }> {
  const res = await fetch(new URL('/api/intake/channels', t.url), { method: 'POST', headers: { 'content-type': 'application/json', cookie: t.cookie }, body: JSON.stringify({ name }) });
  const body = (await res.json()) as { channel: { id: string }; key: string };
  if (res.status !== 201) throw new Error(`making a channel answered ${res.status}`);
  return { id: body.channel.id, key: body.key };
}

/** A raw request to the hub with exactly these headers and bytes (fetch would not let a test forge Host or lie in Content-Length). */
export function raw(t: TestHub, method: string, path: string, headers: Record<string, string>, body?: string | Buffer): Promise<Reply> {
  const port = Number(new URL(t.url).port);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(text) as Record<string, unknown>;
        } catch {
          parsed = { text };
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
      });
    });
    // A hub that refuses before reading the whole body may close the socket under a large upload.
    req.on('error', reject);
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

/** POSTs an order as a web shop does: JSON, the key in Authorization. */
export function postOrder(t: TestHub, key: string, order: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  return raw(t, 'POST', '/api/intake/orders', { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...headers }, JSON.stringify(order));
}

/** A valid delivery order of the demo menu (two ceviches), with the given id. */
export function deliveryOrder(externalId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    externalId,
    method: 'delivery',
    type: 'immediate',
    customer: { name: 'Ana Quispe', phone: '+51 987 654 321' },
    delivery: { address: 'Av. Larco 1234, Miraflores', reference: 'Frente al parque', feeCents: 500, changeForCents: 10000 },
    lines: [{ productId: 'p-101', qty: 2, remark: 'sin ají' }],
    note: 'Tocar el timbre',
    ...extra,
  };
}
