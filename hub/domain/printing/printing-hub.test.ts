import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIRTUAL_PRINTER } from '#protocol';
import { hubCommand } from '#hub/auth/hub-command.ts';
import { command, getState, postCommand, signedIn, startTestHub, type TestHub } from '#hub/testing/test-hub.ts';

/**
 * Printers through the real hub: the gates (a waiter may not change
 * printers, nobody but the hub reports a status), a refused command records
 * nothing, and every signed-in device sees the printers and their status.
 */

let t: TestHub;
let waiter = '';
beforeAll(async () => {
  // The status monitor is slowed down: this test records statuses by hand for a printer that does not exist.
  t = await startTestHub({ printerStatusEveryMs: 3_600_000 });
  waiter = await signedIn(t.url, '3', '3333', 'waiter-phone');
});
afterAll(() => t.close());

const bar = { ...VIRTUAL_PRINTER, id: 'pr-bar', name: 'Bar', connection: { type: 'network' as const, host: '127.0.0.1', port: 9 }, receipts: false, prebills: false };

describe('printers through the hub', () => {
  it('a waiter cannot save, remove or test a printer (FORBIDDEN, nothing recorded); the owner can', async () => {
    const seq = t.hub.engine.seq;
    for (const cmd of [command('printer.save', { printer: bar }), command('printer.remove', { printerId: 'virtual' }), command('printer.testPrint', { printerId: 'virtual' })]) {
      const reply = await postCommand(t.url, cmd, {}, { cookie: waiter });
      expect(reply.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    }
    expect(t.hub.engine.seq).toBe(seq);
    expect((await postCommand(t.url, command('printer.save', { printer: bar }))).body.ok).toBe(true);
  });

  it('nobody but the hub reports a status; the waiter sees printers and the status the hub reported', async () => {
    const forged = await postCommand(t.url, command('printer.reportStatus', { printerId: 'pr-bar', status: { state: 'ok' } }));
    expect(forged.body).toMatchObject({ ok: false, code: 'FORBIDDEN' });
    const status = { state: 'needsPerson', reason: 'PAPER_OUT' } as const;
    const r = await t.hub.engine.submit(hubCommand('printer.reportStatus', { printerId: 'pr-bar', status }, 'hub', new Date()), { staffId: null, deviceId: 'hub' });
    expect(r.ok).toBe(true);
    const seen = (await getState(t.url, { cookie: waiter })).state;
    expect(Object.keys(seen.printers).sort()).toEqual(['pr-bar', 'virtual']);
    expect(seen.printerStatus['pr-bar']?.status).toEqual(status);
  });

  it('a hostile printer id is refused at the door and records nothing', async () => {
    const seq = t.hub.engine.seq;
    const reply = await postCommand(t.url, { ...command('printer.save', { printer: bar }), payload: { printer: { ...bar, id: '__proto__' } } });
    expect(reply.body).toMatchObject({ ok: false, code: 'INCORRECT_INPUT' });
    expect(t.hub.engine.seq).toBe(seq);
  });
});
