import { freePort } from '#hub/testing/child-hub.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { fullBoard } from '#hub/presenters/job-board.ts';
import type { JobBoard } from '#protocol';
import { SOCKET_EVENTS, VIRTUAL_PRINTER } from '#protocol';
import { command, connectDevice, postCommand, signedIn, startTestHub, waitUntil, type DeviceSocket, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * The job board on real sockets (hub/sync/README.md "The job board"): each
 * device gets its board at connect and after a resume, and a burst of jobs
 * ends in a board equal to the table's counts (the trailing push), with
 * far fewer boards than job changes.
 */

const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
const OFF = 'pr-off-board';
let t: TestHub;
let waiterCookie = '';
const open: DeviceSocket[] = [];

/** A device that records the boards it receives. */
function device(cookie?: string): { socket: DeviceSocket; boards: JobBoard[] } {
  const socket = connectDevice(t.url, { autoConnect: false, ...(cookie ? { cookie } : {}) });
  const boards: JobBoard[] = [];
  socket.on(SOCKET_EVENTS.jobBoard, (b) => boards.push(b));
  socket.connect();
  open.push(socket);
  return { socket, boards };
}

const offLane = (b: JobBoard | undefined) => b?.lanes.find((l) => l.printerId === OFF);
const queued = (b: JobBoard | undefined) => {
  const lane = offLane(b);
  return lane ? lane.waiting + lane.running : 0;
};

beforeAll(async () => {
  t = await startTestHub();
  waiterCookie = await signedIn(t.url, waiter.code, waiter.pin, 'waiter-phone');
  const printer = { ...VIRTUAL_PRINTER, id: OFF, name: 'Apagada', connection: { type: 'network' as const, host: '127.0.0.1', port: await freePort() }, receipts: false, prebills: false, stations: [], drawer: false };
  expect((await postCommand(t.url, command('printer.save', { printer }))).body.ok).toBe(true);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t?.close();
});

describe('the job board push', () => {
  it('comes at connect, then after a burst of 40 jobs ends equal to the table, in fewer boards than changes', async () => {
    const owner = device();
    const phone = device(waiterCookie);
    await waitUntil(() => owner.boards.length > 0 && phone.boards.length > 0, 5000, 'the boards at connect');
    const before = owner.boards.length;
    const seqBefore = t.hub.engine.seq;
    await Promise.all(Array.from({ length: 40 }, () => postCommand(t.url, command('printer.testPrint', { printerId: OFF }))));
    const expected = () => fullBoard(t.hub.engine.jobs);
    await waitUntil(() => queued(expected()) === 40, 10_000, 'forty waiting in the table');
    // The last board each device holds is the table's (the trailing push), whatever the pace.
    await waitUntil(() => JSON.stringify(owner.boards.at(-1)?.lanes) === JSON.stringify(expected().lanes), 10_000, 'the owner\'s last board');
    await waitUntil(() => JSON.stringify(phone.boards.at(-1)?.lanes) === JSON.stringify(expected().lanes), 10_000, 'the waiter\'s last board');
    expect(queued(owner.boards.at(-1))).toBe(40);
    expect(queued(phone.boards.at(-1))).toBe(40);
    // Coalesced: 40 commands (and the lane's tries) committed many changes, the devices got fewer boards.
    const changes = t.hub.engine.seq - seqBefore;
    expect(changes).toBeGreaterThanOrEqual(40);
    expect(owner.boards.length - before).toBeLessThan(changes);
    // Every board a device got is the same for both but for the stuck list.
    expect(phone.boards.every((b) => b.stuck.length === 0)).toBe(true);
  });

  it('comes again after a resume (a device back from a gap needs the counts now)', async () => {
    const d = device();
    await waitUntil(() => d.boards.length > 0, 5000, 'the board at connect');
    const n = d.boards.length;
    d.socket.emit(SOCKET_EVENTS.resume, { storeId: t.hub.engine.storeId, lastSeq: t.hub.engine.seq });
    await waitUntil(() => d.boards.length > n, 5000, 'the board after the resume');
    expect(queued(d.boards.at(-1))).toBe(queued(fullBoard(t.hub.engine.jobs)));
  });
});
