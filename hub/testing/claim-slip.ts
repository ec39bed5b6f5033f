import { papersOf } from '../../hardware/testing/papers.ts';
import type { FakePrinter } from '../../hardware/testing/fake-printer.ts';

/**
 * The claim code as a new owner reads it: off the setup slip an unclaimed hub
 * printed on the receipt printer it found (`setupPrinter` pointing at a
 * FakePrinter, or `--setup-printer 127.0.0.1:PORT` for a hub process). Tests
 * that claim a hub "for real" (the first-day browser test) take the code from
 * here, not from the hub's memory.
 */

/** What the newest setup slip on `fake` says: the code printed large, and the setup link its QR holds. */
export type ReadSlip = { code: string; qr: string };

const CODE = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** The newest setup slip with a claim code on `fake`, or null when none printed yet. */
export function readClaimSlip(fake: FakePrinter): ReadSlip | null {
  for (const paper of papersOf(fake).reverse()) {
    const code = paper.texts.map((t) => t.trim()).find((t) => CODE.test(t));
    const qr = paper.qrs.find((q) => q.includes('#/pages/setup/index?code='));
    if (code && qr) return { code, qr };
  }
  return null;
}

/**
 * Waits for the setup slip (it prints through the durable print path, a
 * moment after the hub answers) and returns its claim code and QR link.
 * `notCode`: wait for a newer slip than the one with that code (a restart
 * prints a new code). Polls the fake's bytes; fails naming what it waited for.
 */
export async function claimCodeFromSlip(fake: FakePrinter, opts: { timeoutMs?: number; notCode?: string } = {}): Promise<ReadSlip> {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  const end = Date.now() + timeoutMs;
  for (;;) {
    const slip = readClaimSlip(fake);
    if (slip && slip.code !== opts.notCode) return slip;
    if (Date.now() > end) throw new Error(`no setup slip with a claim code reached the fake printer on port ${fake.port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
