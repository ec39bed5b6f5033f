import { describe, expect, it } from 'vitest';
import type { FiscalDocument, Job, PrintDocument, Printer } from '#protocol';
import { VIRTUAL_PRINTER } from '#protocol';
import { fiscalQrData } from '#domain';
import { emptyState } from '#hub/domain/registry.ts';
import { presentJob } from '#hub/presenters/jobs.ts';
import { restaurantDocuments } from '../../einvoice/testing/restaurant-documents.ts';
import type { PrinterDriver } from '../../../hardware/printer.ts';
import { DriverCache } from './drivers.ts';
import { historyItem } from './history.ts';
import { printRunner } from './print-runner.ts';

/**
 * The print runner completes a boleta's QR with the digest it is handed
 * (hub/server.ts computes it from the XML), prints without it when the digest
 * cannot be computed, and the fiscal document never leaves the hub: not to
 * devices, not in the print history.
 */

const boleta: FiscalDocument = restaurantDocuments('2026-03-02').boleta;
const printer: Printer = { ...VIRTUAL_PRINTER, id: 'pr-caja' };
const paper: PrintDocument = { blocks: [{ kind: 'text', text: 'BOLETA' }, { kind: 'qr', data: fiscalQrData(boleta, ''), align: 'center' }], cut: true };

function job(fiscal?: FiscalDocument): Extract<Job, { kind: 'print' }> {
  const at = '2026-03-02T18:00:00.000Z';
  return { id: 'c-1.0', kind: 'print', payload: { printerId: printer.id, purpose: 'receipt', document: paper, ...(fiscal ? { fiscal } : {}) }, status: 'running', attempts: 0, nextAt: at, reason: null, createdAt: at, updatedAt: at };
}

/** A runner whose printer keeps what it was asked to print. */
function runner(fiscalDigest?: (d: FiscalDocument) => string) {
  const printed: PrintDocument[] = [];
  const logged: string[] = [];
  const driver: PrinterDriver = {
    print: (document) => {
      printed.push(document);
      return Promise.resolve({ ok: true });
    },
    openDrawer: () => Promise.resolve({ ok: true }),
    status: () => Promise.resolve({ state: 'ok' }),
    close: () => Promise.resolve(),
  };
  const state = { ...emptyState(), printers: { [printer.id]: printer } };
  const run = printRunner({
    state: () => state,
    drivers: new DriverCache(() => driver),
    showOnScreen: () => Promise.resolve({ ok: true }),
    slipFacts: () => ({ urls: [], claimCode: null }),
    log: (m) => logged.push(m),
    ...(fiscalDigest ? { fiscalDigest } : {}),
  });
  return { run, printed, logged };
}

const qrOf = (d: PrintDocument | undefined) => d?.blocks.find((b) => b.kind === 'qr');

describe('the runner seals a fiscal printout', () => {
  it('the QR gets the digest and a Hash line follows', async () => {
    const r = runner((d) => (d === boleta ? 'DIGEST=' : 'other'));
    expect(await r.run.perform(job(boleta))).toEqual({ ok: true });
    expect(qrOf(r.printed[0])).toMatchObject({ data: fiscalQrData(boleta, 'DIGEST=') });
    expect(r.printed[0]?.blocks.at(-1)).toMatchObject({ kind: 'text', text: 'Hash: DIGEST=' });
  });

  it('a digest that cannot be computed does not hold the guest\'s paper: printed without, and logged', async () => {
    const r = runner(() => {
      throw new Error('SIGN_BAD_XML: broken');
    });
    expect(await r.run.perform(job(boleta))).toEqual({ ok: true });
    expect(r.printed).toEqual([paper]);
    expect(r.logged.join('\n')).toContain('SIGN_BAD_XML');
  });

  it.each([
    ['a job without a fiscal document', job(), (() => 'DIGEST=') as (d: FiscalDocument) => string],
    ['a hub without a digest function', job(boleta), undefined],
  ])('%s prints its paper as it is', async (_label, j, digest) => {
    const r = runner(digest);
    await r.run.perform(j);
    expect(r.printed).toEqual([paper]);
  });
});

describe('the fiscal document stays on the hub', () => {
  it('devices get the print job without it, with its paper', () => {
    const shown = presentJob(job(boleta));
    expect(shown.kind === 'print' && shown.payload).toEqual({ printerId: printer.id, purpose: 'receipt', document: paper });
    const plain = job();
    expect(presentJob(plain)).toBe(plain);
  });

  it('the print history leaves it out with the paper', () => {
    expect(historyItem(job(boleta), true).payload).toEqual({ printerId: printer.id, purpose: 'receipt' });
  });
});
