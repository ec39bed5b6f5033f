/**
 * A USB printer through the Linux printer-class device (/dev/usb/lpN): the
 * kernel's usblp driver makes the printer a file, so node:fs writes to it
 * and no native module is needed. Status: DLE EOT written and the answer
 * read without blocking (usblp returns what the printer sent back) for a
 * short while; a device that opens but does not answer counts as ok.
 */
import { constants, promises as fs } from 'node:fs';
import type { PrintDocument, PrinterStatus } from '#protocol';
import { DRAWER_KICK, statusRequest } from '../escpos/commands.ts';
import { encodeOffThread } from '../escpos/encode-thread.ts';
import { encodeFailed } from './network.ts';
import type { EncodeSettings, PrintMeta, PrintOutcome, PrinterDriver } from '../printer.ts';
import { statusFromAnswers, type StatusAnswers } from './status-bits.ts';

const STATUS_ANSWER_MS = 300;
const POLL_MS = 30;

const missing: PrintOutcome = { ok: false, canRetry: true, reason: 'DEVICE_MISSING', written: 0 };

async function writeAll(path: string, bytes: Uint8Array, beforeWrite?: () => Promise<boolean>): Promise<PrintOutcome> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path, constants.O_WRONLY | constants.O_APPEND);
  } catch {
    return missing;
  }
  let written = 0;
  try {
    // The device is there: from the first byte on, the job may be on paper (the hub records that first).
    if (beforeWrite && !(await beforeWrite().catch(() => false))) return { ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 };
    while (written < bytes.length) {
      const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
      written += bytesWritten;
    }
    return { ok: true };
  } catch {
    // Unplugged in the middle: what already went out may be on paper.
    return written > 0 ? { ok: false, canRetry: false, reason: 'PARTIAL_WRITE', written } : missing;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

async function readAnswer(handle: fs.FileHandle): Promise<number | undefined> {
  const buffer = new Uint8Array(1);
  for (let waited = 0; waited < STATUS_ANSWER_MS; waited += POLL_MS) {
    try {
      const { bytesRead } = await handle.read(buffer, 0, 1, null);
      if (bytesRead === 1) return buffer[0];
    } catch {
      // EAGAIN: nothing yet.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return undefined;
}

async function askStatus(path: string): Promise<StatusAnswers | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(path, constants.O_RDWR | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  const answers: StatusAnswers = {};
  try {
    for (const n of [1, 2, 4] as const) {
      await handle.write(statusRequest(n));
      const byte = await readAnswer(handle);
      if (byte === undefined) break;
      answers[n] = byte;
    }
  } catch {
    // A device that takes no status question is still there: nothing known beyond that.
  } finally {
    await handle.close().catch(() => undefined);
  }
  return answers;
}

/** The driver of the USB printer at `path` (/dev/usb/lpN). */
export function usbDriver(path: string, settings: EncodeSettings): PrinterDriver {
  return {
    print: async (document: PrintDocument, meta?: PrintMeta) => {
      const bytes = await encodeOffThread(document, settings).catch(() => null);
      return bytes ? writeAll(path, bytes, meta?.beforeWrite) : encodeFailed;
    },
    openDrawer: (meta?: PrintMeta) => writeAll(path, DRAWER_KICK, meta?.beforeWrite),
    status: async (): Promise<PrinterStatus> => {
      const answers = await askStatus(path);
      return answers ? statusFromAnswers(answers) : { state: 'retryLater', reason: 'DEVICE_MISSING' };
    },
    // The device file is there while the printer is plugged in and powered (usblp removes it otherwise).
    answers: () => fs.access(path, constants.W_OK).then(
      () => true,
      () => false,
    ),
    close: async () => undefined,
  };
}

/** The USB printer-class devices present (/dev/usb/lp*), sorted; none when the folder is absent. */
export async function listUsbPrinters(devDir = '/dev/usb'): Promise<string[]> {
  try {
    const names = await fs.readdir(devDir);
    return names
      .filter((name) => /^lp\d{1,2}$/.test(name))
      .sort((a, b) => Number(a.slice(2)) - Number(b.slice(2)))
      .map((name) => `${devDir}/${name}`);
  } catch {
    return [];
  }
}
