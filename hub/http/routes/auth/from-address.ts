import { request } from 'node:http';

/** A sign-in route's answer as a test reads it: status, code ('OK' on success), Retry-After, new cookies. */
export type Answer = { status: number; code: string; retryAfter: string | undefined; cookie: string };

/** Who sends it: a loopback address of its own (127.0.0.2 ... : another phone to the hub), cookies, extra headers. */
export type From = { localAddress?: string; cookie?: string; headers?: Record<string, string> };

/**
 * POSTs JSON to the hub from a chosen loopback address (Linux routes all of
 * 127.0.0.0/8 to the loopback interface), so a test can be several devices
 * at once without any proxy header.
 */
export function postFrom(base: string, path: string, body: unknown, from: From = {}): Promise<Answer> {
  const text = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(from.cookie ? { cookie: from.cookie } : {}), ...from.headers };
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method: 'POST', headers, agent: false, ...(from.localAddress ? { localAddress: from.localAddress } : {}) }, (res) => {
      let got = '';
      res.on('data', (c: Buffer) => (got += c.toString()));
      res.on('end', () => {
        const json = JSON.parse(got) as { code?: string };
        const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!);
        const merged = new Map<string, string>();
        for (const c of [...(from.cookie ?? '').split('; '), ...cookies].filter(Boolean)) merged.set(c.slice(0, c.indexOf('=')), c);
        resolve({ status: res.statusCode ?? 0, code: json.code ?? 'OK', retryAfter: res.headers['retry-after'], cookie: [...merged.values()].join('; ') });
      });
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** Tallies answers by code: `{ WRONG_CREDENTIALS: 6, TOO_MANY_ATTEMPTS: 194 }`. */
export function byCode(answers: readonly Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.code] = (out[a.code] ?? 0) + 1;
  return out;
}
