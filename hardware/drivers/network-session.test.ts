import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrintDocument } from '#protocol';
import { parseEscPos } from '../escpos/parse.ts';
import { FakePrinter } from '../testing/fake-printer.ts';
import { kitchenPrinterAt } from '../testing/kitchen-printer.ts';
import { createDriver } from './create-driver.ts';
import type { PrinterDriver } from '../printer.ts';

/**
 * The kept connection to a printer that answers status (network-session.ts): tickets in a row
 * share one connection, each still checked and confirmed; whatever ends the connection (the
 * printer's own close, a power cut that leaves it open and silent) sends the next use to a
 * fresh one, so nothing is printed twice or reported printed when it was not.
 */

const ticket = (text: string): PrintDocument => ({ blocks: [{ kind: 'text', text }], cut: true });

const printerAt = kitchenPrinterAt;

const texts = (fake: FakePrinter) =>
  fake.received.map((b) => parseEscPos(b, { codePage: 'cp858' }).texts.map((t) => t.trim()).filter(Boolean)).filter((lines) => lines.length > 0);

let fake: FakePrinter;
let driver: PrinterDriver;
beforeEach(async () => {
  fake = await FakePrinter.start();
  driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 1_000 });
});
afterEach(async () => {
  await driver.close();
  await fake.close();
});

describe('network printer: one kept connection while tickets come', () => {
  it('tickets in a row go on one connection, each confirmed and its own printout', async () => {
    expect(await driver.status()).toEqual({ state: 'ok' });
    for (let i = 1; i <= 5; i++) expect(await driver.print(ticket(`MESA ${i}`))).toEqual({ ok: true });
    expect(await driver.openDrawer()).toEqual({ ok: true });
    expect(fake.connections).toBe(1);
    expect(fake.confirmations).toBe(6);
    expect(texts(fake)).toEqual([['MESA 1'], ['MESA 2'], ['MESA 3'], ['MESA 4'], ['MESA 5']]);
    // The drawer's pulse is a printout of its own: exactly its 5 bytes.
    expect([...fake.received.at(-1)!]).toEqual([0x1b, 0x70, 0x00, 0x19, 0xfa]);
  });

  it('a printer busy since the start (never asked by the monitor): its first ticket goes as before, the question follows beside the lane, the rest share one connection', async () => {
    expect(await driver.print(ticket('first'))).toEqual({ ok: true });
    await until(() => fake.connections === 2);
    // Queued behind the question asked beside the lane (one user at a time): it is answered by now.
    expect(await driver.status()).toEqual({ state: 'ok' });
    for (const t of ['second', 'third']) expect(await driver.print(ticket(t))).toEqual({ ok: true });
    expect(fake.connections).toBe(2);
    expect(fake.confirmations).toBe(2);
    expect(texts(fake)).toEqual([['first'], ['second'], ['third']]);
  });

  it('the status monitor and a lane at once: their questions and printouts never mix', async () => {
    await driver.status();
    const results = await Promise.all([driver.status(), driver.print(ticket('A')), driver.status(), driver.print(ticket('B')), driver.status(), driver.print(ticket('C'))]);
    expect(results).toEqual([{ state: 'ok' }, { ok: true }, { state: 'ok' }, { ok: true }, { state: 'ok' }, { ok: true }]);
    expect(texts(fake)).toEqual([['A'], ['B'], ['C']]);
    expect(fake.connections).toBe(1);
  });

  // A confirmation that stands for the next check is fresh for FRESH_CONFIRMATION_MS: these drivers take none as fresh.
  it('paper out seen on the kept connection: the ticket is not sent', async () => {
    driver = await checkingEveryTicket(driver);
    await driver.status();
    await driver.print(ticket('first'));
    fake.setStatus({ paperOut: true });
    const outcome = await driver.print(ticket('second'));
    expect(outcome).toMatchObject({ ok: false, canRetry: true, reason: 'PAPER_OUT', written: 0 });
    expect(texts(fake)).toEqual([['first']]);
  });

  it('the printer closes the kept connection between tickets (its own idle timeout): the next one goes on a fresh connection, printed once', async () => {
    await driver.status();
    await driver.print(ticket('one'));
    fake.endConnections();
    await until(() => fake.connections === 1 && fakeHasNoSockets(fake));
    expect(await driver.print(ticket('two'))).toEqual({ ok: true });
    expect(fake.connections).toBe(2);
    expect(texts(fake)).toEqual([['one'], ['two']]);
  });

  it('power lost while the connection sat idle (it stays open, silent): the next check goes to a fresh connection and the ticket waits, never sent', async () => {
    driver = await checkingEveryTicket(driver);
    await driver.status();
    await driver.print(ticket('before'));
    fake.loseEverything();
    let marked = 0;
    const outcome = await driver.print(ticket('after'), { beforeWrite: async () => (marked++, true) });
    expect(outcome).toMatchObject({ ok: false, canRetry: true, reason: 'UNREACHABLE', written: 0 });
    expect(marked).toBe(0);
    expect(texts(fake)).toEqual([['before']]);
    expect(await driver.status()).toEqual({ state: 'retryLater', reason: 'UNREACHABLE' });
  });

  it('power lost after the ticket went out on the kept connection: maybe printed (for a person), never done, never sent again by itself', async () => {
    await driver.status();
    await driver.print(ticket('before'));
    fake.dieBeforeConfirming();
    const outcome = await driver.print(ticket('lost'));
    expect(outcome).toMatchObject({ ok: false, canRetry: false, reason: 'PARTIAL_WRITE' });
    // The session ended with the silence: the next ticket is checked on a fresh connection.
    expect(await driver.print(ticket('next'))).toEqual({ ok: true });
    expect(fake.connections).toBe(2);
  });
});

/**
 * Issue 20, the lone device: a printout confirmed a moment ago (within FRESH_CONFIRMATION_MS), paper
 * sensors clear, stands for the next one's status check: tickets that follow closely cost one write
 * and one answer on the wire, not two. The hub records such a ticket's start and writing mark in one
 * record (`writesAtOnce`).
 */
describe('network printer: a fresh confirmation stands for the next check', () => {
  // A minute: the test's tickets follow each other however loaded the machine is (the hub's is FRESH_CONFIRMATION_MS).
  beforeEach(async () => {
    await driver.close();
    driver = createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 1_000, freshMs: 60_000 });
  });

  it('the first ticket is checked, the ones right behind it are not; each is still confirmed', async () => {
    await driver.status();
    const asked = fake.statusQuestions;
    expect(driver.writesAtOnce?.('print')).toBe(false);
    for (let i = 1; i <= 4; i++) expect(await driver.print(ticket(`MESA ${i}`))).toEqual({ ok: true });
    // The first asked its three questions in one write; the three behind it none.
    expect(fake.statusQuestions - asked).toBe(3);
    expect(fake.confirmations).toBe(4);
    expect(texts(fake)).toEqual([['MESA 1'], ['MESA 2'], ['MESA 3'], ['MESA 4']]);
  });

  it('ready to write at once only on the kept connection after a clear confirmation (the drawer: whenever the connection is kept)', async () => {
    expect(driver.writesAtOnce?.('print')).toBe(false);
    expect(driver.writesAtOnce?.('drawer')).toBe(false);
    await driver.status();
    expect(driver.writesAtOnce?.('print')).toBe(false);
    expect(driver.writesAtOnce?.('drawer')).toBe(true);
    await driver.print(ticket('one'));
    expect(driver.writesAtOnce?.('print')).toBe(true);
    // The printer closed the connection: the next one connects and asks first.
    fake.endConnections();
    await until(() => fakeHasNoSockets(fake));
    expect(driver.writesAtOnce?.('print')).toBe(false);
    expect(driver.writesAtOnce?.('drawer')).toBe(false);
  });

  it('a confirmation that says the paper is near its end or out: the next ticket asks first, and waits when the paper is out', async () => {
    await driver.status();
    await driver.print(ticket('zero'));
    fake.setStatus({ paperOut: true });
    // Right behind a clear confirmation it goes without a check (what the fresh time allows); its own GS r answer says paper out...
    await driver.print(ticket('first'));
    const asked = fake.statusQuestions;
    expect(driver.writesAtOnce?.('print')).toBe(false);
    const outcome = await driver.print(ticket('second'));
    expect(outcome).toMatchObject({ ok: false, canRetry: true, reason: 'PAPER_OUT', written: 0 });
    expect(fake.statusQuestions).toBeGreaterThan(asked);
    // ...so the one behind it is checked and waits.
    expect(texts(fake)).toEqual([['zero'], ['first']]);
  });

  it('power lost right after a confirmation (the check skipped): the ticket is maybe printed, for a person, never done and never sent again by itself', async () => {
    await driver.status();
    await driver.print(ticket('before'));
    fake.loseEverything();
    let marked = 0;
    const outcome = await driver.print(ticket('after'), { beforeWrite: async () => (marked++, true) });
    expect(outcome).toMatchObject({ ok: false, canRetry: false, reason: 'PARTIAL_WRITE' });
    expect(marked).toBe(1);
    expect(texts(fake)).toEqual([['before']]);
  });
});

/** The test's driver replaced by one that takes no confirmation as fresh: every printout is checked first. */
async function checkingEveryTicket(old: PrinterDriver): Promise<PrinterDriver> {
  await old.close();
  return createDriver(printerAt(fake.port), { dataDir: '/nonexistent', timeoutMs: 1_000, freshMs: 0 });
}

function fakeHasNoSockets(printer: FakePrinter): boolean {
  return (printer as unknown as { sockets: Set<unknown> }).sockets.size === 0;
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 5));
}
