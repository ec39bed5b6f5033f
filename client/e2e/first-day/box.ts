import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { FakePrinter } from '../../../hardware/testing/fake-printer.ts';
import { startHub, type RunningHub } from '#hub/server.ts';
import { ensureClientBuilt } from '../../../installer/client-build.ts';
import { launchBrowser } from '../browser.ts';
import { SHOTS } from '../harness.ts';

/** What `useNewBox` started: a hub with no demo whose only printer is the TCP fake it printed its setup slip on. */
export type NewBox = { readonly hub: RunningHub; readonly printer: FakePrinter; readonly browser: Browser };

/**
 * A restaurant's box on its first morning: an unclaimed hub without the demo
 * on a fresh data folder, which found a receipt printer (a TCP fake) at its
 * first start and printed the setup slip on it; and a headless Chromium for
 * the owner's till, the waiter's phone and the kitchen tablet. Closed and
 * removed after the file's tests.
 */
export function useNewBox(tmpPrefix: string): NewBox {
  let hub: RunningHub | undefined;
  let printer: FakePrinter | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    ensureClientBuilt(() => undefined);
    mkdirSync(SHOTS, { recursive: true });
    printer = await FakePrinter.start();
    dataDir = mkdtempSync(path.join(tmpdir(), tmpPrefix));
    hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: false, mdns: false, log: () => undefined, setupPrinter: { host: '127.0.0.1', port: printer.port } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    await printer?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not started yet: use it inside tests or hooks`);
    return value;
  };
  return {
    get hub() {
      return started(hub, 'the hub');
    },
    get printer() {
      return started(printer, 'the fake printer');
    },
    get browser() {
      return started(browser, 'the browser');
    },
  };
}
