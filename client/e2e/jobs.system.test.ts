import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { makeFailedJob } from '#hub/jobs/test-helpers.ts';
import { TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

const owner = DEMO_STAFF[0]!;
const waiter = DEMO_STAFF.find((s) => s.roleId === 'waiter')!;
const contexts: BrowserContext[] = [];
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-jobs-' });

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function newPage() {
  const context = await env.browser.newContext(TILL);
  contexts.push(context);
  return context.newPage();
}

describe('stuck jobs page (owner, manager)', () => {
  it('lists failed jobs live; retry runs one, cancel gives one up, both leave the list', async () => {
    const page = await newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    await page.getByTestId('nav-jobs').click();
    await page.getByTestId('jobs-empty').waitFor();

    // Made while the page is open: it appears without a reload.
    const [retried, cancelled] = [await makeFailedJob(env.hub.engine), await makeFailedJob(env.hub.engine)];
    const retryRow = page.getByTestId(`job-${retried}`);
    const cancelRow = page.getByTestId(`job-${cancelled}`);
    await retryRow.waitFor();
    await cancelRow.waitFor();
    await expect.poll(() => retryRow.textContent()).toContain('El equipo no responde');

    await retryRow.getByTestId('job-retry').click();
    await retryRow.waitFor({ state: 'detached' });
    await expect.poll(() => env.hub.engine.jobs.get(retried)?.status).toBe('done');

    await cancelRow.getByTestId('job-cancel').click();
    await cancelRow.getByTestId('job-cancel-confirm').click();
    await cancelRow.waitFor({ state: 'detached' });
    // The row leaves at once (optimistic view); the hub records the cancel when the outbox delivers it.
    await expect.poll(() => env.hub.engine.jobs.get(cancelled)?.status).toBe('cancelled');
    await page.getByTestId('jobs-empty').waitFor();
  });

  it('pages the stuck list from the hub: 20 at a time, the total counts only the stuck jobs, "more" brings the rest', async () => {
    const page = await newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push(await makeFailedJob(env.hub.engine));
    await page.getByTestId('nav-jobs').click();
    const rows = page.locator('[data-testid="jobs-list"] > li');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(20);
    // Newest first; the count is the hub's, of stuck jobs only (the many done ones never count).
    expect(await rows.first().getAttribute('data-testid')).toBe(`job-${made.at(-1)}`);
    expect(await page.getByTestId('jobs-stuck-total').textContent()).toBe('25 tareas detenidas');
    await page.getByTestId('jobs-more').click();
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(25);
    await page.getByTestId('jobs-more').waitFor({ state: 'detached' });
    // A job made while the list is open comes in at the top, with every row loaded kept.
    const late = await makeFailedJob(env.hub.engine);
    await expect.poll(() => rows.first().getAttribute('data-testid'), { timeout: 10_000 }).toBe(`job-${late}`);
    expect(await rows.count()).toBe(26);
  });

  it('a waiter has no entry for it', async () => {
    const page = await newPage();
    await signInOnPage(page, env.hub.url, waiter.code, waiter.pin);
    await page.getByTestId('nav-tables').waitFor();
    expect(await page.getByTestId('nav-jobs').count()).toBe(0);
  });
});
