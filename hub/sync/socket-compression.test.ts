import type { Socket as TcpSocket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SOCKET_EVENTS } from '#protocol';
import { command, connectDevice, recordMessages, sendCommand, startTestHub, waitUntil, whenConnected, type DeviceSocket, type Received, type TestHub } from '#hub/testing/test-hub.ts';
import { SOCKET_DEFLATE_FROM_BYTES } from './socket-server.ts';

/**
 * Which of the hub's messages go deflated, read off the wire: ws applies the
 * deflate threshold only when the hub negotiates no context takeover, and
 * without it every change was deflated by the hub and inflated by each
 * device (issue 20, the ack row: 15 % of the hub's CPU).
 */

let t: TestHub;
const open: DeviceSocket[] = [];

beforeAll(async () => {
  t = await startTestHub();
});
afterAll(async () => {
  for (const s of open.splice(0)) s.disconnect();
  await t?.close();
});

/** What the test reads of a ws client's insides: its TCP socket and the negotiated deflate parameters. */
type WsInternals = { _socket: TcpSocket; _extensions: Record<string, { params: Record<string, unknown> } | undefined> };

type Frame = { compressed: boolean; opcode: number; length: number };

/** The frames the hub sends on `tcp` (server frames are never masked), parsed as they arrive. */
function tapFrames(tcp: TcpSocket, frames: Frame[]): void {
  let pending = Buffer.alloc(0);
  let skip = 0;
  tcp.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (skip > 0) {
        const n = Math.min(skip, pending.length);
        pending = pending.subarray(n);
        skip -= n;
        if (skip > 0) return;
      }
      if (pending.length < 2) return;
      let length = pending[1]! & 0x7f;
      let header = 2;
      if (length === 126) {
        if (pending.length < 4) return;
        length = pending.readUInt16BE(2);
        header = 4;
      } else if (length === 127) {
        if (pending.length < 10) return;
        length = Number(pending.readBigUInt64BE(2));
        header = 10;
      }
      frames.push({ compressed: (pending[0]! & 0x40) !== 0, opcode: pending[0]! & 0x0f, length });
      pending = pending.subarray(header);
      skip = length;
    }
  });
}

/** A device whose incoming frames are tapped from before its snapshot arrives. */
async function tappedDevice(): Promise<{ socket: DeviceSocket; got: Received[]; frames: Frame[]; noContextTakeover: boolean }> {
  const socket = connectDevice(t.url, { autoConnect: false });
  open.push(socket);
  const got = recordMessages(socket);
  const frames: Frame[] = [];
  let noContextTakeover = false;
  // The engine opens (handshake answered) before the socket.io connect that brings the snapshot.
  socket.io.on('open', () => {
    const ws = (socket.io.engine.transport as unknown as { ws: WsInternals }).ws;
    noContextTakeover = ws._extensions['permessage-deflate']?.params.server_no_context_takeover === true;
    tapFrames(ws._socket, frames);
  });
  socket.connect();
  await whenConnected(socket);
  return { socket, got, frames, noContextTakeover };
}

it('the hub negotiates no context takeover, so the deflate threshold applies', async () => {
  const { noContextTakeover } = await tappedDevice();
  expect(noContextTakeover).toBe(true);
});

it('changes go as they are; only messages past the threshold go deflated', async () => {
  const { socket, got, frames } = await tappedDevice();
  await waitUntil(() => got.some((m) => m.event === SOCKET_EVENTS.snapshot), 5000, 'snapshot');
  const before = frames.length;
  for (let i = 0; i < 3; i++) expect((await sendCommand(socket, command('restaurant.rename', { name: `Casa ${i}` }))).ok).toBe(true);
  await waitUntil(() => got.filter((m) => m.event === SOCKET_EVENTS.change).length >= 3, 5000, 'three changes');
  const isData = (f: Frame) => f.opcode === 0x1 || f.opcode === 0x2;
  // The acks and changes after the snapshot: small, never deflated.
  const afterSnapshot = frames.slice(before).filter(isData);
  expect(afterSnapshot.length).toBeGreaterThanOrEqual(6);
  expect(afterSnapshot.filter((f) => f.compressed)).toEqual([]);
  // Whatever went as it is was below the threshold (a larger one would have been deflated).
  for (const f of frames.filter(isData)) if (!f.compressed) expect(f.length).toBeLessThan(SOCKET_DEFLATE_FROM_BYTES);
});
