import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startHub, type RunningHub } from '#hub/server.ts';
import { ensureClientBuilt, ROOT } from '../../installer/client-build.ts';
import { launchBrowser } from './browser.ts';

/** Screenshots land here for a person to look at (CI keeps them as artifacts). */
export const SHOTS = path.join(ROOT, 'test-artifacts', 'screenshots');

/** A hub of the test's own on 127.0.0.1, on a free port, without mDNS or logs. */
function startTestHub(dataDir: string, demo: boolean): Promise<RunningHub> {
  return startHub({ dataDir, port: 0, host: '127.0.0.1', demo, mdns: false, log: () => undefined });
}

/** What `useBrowserHub` started; read it inside tests and hooks (before `beforeAll` there is nothing yet). */
export type BrowserHub = { readonly hub: RunningHub; readonly browser: Browser };

/**
 * The set-up of a browser test file: before its tests, the client is built
 * (when stale), a demo hub starts on a fresh temporary data folder and a
 * headless Chromium is launched; after them both are closed and the folder
 * removed. Call it at the top of the file, before the file's own hooks,
 * which then run after this start and before this clean-up.
 */
export function useBrowserHub(options: { tmpPrefix: string; screenshots?: boolean }): BrowserHub & { readonly dataDir: string } {
  let hub: RunningHub | undefined;
  let browser: Browser | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    ensureClientBuilt(() => undefined);
    if (options.screenshots) mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(path.join(tmpdir(), options.tmpPrefix));
    hub = await startTestHub(dataDir, true);
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await hub?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get hub() {
      return started(hub, 'the hub');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    get dataDir() {
      return started(dataDir, 'the data folder');
    },
  };
}

function started<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not started yet: use it inside tests or hooks`);
  return value;
}

/** Runs `use` against a new, unclaimed hub (no demo data) on a temporary data folder of its own; closes it and removes the folder after. */
export async function withFreshHub(tmpPrefix: string, use: (hub: RunningHub) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), tmpPrefix));
  const fresh = await startTestHub(dir, false);
  try {
    await use(fresh);
  } finally {
    await fresh.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
