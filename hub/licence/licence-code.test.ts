import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LicenceTerms } from '#protocol';
import type { LicenceBasis } from '#domain';
import { readLicenceCode, signLicence } from './code.ts';
import { newSellerKeyPair, publicKeyFromRaw, SELLER_PUBLIC_KEY } from './keys.ts';
import { LICENCE_FILE, LicenceService, startLine } from './service.ts';
import { TEST_PRIVATE_KEY_PEM, TEST_PUBLIC_KEY } from './testing/test-key.ts';

const TERMS: LicenceTerms = { hubId: 'store-abc', plan: 'invoicing', paidUntil: '2027-03-31', issued: '2026-11-29' };
const TEST_KEYS = [publicKeyFromRaw(TEST_PUBLIC_KEY)];

describe('licence codes', () => {
  const good = signLicence(TERMS, TEST_PRIVATE_KEY_PEM);

  it('a signed code reads back as its terms, short enough for a QR code', () => {
    expect(readLicenceCode(good, TEST_KEYS)).toEqual(TERMS);
    expect(good.length).toBeLessThan(200);
  });

  it('spaces and line breaks a person or a scanner adds are dropped', () => {
    const typed = `  ${good.slice(0, 40)} \n ${good.slice(40, 90)}\t${good.slice(90)}\r\n`;
    expect(readLicenceCode(typed, TEST_KEYS)).toEqual(TERMS);
  });

  it('the test key is not the seller key: a test code does not count on a shipped hub', () => {
    expect(TEST_PUBLIC_KEY).not.toBe(SELLER_PUBLIC_KEY);
    expect(readLicenceCode(good, [publicKeyFromRaw(SELLER_PUBLIC_KEY)])).toBeNull();
  });

  const [body, sig] = good.slice('POS1-'.length).split('.') as [string, string];
  const forged = Buffer.from('store-abc|invoicing|2099-12-31|2026-11-29').toString('base64url');
  const flipped = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
  const hostile: Array<[string, string]> = [
    ['empty', ''],
    ['no prefix', `${body}.${sig}`],
    ['another prefix', `POS2-${body}.${sig}`],
    ['paid-until changed, signature kept', `POS1-${forged}.${sig}`],
    ['signature changed', `POS1-${body}.${flipped(sig)}`],
    ['signature cut', `POS1-${body}.${sig.slice(0, 40)}`],
    ['a third part', `${good}.AAAA`],
    ['not base64url', `POS1-${body}!.${sig}`],
    ['no signature', `POS1-${body}.`],
    ['__proto__', '__proto__'],
    ['a very long line', `POS1-${'A'.repeat(5000)}.${sig}`],
  ];
  it.each(hostile)('%s is not a code', (_name, code) => {
    expect(readLicenceCode(code, TEST_KEYS)).toBeNull();
  });

  it('terms the schema refuses are not a code even when signed (a day that does not exist, an unknown plan)', () => {
    const { privatePem, publicRaw } = newSellerKeyPair();
    expect(() => signLicence({ ...TERMS, paidUntil: '2027-02-30' }, privatePem)).toThrow();
    expect(() => signLicence({ ...TERMS, plan: 'gold' as never }, privatePem)).toThrow();
    expect(() => signLicence({ ...TERMS, hubId: 'a|b' }, privatePem)).toThrow();
    expect(readLicenceCode(signLicence(TERMS, privatePem), [publicKeyFromRaw(publicRaw)])).toEqual(TERMS);
  });
});

describe('LicenceService: the box keeps the newest code for itself, on disk', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  async function open(dir: string, now: string, told: LicenceBasis[] = [], hubId = 'store-abc') {
    return LicenceService.open({ dataDir: dir, hubId, demo: false, clock: () => new Date(now), log: () => {}, keys: [TEST_PUBLIC_KEY], onChange: (b) => told.push(b) });
  }
  async function scratch() {
    const d = await mkdtemp(path.join(tmpdir(), 'licence-'));
    dirs.push(d);
    return d;
  }
  const code = (over: Partial<LicenceTerms>) => signLicence({ ...TERMS, ...over }, TEST_PRIVATE_KEY_PEM);

  it('a first start begins the 7-day trial; the day stays across restarts', async () => {
    const dir = await scratch();
    const first = await open(dir, '2026-11-29T15:00:00Z');
    expect(first.status()).toMatchObject({ state: 'trial', paidUntil: '2026-12-06', daysLeft: 7 });
    const later = await open(dir, '2026-12-08T15:00:00Z');
    expect(later.status()).toMatchObject({ state: 'grace', paidUntil: '2026-12-06' });
  });

  it('an accepted code is told to the engine and kept across restarts', async () => {
    const dir = await scratch();
    const told: LicenceBasis[] = [];
    const svc = await open(dir, '2026-11-29T15:00:00Z', told);
    expect(await svc.enter(code({}))).toMatchObject({ ok: true, status: { state: 'paid', paidUntil: '2027-03-31', plan: 'invoicing' } });
    expect(told.at(-1)?.terms).toEqual(TERMS);
    const again = await open(dir, '2026-11-30T15:00:00Z');
    expect(again.status()).toMatchObject({ state: 'paid', paidUntil: '2027-03-31' });
  });

  it('refusals change nothing: not a code, another box, an older code', async () => {
    const dir = await scratch();
    const svc = await open(dir, '2026-11-29T15:00:00Z');
    await svc.enter(code({}));
    const before = await readFile(path.join(dir, LICENCE_FILE), 'utf8');
    expect(await svc.enter('POS1-nonsense.here')).toEqual({ ok: false, code: 'LICENCE_INVALID' });
    expect(await svc.enter(code({ hubId: 'store-other' }))).toEqual({ ok: false, code: 'LICENCE_OTHER_HUB' });
    expect(await svc.enter(code({ paidUntil: '2026-12-31' }))).toEqual({ ok: false, code: 'LICENCE_OLDER' });
    expect(await readFile(path.join(dir, LICENCE_FILE), 'utf8')).toBe(before);
    expect(svc.status().paidUntil).toBe('2027-03-31');
  });

  it('two codes entered at once: the one covering more wins, whatever the order', async () => {
    const dir = await scratch();
    const svc = await open(dir, '2026-11-29T15:00:00Z');
    const results = await Promise.all([svc.enter(code({ paidUntil: '2028-03-31' })), svc.enter(code({ paidUntil: '2027-06-30' }))]);
    expect(results.map((r) => r.ok)).toEqual([true, false]);
    expect(svc.status().paidUntil).toBe('2028-03-31');
  });

  it('a tampered licence.json (a code edited by hand) is not trusted; the trial day stays', async () => {
    const dir = await scratch();
    const svc = await open(dir, '2026-11-29T15:00:00Z');
    await svc.enter(code({}));
    const file = JSON.parse(await readFile(path.join(dir, LICENCE_FILE), 'utf8'));
    const forged = Buffer.from('store-abc|invoicing|2099-12-31|2026-11-29').toString('base64url');
    file.code = `POS1-${forged}.${String(file.code).split('.')[1]}`;
    await writeFile(path.join(dir, LICENCE_FILE), JSON.stringify(file));
    const again = await open(dir, '2026-11-30T15:00:00Z');
    expect(again.status()).toMatchObject({ state: 'trial', paidUntil: '2026-12-06' });
  });

  it('a code for another store id stops counting when the store id differs (a copied licence.json)', async () => {
    const dir = await scratch();
    await (await open(dir, '2026-11-29T15:00:00Z')).enter(code({}));
    const elsewhere = await open(dir, '2026-11-30T15:00:00Z', [], 'store-other');
    expect(elsewhere.status().state).toBe('trial');
  });
});

describe('startLine: what a start says in the journal', () => {
  const base = { plan: 'invoicing' as const, paidUntil: '2027-03-31', lockedAfter: '2027-04-03', daysLeft: 5, hubId: 'h' };
  it.each([
    ['demo', null],
    ['trial', 'no code entered yet'],
    ['paid', 'paid until 2027-03-31'],
    ['notice', 'paid until 2027-03-31'],
    ['grace', 'new orders stop after 2027-04-03'],
    ['expired', 'EXPIRED'],
  ] as const)('%s', (state, words) => {
    const line = startLine({ ...base, state });
    if (words === null) expect(line).toBeNull();
    else expect(line).toContain(words);
  });
});
