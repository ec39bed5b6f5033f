import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestHub } from '#hub/testing/test-hub.ts';

/**
 * The hub's close (SIGTERM, systemd's stop at power-off: installer/linux) must
 * not wait on a client. A connection that never sends a request, as a
 * browser's speculative preconnect, held it until the client went away: the
 * service was then killed at TimeoutStopSec, without its final snapshot.
 */
describe('closing the hub', () => {
  it('does not wait for a connection that never sent a request, nor for one halfway through its headers', async () => {
    const hub = await startTestHub({ signIn: false });
    const port = Number(new URL(hub.url).port);
    const open = (first: string): Promise<Socket> =>
      new Promise((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          if (first) socket.write(first);
          resolve(socket);
        });
        socket.on('error', reject);
      });
    const silent = await open('');
    const halfway = await open('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const ended = [silent, halfway].map((s) => new Promise<void>((resolve) => s.once('close', () => resolve())));
    silent.on('error', () => {});
    halfway.on('error', () => {});

    await hub.close(); // hung before: this line is the test (the file's time limit fails it)
    await Promise.all(ended);
    expect([silent.destroyed, halfway.destroyed]).toEqual([true, true]);
  });
});
