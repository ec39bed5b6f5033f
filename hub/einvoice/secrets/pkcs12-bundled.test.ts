import { afterEach, describe, expect, it } from 'vitest';
import { bundlePkcs12Worker } from '../../../installer/bundle.ts';
import { readPkcs12OffThread } from './pkcs12-thread.ts';
import { makeTestPkcs12 } from './test-certificate.ts';

/**
 * The PKCS#12 worker as the single binary starts it: no worker file on disk,
 * the bundled text (installer/bundle.ts) run with `eval: true`. The bundle
 * must need nothing but Node's own modules (a SEA's require knows no others).
 */

const PASSWORD = 'clave';
const global = globalThis as { __POS_PKCS12_WORKER__?: string };

afterEach(() => {
  delete global.__POS_PKCS12_WORKER__;
});

describe('the bundled PKCS#12 worker', () => {
  it('requires only Node\'s own modules, and opens a certificate started from its text', { timeout: 60_000 }, async () => {
    const text = await bundlePkcs12Worker('error');
    const required = [...text.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]!);
    expect(required.filter((name) => !name.startsWith('node:') && !['crypto', 'worker_threads', 'util', 'buffer'].includes(name))).toEqual([]);
    const good = makeTestPkcs12(PASSWORD);
    // pkcs12-thread.ts starts the text when the bundle defined it, as in the binary (a stand-in text proves the path is taken).
    global.__POS_PKCS12_WORKER__ = "require('node:worker_threads').parentPort.postMessage({ ok: false, code: 'CERT_NOT_RSA', reason: 'stand-in' })";
    await expect(readPkcs12OffThread(good.p12, PASSWORD, new Date())).rejects.toMatchObject({ code: 'CERT_NOT_RSA' });
    global.__POS_PKCS12_WORKER__ = text;
    const material = await readPkcs12OffThread(good.p12, PASSWORD, new Date());
    expect(material.certificatePem).toBe(good.certificatePem);
    await expect(readPkcs12OffThread(good.p12, 'otra', new Date())).rejects.toMatchObject({ code: 'CERT_BAD_PASSWORD' });
  });
});
