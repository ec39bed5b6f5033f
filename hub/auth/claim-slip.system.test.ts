import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionInfo } from '#protocol';
import { FakePrinter } from '../../hardware/testing/fake-printer.ts';
import { authPost } from '#hub/testing/auth-helpers.ts';
import { claimCodeFromSlip } from '#hub/testing/claim-slip.ts';
import { startTestHub, type TestHub } from '#hub/testing/test-hub.ts';
import { startHub } from '#hub/server.ts';
import { CLAIM_FILE } from './claim-file.ts';
import { STICK_CLAIM_FILE } from './claim-usb.ts';

/**
 * A box without a screen (issue 18 item 2): an unclaimed hub finds a receipt
 * printer at its start and prints the setup slip with the claim code, through
 * the durable print path; the owner claims the hub with the code read off the
 * paper. The printer here is a TCP fake on 127.0.0.1 named by `setupPrinter`
 * (`--setup-printer`), as a technician would name the shop's printer.
 */
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

async function fakePrinter(): Promise<FakePrinter> {
  const fake = await FakePrinter.start();
  cleanup.push(() => fake.close());
  return fake;
}

const owner = { restaurantName: 'Pollería El Sol', ruc: '', ownerName: 'Ana Ríos', ownerCode: '1', pin: '482915', deviceId: 'owner-phone' };

describe('the first-start setup slip', () => {
  it('an unclaimed hub prints its claim code on the printer it found, and the code off the paper claims it', { timeout: 60_000 }, async () => {
    const fake = await fakePrinter();
    const t: TestHub = await startTestHub({ demo: false, setupPrinter: { host: '127.0.0.1', port: fake.port } });
    cleanup.push(() => t.close());

    const slip = await claimCodeFromSlip(fake);
    expect(slip.code).toBe(t.hub.claimCode!.code);
    // The QR opens the setup page with the code filled in (the fragment never reaches the hub).
    expect(slip.qr).toBe(`http://localhost:${t.hub.port}/#/pages/setup/index?code=${slip.code}`);
    // The printer stays as the owner's receipt printer; the data folder holds the code for a box without one.
    expect(Object.values(t.hub.engine.state.printers).filter((p) => p.connection.type === 'network')).toHaveLength(1);
    expect(readFileSync(path.join(t.dataDir, CLAIM_FILE), 'utf8')).toContain(slip.code);

    const claimed = await authPost(t.url, '/api/setup', { ...owner, claimCode: slip.code });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect((claimed.body as SessionInfo).staff).toMatchObject({ name: 'Ana Ríos', roleId: 'owner' });
    // Claimed: the code is gone from the folder.
    expect(existsSync(path.join(t.dataDir, CLAIM_FILE))).toBe(false);
  });

  it('each start of a hub still unclaimed prints a new slip with its new code, on the same printer; a claimed hub prints none again', { timeout: 90_000 }, async () => {
    const fake = await fakePrinter();
    const first = await startTestHub({ demo: false, setupPrinter: { host: '127.0.0.1', port: fake.port } });
    const dataDir = first.dataDir;
    const firstSlip = await claimCodeFromSlip(fake);
    await first.hub.close();
    expect(existsSync(path.join(dataDir, CLAIM_FILE))).toBe(false);

    // The box restarted before anyone claimed it: a fresh code, a fresh slip, no second printer.
    const options = { dataDir, port: 0, host: '127.0.0.1', demo: false, mdns: false, log: () => {}, setupPrinter: { host: '127.0.0.1', port: fake.port } };
    const second = await startHub(options);
    let secondClosed = false;
    cleanup.push(async () => {
      if (!secondClosed) await second.close();
      await first.close();
    });
    const code = second.claimCode!.code;
    expect(code).not.toBe(firstSlip.code);
    expect((await claimCodeFromSlip(fake, { notCode: firstSlip.code })).code).toBe(code);
    expect(Object.values(second.engine.state.printers).filter((p) => p.connection.type === 'network')).toHaveLength(1);

    const claimed = await authPost(second.url, '/api/setup', { ...owner, claimCode: code });
    expect(claimed.status).toBe(200);
    await second.close();
    secondClosed = true;

    // Claimed: a start prints no slip with a code (the once-per-folder slip was printed already).
    const printed = () => fake.received.filter((bytes) => bytes.length > 0).length;
    const printedBefore = printed();
    const third = await startHub(options);
    expect(third.claimCode).toBeNull();
    await third.jobs.idle();
    await third.close();
    expect(printed()).toBe(printedBefore);
  });

  it('"find a printer" on the setup page: finds the printer on the network, prints the slip with the code (never tells the asker), paced hub-wide, refused once claimed', { timeout: 60_000 }, async () => {
    const fake = await fakePrinter();
    let now = new Date('2026-11-28T15:00:00Z').getTime();
    const t = await startTestHub({ demo: false, clock: () => new Date(now), printerSearch: { hosts: ['127.0.0.2', '127.0.0.1', '127.0.0.3'], port: fake.port } });
    cleanup.push(() => t.close());
    // No printer at the start: nothing printed, no printer added.
    expect(Object.values(t.hub.engine.state.printers).filter((p) => p.connection.type === 'network')).toHaveLength(0);

    // Two presses at once: one search, the other told to wait.
    const [a, b] = await Promise.all([authPost(t.url, '/api/setup/printer-search', {}), authPost(t.url, '/api/setup/printer-search', {})]);
    const answers = [a, b].sort((x, y) => x.status - y.status);
    expect(answers.map((r) => r.status)).toEqual([200, 429]);
    expect(answers[0]!.body).toEqual({ ok: true, found: 1, printed: true });
    expect(JSON.stringify(answers[0]!.body)).not.toContain(t.hub.claimCode!.code);
    expect(Number(answers[1]!.retryAfter)).toBeGreaterThan(0);
    expect((await claimCodeFromSlip(fake)).code).toBe(t.hub.claimCode!.code);
    const printers = () => Object.values(t.hub.engine.state.printers).filter((p) => p.connection.type === 'network');
    expect(printers()).toMatchObject([{ connection: { host: '127.0.0.1', port: fake.port }, receipts: true }]);

    // A minute later the owner (who lost the slip) asks again: the same printer prints it again, no second printer.
    now += 61_000;
    const printedBefore = fake.received.filter((bytes) => bytes.length > 0).length;
    const again = await authPost(t.url, '/api/setup/printer-search', {});
    expect(again.body).toEqual({ ok: true, found: 1, printed: true });
    await t.hub.jobs.idle();
    await until(() => fake.received.filter((bytes) => bytes.length > 0).length > printedBefore);
    expect(printers()).toHaveLength(1);

    const claimed = await authPost(t.url, '/api/setup', { ...owner, claimCode: t.hub.claimCode!.code });
    expect(claimed.status).toBe(200);
    now += 61_000;
    const late = await authPost(t.url, '/api/setup/printer-search', {});
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ ok: false, code: 'ALREADY_CLAIMED' });
  });

  it('a box with neither screen nor printer: a USB stick plugged in gets the claim code, which claims the hub', { timeout: 60_000 }, async () => {
    const roots = mkdtempSync(path.join(tmpdir(), 'pos-claim-stick-'));
    const stick = path.join(roots, 'USB-STICK');
    mkdirSync(stick);
    const before = process.env.POS_EXPORT_USB_ROOTS;
    process.env.POS_EXPORT_USB_ROOTS = roots;
    cleanup.push(async () => {
      if (before === undefined) delete process.env.POS_EXPORT_USB_ROOTS;
      else process.env.POS_EXPORT_USB_ROOTS = before;
      rmSync(roots, { recursive: true, force: true });
    });
    const t = await startTestHub({ demo: false });
    cleanup.push(() => t.close());
    const file = path.join(stick, STICK_CLAIM_FILE);
    await until(() => existsSync(file));
    const code = /Claim code: ([A-Z0-9]{4}-[A-Z0-9]{4})/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(code).toBe(t.hub.claimCode!.code);
    expect(readFileSync(file, 'utf8')).toContain(`#/pages/setup/index?code=${code}`);
    const claimed = await authPost(t.url, '/api/setup', { ...owner, claimCode: code });
    expect(claimed.status).toBe(200);
  });
});

/** Polls `check` until it holds (the slip prints through the job service, a moment after the answer). */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; !check(); i += 1) {
    if (i > 1000) throw new Error('timed out waiting for a printout');
    await new Promise((r) => setTimeout(r, 20));
  }
}
