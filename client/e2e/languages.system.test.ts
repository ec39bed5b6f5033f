import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { CLIENT_DIST } from '../../installer/client-build.ts';
import { es } from '../src/i18n/languages/es-all.ts';
import { ZH_FEATURES } from '../src/i18n/languages/zh.ts';
import { mergeTexts } from '../src/i18n/define.ts';
import { TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

/*
 * Languages on demand (client/src/i18n/README.md): the first load carries
 * Spanish only; Chinese is fetched when chosen, the screen stays in the
 * current language until it is here, and a device that keeps Chinese starts
 * in Chinese from its first frame.
 */

const env = useBrowserHub({ tmpPrefix: 'pos-lang-' });
const OWNER = DEMO_STAFF[0]!;
const zh = mergeTexts(ZH_FEATURES);
const TABLES = '#/pages/dining_table/index';

/** Every key of the client's texts (`nav.tables`…): none may ever show on screen as it is. */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [prefix + k] : keysOf(v as object, `${prefix}${k}.`)));
}
const ALL_KEYS = keysOf(es);
const rawKeysIn = (text: string) => ALL_KEYS.filter((key) => text.includes(key));

/** Records the text of #root after each change React commits, before the browser paints it. */
function recordFrames(): void {
  const seen: string[] = [];
  (window as unknown as { __frames: string[] }).__frames = seen;
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root && root.textContent && seen.length < 500) seen.push(root.textContent);
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

describe('languages loaded on demand', () => {
  it('the first-load files of the build carry no Chinese text; a chunk of its own does', () => {
    const html = readFileSync(path.join(CLIENT_DIST, 'index.html'), 'utf8');
    const firstLoad = [...html.matchAll(/(?:src|href)="\.\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(firstLoad.length).toBeGreaterThan(1);
    const samples = [zh.nav.tables, zh.app.title, zh.errors.INTERNAL, zh.login.title];
    for (const file of firstLoad) {
      const js = readFileSync(path.join(CLIENT_DIST, file), 'utf8');
      for (const text of samples) expect(js.includes(text), `${file} has ${text}`).toBe(false);
    }
    const chunk = readFileSync(path.join(CLIENT_DIST, 'assets', chunkOf('zh')), 'utf8');
    for (const text of samples) expect(chunk).toContain(text);
  });

  it('switching to 中文 fetches Chinese once, keeps Spanish until it is here, then shows no raw key; a reload starts in Chinese', async () => {
    const context = await env.browser.newContext(TILL);
    await context.addInitScript(recordFrames);
    const page = await context.newPage();
    const zhRequests: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/zh-[^/]+\.js$/.test(r.url())) zhRequests.push(r.url());
    });
    // Hold the Chinese chunk until the test lets it go: "while loading" without any timing.
    let release = () => undefined as void;
    let held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/zh-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await signInOnPage(page, env.hub.url, OWNER.code, OWNER.pin);
      await page.goto(`${env.hub.url}${TABLES}`);
      await expect.poll(() => page.getByTestId('nav-tables').textContent()).toBe(es.nav.tables);
      expect(zhRequests).toEqual([]);

      await page.getByTestId('language').selectOption('zh');
      await expect.poll(() => zhRequests.length).toBe(1);
      // The chunk is on its way and held: the screen is still whole, in Spanish.
      expect(await page.getByTestId('nav-tables').textContent()).toBe(es.nav.tables);
      expect(await page.getByTestId('language').inputValue()).toBe('es');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

      release();
      await expect.poll(() => page.getByTestId('nav-tables').textContent()).toBe(zh.nav.tables);
      expect(await page.getByTestId('language').inputValue()).toBe('zh');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh');
      expect(await page.getByTestId('table-S1').textContent()).toContain(zh.status['1']);
      const frames = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
      expect(frames.flatMap(rawKeysIn)).toEqual([]);
      expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh_CN');

      // Back to Spanish (in the first load: nothing to fetch), then Chinese again from memory.
      await page.getByTestId('language').selectOption('es');
      await expect.poll(() => page.getByTestId('nav-tables').textContent()).toBe(es.nav.tables);
      await page.getByTestId('language').selectOption('zh');
      await expect.poll(() => page.getByTestId('nav-tables').textContent()).toBe(zh.nav.tables);
      expect(zhRequests).toHaveLength(1);

      // A reload with zh kept, the chunk held again (routing turns the HTTP cache off): nothing is
      // drawn until Chinese is here, although the session boots and the live channel opens meanwhile.
      held = new Promise<void>((resolve) => (release = resolve));
      const channelOpen = page.waitForEvent('websocket');
      await page.reload({ waitUntil: 'commit' });
      await expect.poll(() => zhRequests.length).toBe(2);
      await channelOpen;
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      expect(await page.evaluate(() => document.getElementById('root')?.textContent ?? '')).toBe('');
      release();
      // Then the first frame is already Chinese: never Spanish, never a key.
      await expect.poll(() => page.getByTestId('nav-tables').textContent()).toBe(zh.nav.tables);
      const afterReload = await page.evaluate(() => (window as unknown as { __frames: string[] }).__frames);
      expect(afterReload.length).toBeGreaterThan(0);
      const spanishOnly = [es.nav.tables, es.app.language, es.connection.online, es.connection.connecting];
      for (const frame of afterReload) for (const text of spanishOnly) expect(frame.includes(text), `Spanish "${text}" in a frame`).toBe(false);
      expect(afterReload.flatMap(rawKeysIn)).toEqual([]);
    } finally {
      release();
      await context.close();
    }
  });
});

/** The built file of a language's own chunk (`zh-<hash>.js`). */
function chunkOf(lang: 'en' | 'zh'): string {
  const files = readdirSync(path.join(CLIENT_DIST, 'assets')).filter((f) => new RegExp(`^${lang}-[\\w-]+\\.js$`).test(f));
  expect(files).toHaveLength(1);
  return files[0]!;
}
