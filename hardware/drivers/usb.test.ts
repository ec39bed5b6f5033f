import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintDocument } from '#protocol';
import { parseEscPos } from '../escpos/parse.ts';
import { answersFor } from './status-bits.ts';
import { listUsbPrinters, usbDriver } from './usb.ts';

// A real /dev/usb/lpN cannot exist here: a temporary file stands in for the device,
// which is what the kernel's usblp driver looks like to node:fs.
const settings = { paper: 58, codePage: 'cp850', cjk: 'gb18030', qr: 'native' } as const;
const doc: PrintDocument = { blocks: [{ kind: 'text', text: 'Cuenta: ñandú 咖啡' }], cut: true };

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'usb-lp-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('usb driver', () => {
  it('writes the document to the device file', async () => {
    const device = path.join(dir, 'lp0');
    await fs.writeFile(device, '');
    const driver = usbDriver(device, settings);
    expect(await driver.print(doc)).toEqual({ ok: true });
    expect(await driver.openDrawer()).toEqual({ ok: true });
    const parsed = parseEscPos(new Uint8Array(await fs.readFile(device)), settings);
    expect(parsed.texts.filter(Boolean)).toEqual(['Cuenta: ñandú 咖啡']);
    expect(parsed.cuts).toBe(1);
    expect(parsed.drawerKicks.map((k) => [...k])).toEqual([[0x1b, 0x70, 0x00, 0x19, 0xfa]]);
  });

  it('a missing device: retry later, DEVICE_MISSING', async () => {
    const driver = usbDriver(path.join(dir, 'lp9'), settings);
    expect(await driver.print(doc)).toEqual({ ok: false, canRetry: true, reason: 'DEVICE_MISSING', written: 0 });
    expect(await driver.status()).toEqual({ state: 'retryLater', reason: 'DEVICE_MISSING' });
  });

  it('a device that opens but does not answer status is ok', async () => {
    const device = path.join(dir, 'lp0');
    await fs.writeFile(device, '');
    expect(await usbDriver(device, settings).status()).toEqual({ state: 'ok' });
  });

  it.each([
    [{}, { state: 'ok' }],
    [{ paperOut: true }, { state: 'needsPerson', reason: 'PAPER_OUT' }],
    [{ coverOpen: true }, { state: 'needsPerson', reason: 'COVER_OPEN' }],
  ])('a device answering DLE EOT as %o reads as %o', async (flags, expected) => {
    // A regular file opened read-write shares one position between writes and reads: each
    // 3-byte question is written, then the next byte is read. Putting the answers at bytes
    // 3, 7 and 11 makes the file answer like a printer (a real usblp device keeps the two
    // directions apart, which a file cannot).
    const device = path.join(dir, 'lp0');
    const answers = answersFor(flags);
    await fs.writeFile(device, Uint8Array.of(0, 0, 0, answers[1], 0, 0, 0, answers[2], 0, 0, 0, answers[4]));
    expect(await usbDriver(device, settings).status()).toEqual(expected);
  });

  it('lists lpN devices only, in number order', async () => {
    for (const name of ['lp10', 'lp1', 'lp0', 'hiddev0', 'lpx']) await fs.writeFile(path.join(dir, name), '');
    expect(await listUsbPrinters(dir)).toEqual(['lp0', 'lp1', 'lp10'].map((n) => path.join(dir, n)));
    expect(await listUsbPrinters(path.join(dir, 'none'))).toEqual([]);
  });
});
