import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, PHONE } from '../../client/e2e/browser.ts';
import { ensureClientBuilt } from '../../installer/client-build.ts';
import { startHub } from '#hub/server.ts';
import { fmtBytes, isMain, passText, row, type BenchResult } from './common.ts';

/**
 * What a phone downloads to open the app the first time (empty cache):
 * every HTTP response's bytes as they crossed the wire (headers plus the
 * encoded body, as Chromium counts them), until the network is idle. The live
 * state comes over the WebSocket after that and is not counted here.
 */

/** Issue 8's goals, in bytes (KB = 1,024 bytes). */
export const GOALS = { signInBytes: 150 * 1024, tablesBytes: 250 * 1024 } as const;

export type LoadFigures = { bytes: number; requests: number; largest: { url: string; bytes: number } };

/** Sums the responses `page` receives while `load` runs and until the network is quiet. */
async function measure(page: Page, load: () => Promise<void>): Promise<LoadFigures> {
  const sizes: Promise<{ url: string; bytes: number }>[] = [];
  page.on('requestfinished', (req) => {
    sizes.push(req.sizes().then((s) => ({ url: req.url(), bytes: s.responseHeadersSize + s.responseBodySize })));
  });
  await load();
  await page.waitForLoadState('networkidle');
  const all = await Promise.all(sizes);
  const largest = all.reduce((a, b) => (b.bytes > a.bytes ? b : a), { url: '', bytes: 0 });
  return { bytes: all.reduce((n, s) => n + s.bytes, 0), requests: all.length, largest };
}

async function signInPage(browser: Browser, base: string): Promise<LoadFigures> {
  const context = await browser.newContext(PHONE);
  try {
    const page = await context.newPage();
    return await measure(page, async () => {
      await page.goto(`${base}#/pages/app/numberlogin`);
      await page.getByTestId('number-login-page').waitFor();
    });
  } finally {
    await context.close();
  }
}

async function tablesPage(browser: Browser, base: string): Promise<LoadFigures> {
  const context = await browser.newContext(PHONE);
  try {
    const signIn = await context.request.post(`${base}api/auth/signin`, {
      data: { identifier: '3', secret: '3333', deviceId: 'bench-first-load' },
      headers: { origin: base.slice(0, -1) },
    });
    if (!signIn.ok()) throw new Error(`sign-in refused: ${signIn.status()}`);
    const page = await context.newPage();
    return await measure(page, async () => {
      await page.goto(`${base}#/pages/dining_table/index`);
      await page.getByTestId('table-S1').waitFor({ timeout: 60_000 });
    });
  } finally {
    await context.close();
  }
}

/** Both first loads against a demo hub serving the current build, in headless Chromium as a phone. */
export async function run(log: (m: string) => void = () => undefined): Promise<BenchResult> {
  ensureClientBuilt(log);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'pos-bench-load-'));
  const hub = await startHub({ dataDir, port: 0, host: '127.0.0.1', demo: true, mdns: false, log: () => undefined });
  const browser = await launchBrowser();
  try {
    const signIn = await signInPage(browser, hub.url);
    const tables = await tablesPage(browser, hub.url);
    const signInPass = signIn.bytes < GOALS.signInBytes;
    const tablesPass = tables.bytes < GOALS.tablesBytes;
    return {
      name: 'first-load',
      rows: [
        row('sign-in page, first load on the wire', fmtBytes(signIn.bytes), '< 150 KB', '612 KB before splitting and compression', passText(signInPass, '< 150 KB'), signInPass),
        row('table overview signed in, first load on the wire', fmtBytes(tables.bytes), '< 250 KB', '-', passText(tablesPass, '< 250 KB'), tablesPass),
      ],
      figures: { signInBytes: signIn.bytes, signInRequests: signIn.requests, tablesBytes: tables.bytes, tablesRequests: tables.requests },
      notes: [
        `sign-in: ${signIn.requests} requests, largest ${fmtBytes(signIn.largest.bytes)} (${new URL(signIn.largest.url).pathname})`,
        `tables: ${tables.requests} requests, largest ${fmtBytes(tables.largest.bytes)} (${new URL(tables.largest.url).pathname})`,
      ],
    };
  } finally {
    await browser.close();
    await hub.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const r = await run(console.log);
  for (const x of r.rows) console.log(`${x.figure}: ${x.value} ${x.status}`);
  for (const n of r.notes) console.log(`  ${n}`);
}
