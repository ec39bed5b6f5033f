import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import { expectedByMethod } from '#hub/domain/shift/totals.ts';
import { PHONE, TILL } from './browser.ts';
import { SHOTS, useBrowserHub } from './harness.ts';
import { asHub, servedOrder } from './hub-commands.ts';
import { signInOnPage } from './sign-in.ts';

/**
 * Issue 21, riders: the owner fills SPEC.md's rider fields on the riders page; cash a rider
 * collected at a door waits outside the drawer until the cashier receives it on the shift page
 * (a short hand-in leaves the rest owed); the rider's phone (/pages/take_out/rider, their home)
 * shows their order with what to collect and the change to bring, a maps link, and the taps
 * "picked up" and "delivered". Screenshots at 360x740 and 1280x800, in Spanish and Chinese.
 */
const owner = DEMO_STAFF[0]!;
const RIDER = { id: 'staff-rider-ana', code: '8', name: 'Ana Rojas', pin: '8888' };
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-riders-', screenshots: true });
const STORED = { es: 'es_US', zh: 'zh_CN' } as const;

async function signedIn(who: { code: string; pin: string }, options: typeof PHONE | typeof TILL, lang: keyof typeof STORED = 'es'): Promise<Page> {
  const context = await env.browser.newContext(options);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), STORED[lang]);
  const page = await context.newPage();
  await signInOnPage(page, env.hub.url, who.code, who.pin);
  return page;
}
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `riders-${name}.png`), fullPage: true });

async function riderOnStaff(): Promise<void> {
  if (env.hub.engine.state.staff[RIDER.id]) return;
  await asHub(env, 'staff.save', { id: RIDER.id, name: RIDER.name, code: RIDER.code, roleId: 'rider' });
  await env.hub.auth.storePin(RIDER.id, RIDER.pin);
  await asHub(env, 'staff.noteCredentials', { staffId: RIDER.id, hasPin: true, hasPassword: false });
}

describe('riders, issue 21', () => {
  it('the owner fills a rider\'s SPEC fields on the riders page', async () => {
    await riderOnStaff();
    const page = await signedIn(owner, TILL);
    await page.goto(`${env.hub.url}#/pages/staff/index`);
    await page.getByTestId('staff-riders').click();
    await page.getByTestId(`rider-row-${RIDER.id}`).click();
    await page.getByTestId('rider-initials').fill('AR');
    await page.getByTestId('rider-color-teal').click();
    await page.getByTestId('rider-number').fill('07');
    await page.getByTestId('rider-level').selectOption('3');
    await page.getByTestId('rider-kind-freelance').click();
    // A landline is refused on the device, with the reason, before anything is sent.
    await page.getByTestId('rider-phone').fill('014567890');
    await page.getByTestId('rider-save').click();
    await page.locator('.field-error').waitFor();
    expect(env.hub.engine.state.riders[RIDER.id]).toBeUndefined();
    await page.getByTestId('rider-phone').fill('987 111 222'.replace(/ /g, ''));
    await shot(page, 'edit-1280-es');
    await page.getByTestId('rider-save').click();
    await expect.poll(() => env.hub.engine.state.riders[RIDER.id]).toMatchObject({ avatar: { initials: 'AR', color: 'teal' }, number: '07', level: 3, kind: 'freelance', phone: '987111222', sentCount: 0 });
    await expect.poll(() => page.getByTestId(`rider-row-${RIDER.id}`).textContent()).toContain('Independiente');
    await shot(page, 'list-1280-es');
    await page.context().close();
  });

  it('cash a rider collected is received at the till: outside the drawer until then, a short hand-in stays owed', async () => {
    await riderOnStaff();
    if (!env.hub.engine.state.openShift) await asHub(env, 'shift.open', { id: randomUUID(), floatCents: 10_000 });
    const before = expectedByMethod(env.hub.engine.state.openShift!).cash!;
    // Settled at dispatch: S/ 100 in cash that Ana collects at the door (the boleta travels with the food).
    const orderId = await servedOrder(env, 't-s3');
    await asHub(env, 'order.settle', { orderId, payments: [{ method: 'cash', amountCents: 10_000, heldBy: RIDER.id }], document: { kind: 'note', docId: '', name: '' }, print: false });
    const held = env.hub.engine.state.riders[RIDER.id]!.heldCents;
    expect(held).toBeGreaterThan(0);
    expect(expectedByMethod(env.hub.engine.state.openShift!).cash).toBe(before);

    for (const [name, options, lang] of [['360-es', PHONE, 'es'], ['360-zh', PHONE, 'zh'], ['1280-es', TILL, 'es']] as const) {
      const page = await signedIn(owner, options, lang);
      await page.goto(`${env.hub.url}#/pages/shift/index`);
      await page.getByTestId(`rider-cash-${RIDER.id}`).waitFor();
      await expect.poll(() => page.getByTestId('shift-rider-cash').textContent()).toContain((held / 100).toFixed(2));
      await page.getByTestId('shift-report-riders').waitFor();
      // Nothing wider than the screen: a phone never scrolls sideways (a fifth column once did).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport.width);
      await shot(page, `shift-${name}`);
      await page.context().close();
    }

    const page = await signedIn(owner, PHONE);
    await page.goto(`${env.hub.url}#/pages/shift/index`);
    await page.getByTestId(`rider-receive-${RIDER.id}`).click();
    expect(await page.getByTestId('rider-handin-amount').inputValue()).toBe((held / 100).toFixed(2));
    // More than she holds: refused on the device, nothing sent.
    await page.getByTestId('rider-handin-amount').fill(((held + 100) / 100).toFixed(2));
    await page.getByTestId('rider-handin-confirm').click();
    await page.locator('.field-error').waitFor();
    // S/ 10.00 short: the dialog says what she will still owe.
    await page.getByTestId('rider-handin-amount').fill(((held - 1000) / 100).toFixed(2));
    await page.getByText('Quedará debiendo S/ 10.00').waitFor();
    await shot(page, 'handin-360-es');
    await page.getByTestId('rider-handin-confirm').click();
    await expect.poll(() => env.hub.engine.state.riders[RIDER.id]?.heldCents).toBe(1000);
    expect(expectedByMethod(env.hub.engine.state.openShift!).cash).toBe(before + held - 1000);
    expect(env.hub.engine.state.openShift!.totals.riderCash?.[RIDER.id]).toMatchObject({ collectedCents: held, handedInCents: held - 1000, handIns: 1, heldCents: 1000 });
    await expect.poll(() => page.getByTestId(`rider-cash-${RIDER.id}`).textContent()).toContain('S/ 10.00');
    // Closing now: the count says the riders still hold S/ 10.00 (it goes to the next shift unless received).
    await page.getByTestId('shift-close').click();
    await expect.poll(() => page.getByTestId('shift-close-riders').textContent()).toContain('S/ 10.00');
    await shot(page, 'close-warning-360-es');
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.context().close();
  });
});

describe('the rider\'s phone, issue 21', () => {
  /** A phone delivery order for 2 portions, paid at the door with a S/ 100 note, sent to the kitchen. */
  async function phoneOrder(name: string): Promise<string> {
    const takeoutId = randomUUID();
    await asHub(env, 'takeout.create', {
      takeoutId, orderId: randomUUID(), channel: 'phone', type: 'immediate', method: 0, customer: { name, phone: '987654321' },
      delivery: { address: 'Av. José Larco 345, Miraflores', reference: 'Puerta verde, frente al parque Kennedy', receiverName: name, receiverPhone: '987654321', contactPhone: '', distanceM: 2500, feeCents: 500, changeForCents: 10_000 },
      invoiceType: 'note', lines: [{ lineId: randomUUID(), productId: 'p-101', qty: 2, remark: '' }, { lineId: randomUUID(), productId: 'p-403', qty: 1, remark: '' }], payLater: true, send: true,
    });
    return takeoutId;
  }
  const live = (id: string) => env.hub.engine.state.takeouts[id];

  it('starts on their orders, shows what to collect and the change, picks up and delivers; takes a waiting order', async () => {
    await riderOnStaff();
    if (!env.hub.engine.state.openShift) await asHub(env, 'shift.open', { id: randomUUID(), floatCents: 10_000 });
    const mine = await phoneOrder('José Pérez');
    await asHub(env, 'takeout.assignRider', { takeoutId: mine, riderId: RIDER.id });
    const waiting = await phoneOrder('María Quispe');
    const heldBefore = env.hub.engine.state.riders[RIDER.id]?.heldCents ?? 0;
    const sentBefore = env.hub.engine.state.riders[RIDER.id]?.sentCount ?? 0;
    const tk = live(mine)!;

    const page = await signedIn(RIDER, PHONE);
    // A rider's home is their own orders.
    await page.goto(`${env.hub.url}#/`);
    await page.getByTestId('rider-page').waitFor();
    const card = page.getByTestId(`rider-order-${tk.code}`);
    await card.waitFor();
    expect(await card.getByTestId('rider-money').textContent()).toContain(`Cobrar S/ ${(tk.collectCents / 100).toFixed(2)}`);
    expect(await card.getByTestId('rider-money').textContent()).toContain(`lleva S/ ${((10_000 - tk.collectCents) / 100).toFixed(2)} de vuelto`);
    expect(await card.getByTestId('rider-map').getAttribute('href')).toBe('https://www.google.com/maps/search/?api=1&query=Av.%20Jos%C3%A9%20Larco%20345%2C%20Miraflores');
    expect(await card.getByTestId('rider-call').getAttribute('href')).toBe('tel:987654321');
    // The dishes to carry, not the delivery fee's line.
    expect(await card.textContent()).toContain('2 × Ceviche');
    expect(await card.textContent()).not.toContain('× Delivery');
    await page.getByTestId(`rider-order-${live(waiting)!.code}`).waitFor();
    await shot(page, 'phone-360-es');

    await page.getByTestId(`rider-step-${tk.code}`).click();
    await expect.poll(() => live(mine)?.status).toBe(4);
    await expect.poll(() => page.getByTestId(`rider-step-${tk.code}`).textContent()).toContain('Entregado y cobré');
    await page.getByTestId(`rider-step-${tk.code}`).click();
    await page.getByRole('dialog').waitFor();
    await shot(page, 'delivered-confirm-360-es');
    await page.getByTestId('rider-confirm-delivered').click();
    await expect.poll(() => live(mine)?.status).toBe(7);
    await expect.poll(() => env.hub.engine.state.riders[RIDER.id]?.heldCents).toBe(heldBefore + tk.collectCents);
    expect(env.hub.engine.state.riders[RIDER.id]?.sentCount).toBe(sentBefore + 1);
    // Delivered: it leaves the rider's list; what they hold shows at the top.
    await expect.poll(() => page.getByTestId(`rider-order-${tk.code}`).count()).toBe(0);
    await expect.poll(() => page.getByTestId('rider-held').textContent()).toContain(`S/ ${((heldBefore + tk.collectCents) / 100).toFixed(2)}`);

    // The order waiting for a rider: she takes it.
    await page.getByTestId(`rider-take-${live(waiting)!.code}`).click();
    await expect.poll(() => live(waiting)?.riderId).toBe(RIDER.id);
    await page.getByTestId(`rider-step-${live(waiting)!.code}`).waitFor();
    await shot(page, 'took-360-es');
    await page.context().close();

    for (const [name, options, lang] of [['360-zh', PHONE, 'zh'], ['1280-es', TILL, 'es']] as const) {
      const other = await signedIn(RIDER, options, lang);
      await other.goto(`${env.hub.url}#/pages/take_out/rider`);
      await other.getByTestId(`rider-order-${live(waiting)!.code}`).waitFor();
      await shot(other, `phone-${name}`);
      await other.context().close();
    }
  });
});

describe('the order report by channel, issue 21', () => {
  it('charts today\'s sales by channel once a takeout was paid (the delivered phone orders above)', async () => {
    // The test above delivered a phone order; a table's bill was settled before it.
    for (const [name, options, lang] of [['1280-es', TILL, 'es'], ['360-zh', PHONE, 'zh']] as const) {
      const page = await signedIn(owner, options, lang);
      await page.goto(`${env.hub.url}#/pages/collect/index`);
      const section = page.getByTestId('collect-section-channel');
      await section.waitFor();
      const text = (await section.textContent()) ?? '';
      expect(text).toContain(lang === 'es' ? 'Teléfono' : '电话');
      await section.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SHOTS, `riders-report-channel-${name}.png`) });
      await page.context().close();
    }
  });
});
