import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLicenceCode } from '../hub/licence/code.ts';
import { keyFingerprint, publicKeyFromRaw, readSellerKey } from '../hub/licence/keys.ts';
import { licenceTool } from './licence-sign.ts';

describe('installer/licence-sign.ts', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('keygen writes a private key only its owner reads, and the code it signs reads back with the printed public key', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'licence-tool-'));
    dirs.push(dir);
    const printed = licenceTool(['keygen', '--out', dir]);
    const publicRaw = /SELLER_PUBLIC_KEY = '([^']+)'/.exec(printed)?.[1];
    expect(publicRaw).toBeTruthy();
    const pem = path.join(dir, 'licence-private.pem');
    expect((await stat(pem)).mode & 0o777).toBe(0o600);
    // The public half, the file a box is built with, and its fingerprint as the box will show it.
    expect(readSellerKey(await readFile(path.join(dir, 'licence-public.key'), 'utf8'))).toBe(publicRaw);
    expect(printed).toContain(`fingerprint ${keyFingerprint(publicRaw as string)}`);
    const code = licenceTool(['sign', '--key', pem, '--hub', 'store-1', '--plan', 'ordering', '--until', '2027-04-15'], () => '2026-11-29').trim();
    expect(readLicenceCode(code, [publicKeyFromRaw(publicRaw as string)])).toEqual({ hubId: 'store-1', plan: 'ordering', paidUntil: '2027-04-15', issued: '2026-11-29' });
    const [plain, link] = licenceTool(['sign', '--key', pem, '--hub', 'store-1', '--plan', 'ordering', '--until', '2027-04-15', '--url', 'http://pos.local/'], () => '2026-11-29').trim().split('\n');
    expect(link).toBe(`http://pos.local/?code=${plain}#/pages/licence/index`);
    expect(() => licenceTool(['sign', '--key', pem, '--hub', 'store-1', '--plan', 'ordering', '--until', '2027-04-15', '--url', 'javascript:alert(1)'])).toThrow();
    // A second keygen into the same folder would orphan every code already sold.
    expect(() => licenceTool(['keygen', '--out', dir])).toThrow(/exists/);
  });

  it('refuses to keygen into this checkout (the private key would be one `git add` away from the repo)', async () => {
    const inside = await mkdtemp(path.join(path.dirname(fileURLToPath(import.meta.url)), '.keygen-test-'));
    dirs.push(inside);
    expect(() => licenceTool(['keygen', '--out', inside])).toThrow(/inside this checkout/);
    expect(() => licenceTool(['keygen', '--out', path.join(inside, '..', '..')])).toThrow(/inside this checkout/);
    expect(await readdir(inside)).toEqual([]);
  });

  it.each([
    [['sign', '--key', 'x.pem', '--hub', 'store-1', '--plan', 'gold', '--until', '2027-04-15']],
    [['sign', '--key', 'x.pem', '--hub', 'store-1', '--plan', 'ordering', '--until', '2027-02-30']],
    [['sign', '--hub', 'store-1', '--plan', 'ordering', '--until', '2027-04-15']],
    [['sign', '--key', 'x.pem', '--bogus', '1']],
    [['publish']],
  ])('refuses %j', (argv) => {
    expect(() => licenceTool(argv)).toThrow();
  });
});
