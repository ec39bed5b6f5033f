import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF } from '#hub/demo/staff.ts';
import type { CertificateReply } from '#protocol';
import { makeTestPkcs12 } from '#hub/einvoice/secrets/test-certificate.ts';
import { PHONE, TILL } from './browser.ts';
import { useBrowserHub } from './harness.ts';
import { signInOnPage } from './sign-in.ts';

const owner = DEMO_STAFF.find((s) => s.roleId === 'owner')!;
const contexts: BrowserContext[] = [];
/** Screenshots for a person to look at, kept out of the repository. */
const SHOTS = process.env.FISCAL_SHOTS ?? '';
const env = useBrowserHub({ tmpPrefix: 'pos-e2e-fiscal-' });
const files = mkdtempSync(path.join(tmpdir(), 'pos-e2e-p12-'));
const PASSWORD = 'clave-p12-e2e-4471';
const RUC = '20600995805';

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  rmSync(files, { recursive: true, force: true });
});

async function newPage(device: typeof TILL | typeof PHONE = TILL, language = 'es_US'): Promise<Page> {
  const context = await env.browser.newContext(device);
  await context.addInitScript((stored) => localStorage.setItem('language', stored), language);
  contexts.push(context);
  return context.newPage();
}

/** What the hub has stored, asked from the page with the owner's session. */
function storedOn(page: Page): Promise<CertificateReply> {
  return page.evaluate(() => fetch('/api/einvoice/certificate').then((r) => r.json() as Promise<CertificateReply>));
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** A screen's worth (the viewport) with `testId` scrolled into view: what a person actually sees. */
async function screenAt(page: Page, name: string, testId: string): Promise<void> {
  if (!SHOTS) return;
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('the e-invoicing settings page', () => {
  it('the owner fills the form, is told what is wrong, saves, uploads a certificate and sees its holder and dates', async () => {
    const page = await newPage();
    await signInOnPage(page, env.hub.url, owner.code, owner.pin);
    await page.getByTestId('nav-fiscal').click();
    await page.getByTestId('fiscal-page').waitFor();
    await shot(page, 'fiscal-empty-1280-es');

    // The check digit as the owner types.
    await page.getByTestId('fiscal-ruc').fill('20600995806');
    expect(await page.getByTestId('fiscal-ruc-feedback').textContent()).toContain('último dígito');
    await page.getByTestId('fiscal-ruc').fill(RUC);
    expect(await page.getByTestId('fiscal-ruc-feedback').count()).toBe(0);

    await page.getByTestId('fiscal-legalName').fill('RESTAURANTE DE PRUEBA S.A.C.');
    await page.getByTestId('fiscal-tradeName').fill('Chifa Prueba');
    await page.getByTestId('fiscal-address.street').fill('Av. Abancay 123');
    await page.getByTestId('fiscal-address.district').fill('Lima');
    await page.getByTestId('fiscal-address.province').fill('Lima');
    await page.getByTestId('fiscal-address.department').fill('Lima');
    // A ubigeo that is no place: the hub's refusal is shown at the field, nothing saved.
    await page.getByTestId('fiscal-address.ubigeo').fill('000000');
    await page.getByTestId('fiscal-save').click();
    const error = page.getByTestId('fiscal-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('6 dígitos');
    expect(env.hub.engine.state.fiscal).toBeNull();
    await shot(page, 'fiscal-refused-1280-es');

    await page.getByTestId('fiscal-address.ubigeo').fill('150101');
    await page.getByTestId('fiscal-regime-reduced').click();
    await page.getByTestId('fiscal-save').click();
    await expect.poll(() => env.hub.engine.state.fiscal?.ruc, { timeout: 10_000 }).toBe(RUC);
    expect(env.hub.engine.state.fiscal).toMatchObject({
      regime: 'reduced',
      address: { ubigeo: '150101', establishmentCode: '0000' },
      series: { factura: 'F001', boleta: 'B001', facturaNote: 'FC01', boletaNote: 'BC01' },
    });
    expect(env.hub.engine.state.fiscal?.rates.reduced[0]).toEqual({ from: '2022-09-01', basisPoints: 1000 });

    // Sending: SUNAT beta with a SOL user; the password is never shown back.
    await page.getByTestId('fiscal-send-user').fill('moddatos');
    await page.getByTestId('fiscal-send-password').fill('sol-secreto-1');
    await page.getByTestId('fiscal-send-save').click();
    await page.getByText('Guardada. Escriba una nueva solo para cambiarla.').waitFor();
    expect(await page.getByTestId('fiscal-send-password').inputValue()).toBe('');
    expect(await page.getByTestId('fiscal-send-user').inputValue()).toBe('MODDATOS');

    // The certificate: a wrong password first, then the right one.
    const p12 = path.join(files, 'firma.p12');
    writeFileSync(p12, makeTestPkcs12(PASSWORD, { commonName: 'RESTAURANTE DE PRUEBA SAC', organizationalUnit: `RUC ${RUC} - CERTIFICADO DE PRUEBA` }).p12);
    await page.getByTestId('fiscal-cert-file').setInputFiles(p12);
    await page.getByTestId('fiscal-cert-password').fill('no-es-esta');
    await page.getByTestId('fiscal-cert-upload').click();
    await page.getByTestId('fiscal-cert-error').waitFor();
    expect(await page.getByTestId('fiscal-cert-error').textContent()).toBe('La contraseña no abre este certificado');
    expect(await page.getByTestId('fiscal-cert-password').inputValue()).toBe('');
    await page.getByTestId('fiscal-cert-password').fill(PASSWORD);
    await page.getByTestId('fiscal-cert-upload').click();
    await page.getByTestId('fiscal-cert-info').waitFor();
    expect(await page.getByTestId('fiscal-cert-subject').textContent()).toContain('CN=RESTAURANTE DE PRUEBA SAC');
    expect(await page.getByTestId('fiscal-cert-validity').textContent()).toMatch(/^del .+ al .+$/);
    expect(await page.getByTestId('fiscal-cert-password').inputValue()).toBe('');
    expect(await page.getByTestId('fiscal-certificate').textContent()).not.toContain('no es el del restaurante');
    expect((await storedOn(page)).certificate?.ruc).toBe(RUC);
    await shot(page, 'fiscal-saved-1280-es');

    // Reloaded, the page shows what is stored; the phone and Chinese too.
    for (const [device, lang, name] of [
      [PHONE, 'es_US', 'fiscal-360-es'],
      [PHONE, 'zh_CN', 'fiscal-360-zh'],
      [TILL, 'zh_CN', 'fiscal-1280-zh'],
    ] as const) {
      const other = await newPage(device, lang);
      await signInOnPage(other, env.hub.url, owner.code, owner.pin);
      await other.goto(`${env.hub.url}#/pages/fiscal/index`);
      await other.getByTestId('fiscal-cert-info').waitFor();
      expect(await other.getByTestId('fiscal-ruc').inputValue()).toBe(RUC);
      await shot(other, name);
      for (const part of ['fiscal-ruc', 'fiscal-series.boletaNote', 'fiscal-rates-icbper', 'fiscal-send', 'fiscal-certificate']) await screenAt(other, `${name}-${part}`, part);
    }

    // Removed with a confirm.
    await page.getByTestId('fiscal-cert-remove').click();
    await page.getByTestId('fiscal-cert-remove-confirm').click();
    await page.getByText('Aún no hay certificado.').waitFor();
    expect((await storedOn(page)).certificate).toBeNull();
  });
});
