import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signLicence } from '../hub/licence/code.ts';
import { keyFingerprint, readSellerKey, REPO_SELLER_KEY_FILE } from '../hub/licence/keys.ts';
import { TEST_PRIVATE_KEY_PEM } from '../hub/licence/testing/test-key.ts';
import { parseVersionLine } from '../hub/update/hub-version.ts';
import { claim, health, startHub, type RunningHub } from './binary-process.ts';
import { licenceTool } from './licence-sign.ts';

/**
 * The seller's key is an input of the build (issue 23): a binary built with
 * `--licence-public-key` names that key's fingerprint in `--version` and on
 * GET /api/licence, accepts a code the matching private key signed, and
 * refuses one signed with any other key (here the test key, whose private
 * half is in the repo like the repo key's stands in for: a key the seller
 * does not hold). A private key or a file that is not a key stops the build
 * before anything is made.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);
const work = mkdtempSync(path.join(tmpdir(), 'pos-licence-key-'));
const binary = path.join(work, 'out', 'pos-hub');
const keys = path.join(work, 'seller-offline');
let seller = '';
const running: RunningHub[] = [];

const build = (...args: string[]) => run(process.execPath, [path.join(ROOT, 'installer', 'build-binary.ts'), '--client-dir', path.join(work, 'client'), ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });

async function enter(base: string, cookie: string, code: string): Promise<{ status: number; body: { ok: boolean; code?: string; licence?: { state: string; sellerKeys?: string[] } } }> {
  const res = await fetch(`${base}/api/licence`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body: JSON.stringify({ code }) });
  return { status: res.status, body: (await res.json()) as never };
}

describe('a binary built with the seller\'s public key', () => {
  beforeAll(async () => {
    const clientDir = path.join(work, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>POS</title>\n');
    mkdirSync(keys);
    licenceTool(['keygen', '--out', keys]);
    seller = readSellerKey(readFileSync(path.join(keys, 'licence-public.key'), 'utf8'));
    const { stdout } = await build('--out', binary, '--licence-public-key', path.join(keys, 'licence-public.key'));
    expect(stdout).toContain(`trusting the seller key ${keyFingerprint(seller)}`);
    expect(stdout).not.toContain("That is the repo's key");
  });

  afterAll(async () => {
    for (const hub of running) await hub.stop('SIGKILL');
    rmSync(work, { recursive: true, force: true });
  });

  it('names the key in --version: the release on stdout as every updater reads it, the fingerprint beside it', async () => {
    const { stdout, stderr } = await run(binary, ['--version']);
    expect(parseVersionLine(stdout)).not.toBeNull();
    expect(stderr).toContain(`trusts seller key ${keyFingerprint(seller)}`);
  });

  it('accepts a code that key signed and refuses one signed with another key; the licence page names the key', async () => {
    const hub = await startHub(binary, [], path.join(work, 'data'), 30_000);
    running.push(hub);
    const cookie = await claim(hub, 'Casa Licencia');
    const { storeId } = await health(hub.base);
    const terms = { hubId: storeId, plan: 'ordering' as const, paidUntil: '2099-12-31', issued: '2026-11-29' };

    const other = await enter(hub.base, cookie, signLicence(terms, TEST_PRIVATE_KEY_PEM));
    expect(other.body).toMatchObject({ ok: false, code: 'LICENCE_INVALID' });

    const status = (await (await fetch(`${hub.base}/api/licence`, { headers: { cookie } })).json()) as { licence: { state: string; sellerKeys: string[] } };
    expect(status.licence.state).toBe('trial');
    expect(status.licence.sellerKeys).toEqual([keyFingerprint(seller)]);
    // Only that key: not the repo's default one (whose private half nobody holds, so it cannot sign a code to try).
    expect(status.licence.sellerKeys).not.toContain(keyFingerprint(readSellerKey(readFileSync(REPO_SELLER_KEY_FILE, 'utf8'))));

    const ours = await enter(hub.base, cookie, signLicence(terms, readFileSync(path.join(keys, 'licence-private.pem'), 'utf8')));
    expect(ours.body).toMatchObject({ ok: true, licence: { state: 'paid', sellerKeys: [keyFingerprint(seller)] } });
  });

  it.each([
    ['the private key', () => path.join(keys, 'licence-private.pem'), /private key/],
    ['a file that is not a key', () => path.join(work, 'client', 'index.html'), /not an Ed25519 public key/],
    ['a file that is not there', () => path.join(work, 'nope.key'), /ENOENT/],
  ])('refuses to build with %s, before anything is made', async (_what, file, message) => {
    const out = path.join(work, 'refused', 'pos-hub');
    const err = (await build('--out', out, '--licence-public-key', file()).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    ))!;
    expect(err).not.toBeNull();
    expect(err.code).toBe(1);
    expect(err.stderr).toMatch(message);
    expect(existsSync(path.dirname(out))).toBe(false);
    expect(statSync(binary).isFile()).toBe(true);
  });
});
