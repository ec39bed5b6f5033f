import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandReply, ErrorCode } from '#protocol';
import { TABLE_STATUS } from '#protocol';
import { MAX_JSON_BYTES } from '../../middleware/json-body.ts';
import {
  addLines,
  command,
  getState,
  NO_CUSTOMER,
  openTable,
  postCommand,
  startTestHub,
  type HttpReply,
  type TestHub,
} from '#hub/testing/test-hub.ts';

let t: TestHub;
beforeAll(async () => {
  // No job runners: the kitchen tickets and receipts these commands cause stay pending, so the log
  // moves by the accepted commands only (a runner would add its job.start/job.finish records).
  t = await startTestHub({ jobRunners: [] });
});
afterAll(async () => {
  await t?.close();
});

function expectOk(reply: HttpReply<CommandReply>): Extract<CommandReply, { ok: true }> {
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.ok).toBe(true);
  return reply.body as Extract<CommandReply, { ok: true }>;
}

/** Runs `send`, then checks the answer's status and code, and that nothing was recorded. */
async function expectRefused(send: () => Promise<HttpReply<unknown>>, status: number, code: ErrorCode): Promise<HttpReply<unknown>> {
  const before = await getState(t.url);
  const reply = await send();
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.body).toMatchObject({ ok: false, code });
  const after = await getState(t.url);
  expect(after.seq).toBe(before.seq);
  expect(after.state).toEqual(before.state);
  return reply;
}

/** A raw POST with node:http, for bodies fetch will not send as they are (chunked, lying content-length). */
function rawPost(body: Buffer, headers: Record<string, string | number>): Promise<HttpReply<unknown>> {
  const url = new URL('/api/commands', t.url);
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: t.cookie, ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const contentType = res.headers['content-type'] ?? '';
        resolve({ status: res.statusCode ?? 0, body: contentType.includes('json') ? (JSON.parse(text) as unknown) : text, contentType });
      });
    });
    // The hub may answer (and close) before it has read everything: that is the point.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end(body);
  });
}

describe('POST /api/commands: a dine-in from open table to cleared table', () => {
  it('walks table t-s1 through pending, dining, pre-billed, to clear, free; change is exact', async () => {
    const table = 't-s1';
    const orderId = randomUUID();
    const status = async () => (await getState(t.url)).state.tables[table]?.status;
    const start = await getState(t.url);
    expect(start.state.tables[table]?.status).toBe(TABLE_STATUS.free);

    const opened = expectOk(await postCommand(t.url, command('table.open', { tableId: table, orderId, people: 2, customer: NO_CUSTOMER })));
    expect(opened.seq).toBe(start.seq + 1);
    expect(opened.result).toEqual({ orderId, orderNo: start.state.counters.orderNo + 1 });
    expect(await status()).toBe(TABLE_STATUS.pending);

    const added = expectOk(await postCommand(t.url, addLines(orderId, ['p-101', 'p-401'])));
    expect(added.seq).toBe(opened.seq + 1);
    let s = await getState(t.url);
    expect(s.state.tables[table]?.status).toBe(TABLE_STATUS.pending);
    expect(s.state.orders[orderId]?.lines.map((l) => [l.productId, l.unitPriceCents, l.sentBatch])).toEqual([
      ['p-101', 3200, null],
      ['p-401', 600, null],
    ]);

    expectOk(await postCommand(t.url, command('order.send', { orderId })));
    s = await getState(t.url);
    expect(s.state.tables[table]?.status).toBe(TABLE_STATUS.dining);
    expect(s.state.orders[orderId]?.lines.every((l) => l.sentBatch === 1)).toBe(true);

    expectOk(await postCommand(t.url, command('order.prebill', { orderId })));
    s = await getState(t.url);
    expect(s.state.tables[table]?.status).toBe(TABLE_STATUS.prebilled);
    expect(s.state.orders[orderId]?.status).toBe('prebilled');

    const settled = expectOk(await postCommand(t.url, command('order.settleCash', { orderId, receivedCents: 5000 })));
    expect(settled.result).toEqual({ orderId, billNo: start.state.counters.billNo + 1, totalCents: 3800, changeCents: 1200 });
    s = await getState(t.url);
    expect(s.state.tables[table]).toMatchObject({ status: TABLE_STATUS.toClear, orderId: null });
    // A settled order leaves the live state (it goes to the day archive).
    expect(s.state.orders[orderId]).toBeUndefined();

    const cleared = expectOk(await postCommand(t.url, command('table.clear', { tableId: table })));
    s = await getState(t.url);
    expect(s.state.tables[table]).toMatchObject({ status: TABLE_STATUS.free, orderId: null });
    expect(s.seq).toBe(cleared.seq);
    expect(cleared.seq).toBe(start.seq + 6);
  });
});

describe('POST /api/commands: idempotency', () => {
  it('answers a resent command with its first seq and result, marked duplicate, and applies it once', async () => {
    const open = openTable('t-s2', 4);
    const first = expectOk(await postCommand(t.url, open));
    expect(first.duplicate).toBeUndefined();
    const afterFirst = await getState(t.url);

    const again = expectOk(await postCommand(t.url, open));
    expect(again).toEqual({ ok: true, seq: first.seq, result: first.result, duplicate: true });
    const afterAgain = await getState(t.url);
    expect(afterAgain.seq).toBe(afterFirst.seq);
    expect(afterAgain.state).toEqual(afterFirst.state);
  });

  it('applies the same id sent twice at once only once', async () => {
    const rename = command('restaurant.rename', { name: 'Twice at once' });
    const before = await getState(t.url);
    const [a, b] = await Promise.all([postCommand(t.url, rename), postCommand(t.url, rename)]);
    expect(expectOk(a).seq).toBe(before.seq + 1);
    expect(expectOk(b).seq).toBe(before.seq + 1);
    expect((await getState(t.url)).seq).toBe(before.seq + 1);
  });

  it('keys on the id alone: a different payload under a known id gets the first answer', async () => {
    const first = command('restaurant.rename', { name: 'First' });
    const r1 = expectOk(await postCommand(t.url, first));
    const r2 = expectOk(await postCommand(t.url, { ...first, payload: { name: 'Second' } }));
    expect(r2).toMatchObject({ seq: r1.seq, duplicate: true });
    expect((await getState(t.url)).state.restaurant.name).toBe('First');
  });
});

describe('POST /api/commands: refusals carry a status and a code and change nothing', () => {
  it('malformed JSON -> 400 MALFORMED_JSON', async () => {
    await expectRefused(() => postCommand(t.url, '{"id": "x", "type": '), 400, 'MALFORMED_JSON');
    await expectRefused(() => postCommand(t.url, ''), 400, 'MALFORMED_JSON');
  });

  it('a body over 256 KiB -> 413 PAYLOAD_TOO_LARGE, with or without a content-length', async () => {
    const big = command('restaurant.rename', { name: 'x'.repeat(MAX_JSON_BYTES + 1024) });
    await expectRefused(() => postCommand(t.url, big), 413, 'PAYLOAD_TOO_LARGE');
    const bytes = Buffer.from(JSON.stringify(big));
    // Chunked: the limit must hold while reading, not only on the declared length.
    await expectRefused(() => rawPost(bytes, { 'transfer-encoding': 'chunked' }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('wrong types -> 400 INCORRECT_INPUT naming the field', async () => {
    const open = openTable('t-s3');
    const reply = await expectRefused(() => postCommand(t.url, { ...open, payload: { ...open.payload, people: 'two' } }), 400, 'INCORRECT_INPUT');
    expect(reply.body).toMatchObject({ message: 'people' });
    await expectRefused(() => postCommand(t.url, { ...open, id: 'not-a-uuid' }), 400, 'INCORRECT_INPUT');
    await expectRefused(() => postCommand(t.url, { ...open, at: 'yesterday' }), 400, 'INCORRECT_INPUT');
    await expectRefused(() => postCommand(t.url, { ...open, payload: { ...open.payload, people: 0 } }), 400, 'INCORRECT_INPUT');
    await expectRefused(() => postCommand(t.url, [open]), 400, 'INCORRECT_INPUT');
  });

  it('a missing field -> 400 REQUIRED_FIELD naming the field', async () => {
    const { tableId: _dropped, ...payload } = openTable('t-s3').payload;
    const reply = await expectRefused(() => postCommand(t.url, { ...openTable('t-s3'), payload }), 400, 'REQUIRED_FIELD');
    expect(reply.body).toMatchObject({ message: 'tableId' });
    const { deviceId: _d, ...noDevice } = command('restaurant.rename', { name: 'x' });
    await expectRefused(() => postCommand(t.url, noDevice), 400, 'REQUIRED_FIELD');
    await expectRefused(() => postCommand(t.url, command('restaurant.rename', { name: '   ' })), 400, 'REQUIRED_FIELD');
    await expectRefused(() => postCommand(t.url, 'null'), 400, 'REQUIRED_FIELD');
  });

  it('an unknown command type -> 400 UNKNOWN_COMMAND', async () => {
    const reply = await expectRefused(
      () => postCommand(t.url, { ...command('restaurant.rename', { name: 'x' }), type: 'table.explode' }),
      400,
      'UNKNOWN_COMMAND',
    );
    expect(reply.body).toMatchObject({ message: 'table.explode' });
    // Inherited object keys are not command types.
    await expectRefused(() => postCommand(t.url, { ...command('restaurant.rename', { name: 'x' }), type: 'constructor' }), 400, 'UNKNOWN_COMMAND');
  });

  it('a command older than the id retention -> 410 COMMAND_EXPIRED', async () => {
    const old = new Date(Date.now() - 8 * 86_400_000).toISOString();
    await expectRefused(() => postCommand(t.url, command('restaurant.rename', { name: 'Old' }, { at: old })), 410, 'COMMAND_EXPIRED');
  });

  it('a domain refusal: opening an occupied table -> 409 TABLE_NOT_FREE', async () => {
    expectOk(await postCommand(t.url, openTable('t-s4')));
    await expectRefused(() => postCommand(t.url, openTable('t-s4')), 409, 'TABLE_NOT_FREE');
    await expectRefused(() => postCommand(t.url, openTable('t-nope')), 404, 'NOT_FOUND');
    await expectRefused(() => postCommand(t.url, command('order.send', { orderId: randomUUID() })), 409, 'ORDER_NOT_OPEN');
  });

});
