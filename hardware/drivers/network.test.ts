import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintDocument } from '#protocol';
import { parseEscPos } from '../escpos/parse.ts';
import { FakePrinter } from '../testing/fake-printer.ts';
import { kitchenPrinterAt } from '../testing/kitchen-printer.ts';
import { SilentPrinter } from '../testing/silent-printer.ts';
import { createDriver } from './create-driver.ts';

const doc: PrintDocument = {
  blocks: [
    { kind: 'text', text: 'MESA 5 — Señor Ñandú ¿algo más? ¡Sí!', size: 'large' },
    { kind: 'text', text: '宫保鸡丁 x2 sin ají' },
    { kind: 'qr', data: 'https://hub.local/x' },
  ],
  cut: true,
};

let fake: FakePrinter;
beforeEach(async () => {
  fake = await FakePrinter.start();
});
afterEach(async () => {
  await fake.close();
});

const printerAt = kitchenPrinterAt;

describe('network driver against a fake printer', () => {
  it('prints Spanish and Chinese that parse back, with the QR and one cut', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    expect(await driver.print(doc)).toEqual({ ok: true });
    const parsed = parseEscPos(fake.bytes(), { codePage: 'cp858' });
    expect(parsed.texts.filter(Boolean)).toEqual(['MESA 5 - Señor Ñandú', '¿algo más? ¡Sí!', '宫保鸡丁 x2 sin ají']);
    expect(parsed.qrs).toEqual(['https://hub.local/x']);
    expect(parsed.cuts).toBe(1);
  });

  it('opens the drawer with exactly 5 bytes', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    expect(await driver.openDrawer()).toEqual({ ok: true });
    expect([...fake.bytes()]).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);
  });

  it.each([
    [{}, { state: 'ok' }],
    [{ paperOut: true }, { state: 'needsPerson', reason: 'PAPER_OUT' }],
    [{ coverOpen: true }, { state: 'needsPerson', reason: 'COVER_OPEN' }],
    [{ error: true }, { state: 'needsPerson', reason: 'PRINTER_ERROR' }],
  ])('status %o -> %o', async (flags, expected) => {
    fake.setStatus(flags);
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    expect(await driver.status()).toEqual(expected);
  });

  it('paper out: a printer that answers status is not sent the ticket', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    expect(await driver.status()).toEqual({ state: 'ok' });
    fake.setStatus({ paperOut: true });
    expect(await driver.print(doc)).toEqual({ ok: false, canRetry: true, reason: 'PAPER_OUT', written: 0 });
    expect(fake.bytes().length).toBe(0);
  });

  it('unplugged: retry later, and prints once plugged back in', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 1000 });
    await fake.unplug();
    expect(await driver.status()).toEqual({ state: 'retryLater', reason: 'UNREACHABLE' });
    expect(await driver.print(doc)).toEqual({ ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 });
    await fake.plugIn();
    expect(await driver.print(doc)).toEqual({ ok: true });
    expect(parseEscPos(fake.bytes(), { codePage: 'cp858' }).cuts).toBe(1);
  });

  it('a connection cut mid-document is PARTIAL_WRITE, never retried', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    fake.cutAfter(20);
    const outcome = await driver.print(doc);
    expect(outcome).toMatchObject({ ok: false, canRetry: false, reason: 'PARTIAL_WRITE' });
    expect(outcome.ok === false && outcome.written).toBeGreaterThan(0);
    expect(fake.bytes().length).toBe(20);
  });

  it('a port nobody listens on is UNREACHABLE', async () => {
    const port = fake.port;
    await fake.close();
    const driver = createDriver(printerAt(port), { dataDir: '/nonexistent', timeoutMs: 1000 });
    expect(await driver.print(doc)).toEqual({ ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 });
  });

  it('the writing hook runs once the connection is open, before the first byte; refused, nothing is written', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    const seen: number[] = [];
    const hook = (answer: boolean) => async () => {
      seen.push(fake.bytes().length);
      return answer;
    };
    expect(await driver.print(doc, { beforeWrite: hook(false) })).toEqual({ ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 });
    expect(await driver.openDrawer({ beforeWrite: hook(false) })).toEqual({ ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 });
    expect(fake.bytes().length).toBe(0);
    expect(await driver.print(doc, { beforeWrite: hook(true) })).toEqual({ ok: true });
    expect(seen).toEqual([0, 0, 0]);
    expect(parseEscPos(fake.bytes(), { codePage: 'cp858' }).cuts).toBe(1);
  });

  // Issue 19 item 11: a printer switched off on the LAN drops the SYN; unlike a refused port it answers nothing.
  it('a printer switched off on the LAN (its SYNs dropped): UNREACHABLE after the timeout, the writing hook never called', async () => {
    const off = await SilentPrinter.start();
    try {
      const driver = createDriver(printerAt(off.port), { dataDir: '/nonexistent', timeoutMs: 500 });
      let hooked = 0;
      const beforeWrite = async () => {
        hooked++;
        return true;
      };
      expect(await driver.print(doc, { beforeWrite })).toEqual({ ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 });
      expect(await driver.openDrawer({ beforeWrite })).toEqual({ ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 });
      expect(await driver.status()).toEqual({ state: 'retryLater', reason: 'UNREACHABLE' });
      expect(hooked).toBe(0);
    } finally {
      await off.close();
    }
  });

  it('answers(): an open connection and a refused one answer (a busy printer refuses a second), silence does not; nothing is written', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    expect(await driver.answers?.()).toBe(true);
    await fake.unplug();
    expect(await driver.answers?.()).toBe(true);
    await fake.plugIn();
    expect(fake.bytes().length).toBe(0);
    const off = await SilentPrinter.start();
    try {
      expect(await createDriver(printerAt(off.port), { dataDir: '/nonexistent', timeoutMs: 500 }).answers?.()).toBe(false);
    } finally {
      await off.close();
    }
  });

  // Issue 19 item 13: a ticket counted printed 1 s after its last byte unless the printer reset the connection.
  it('a printer that answers status confirms each printout (GS r, answered in turn), kept off the paper', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 2000 });
    expect(await driver.status()).toEqual({ state: 'ok' });
    expect(await driver.print(doc)).toEqual({ ok: true });
    expect(fake.confirmations).toBe(1);
    const parsed = parseEscPos(fake.bytes(), { codePage: 'cp858' });
    expect(parsed.cuts).toBe(1);
    expect([...fake.bytes().slice(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
  });

  it('power lost with the ticket in its buffer (no answer, no reset): maybe printed (PARTIAL_WRITE, for a person), never done', async () => {
    const driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 300 });
    expect(await driver.status()).toEqual({ state: 'ok' });
    fake.dieBeforeConfirming();
    const outcome = await driver.print(doc);
    expect(outcome).toMatchObject({ ok: false, canRetry: false, reason: 'PARTIAL_WRITE' });
    expect(fake.confirmations).toBe(0);
  });

  it('a printer that ignores DLE EOT and never closes its side: status ok, job printed', async () => {
    const got: Buffer[] = [];
    const silent = net.createServer({ allowHalfOpen: true }, (socket) => {
      socket.on('data', (d: Buffer) => got.push(d));
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as net.AddressInfo).port;
    try {
      const driver = createDriver(printerAt(port), { dataDir: '/nonexistent', timeoutMs: 3000 });
      expect(await driver.status()).toEqual({ state: 'ok' });
      expect(await driver.print(doc)).toEqual({ ok: true });
      expect(parseEscPos(new Uint8Array(Buffer.concat(got)), { codePage: 'cp858' }).cuts).toBe(1);
    } finally {
      silent.close();
    }
  });
});
