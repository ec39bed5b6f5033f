import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyUbl } from '../sign/xmldsig.ts';
import { certificateFile, loadSigner, removeCertificate, saveCertificate, storedCertificateInfo } from './certificate-store.ts';
import { CertificateError, rucInSubject } from './pkcs12.ts';
import { makeTestPkcs12 } from './test-certificate.ts';

const PASSWORD = 'clave-del-certificado-9f3';
const NOW = new Date();
const DAY = 86_400_000;
const INVOICE = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>F001-1</ID></Invoice>';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cert-store-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

/** The code a refused save throws. */
async function refusal(bytes: Uint8Array, password: string): Promise<string> {
  try {
    await saveCertificate(dataDir, bytes, password, NOW);
  } catch (err) {
    expect(err).toBeInstanceOf(CertificateError);
    expect(String((err as Error).message)).not.toContain(password);
    return (err as CertificateError).code;
  }
  return 'saved';
}

describe('saveCertificate', () => {
  it('keeps a good PKCS#12 in secrets/ (0700) as a 0600 file and describes it', async () => {
    const { p12 } = makeTestPkcs12(PASSWORD);
    const info = await saveCertificate(dataDir, p12, PASSWORD, NOW);
    expect(info.ruc).toBe('20123456789');
    expect(info.subject).toContain('CN=RESTAURANTE DE PRUEBA SAC');
    expect(Date.parse(info.notAfter)).toBeGreaterThan(NOW.getTime());
    expect((await stat(certificateFile(dataDir))).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(certificateFile(dataDir)))).mode & 0o777).toBe(0o700);
    expect(await readdir(path.dirname(certificateFile(dataDir)))).toEqual(['einvoice-certificate.json']);
  });

  it.each([
    ['wrong password', () => makeTestPkcs12(PASSWORD).p12, 'otra-clave', 'CERT_BAD_PASSWORD'],
    ['not a PKCS#12 file', () => Buffer.from('hola, no soy un certificado'), PASSWORD, 'CERT_UNREADABLE'],
    ['empty file', () => Buffer.alloc(0), PASSWORD, 'CERT_UNREADABLE'],
    ['no private key', () => makeTestPkcs12(PASSWORD, { withKey: false }).p12, PASSWORD, 'CERT_NO_PRIVATE_KEY'],
    ['key without its certificate', () => makeTestPkcs12(PASSWORD, { withCertificate: false }).p12, PASSWORD, 'CERT_NO_CERTIFICATE'],
    ['expired', () => makeTestPkcs12(PASSWORD, { notBefore: new Date(NOW.getTime() - 400 * DAY), notAfter: new Date(NOW.getTime() - DAY) }).p12, PASSWORD, 'CERT_EXPIRED'],
    ['not yet valid', () => makeTestPkcs12(PASSWORD, { notBefore: new Date(NOW.getTime() + DAY), notAfter: new Date(NOW.getTime() + 400 * DAY) }).p12, PASSWORD, 'CERT_NOT_YET_VALID'],
  ])('refuses: %s, and writes nothing', async (_label, make, password, code) => {
    expect(await refusal(make(), password)).toBe(code);
    await expect(stat(certificateFile(dataDir))).rejects.toThrow();
  });

  it('a refused replacement leaves the saved certificate in place', async () => {
    await saveCertificate(dataDir, makeTestPkcs12(PASSWORD).p12, PASSWORD, NOW);
    const before = await readFile(certificateFile(dataDir), 'utf8');
    expect(await refusal(makeTestPkcs12(PASSWORD).p12, 'mal')).toBe('CERT_BAD_PASSWORD');
    expect(await readFile(certificateFile(dataDir), 'utf8')).toBe(before);
  });

  it('narrows a secrets folder an older tool left open', async () => {
    const { mkdir, chmod } = await import('node:fs/promises');
    await mkdir(path.join(dataDir, 'secrets'), { mode: 0o755 });
    await chmod(path.join(dataDir, 'secrets'), 0o755);
    await saveCertificate(dataDir, makeTestPkcs12(PASSWORD).p12, PASSWORD, NOW);
    expect((await stat(path.join(dataDir, 'secrets'))).mode & 0o777).toBe(0o700);
  });
});

describe('loadSigner', () => {
  it('is null before any certificate is saved, and after removal', async () => {
    expect(await loadSigner(dataDir)).toBeNull();
    await saveCertificate(dataDir, makeTestPkcs12(PASSWORD).p12, PASSWORD, NOW);
    await removeCertificate(dataDir);
    expect(await loadSigner(dataDir)).toBeNull();
    expect(await storedCertificateInfo(dataDir)).toBeNull();
  });

  it('signs with the stored key: the signature verifies under the certificate', async () => {
    const made = makeTestPkcs12(PASSWORD);
    await saveCertificate(dataDir, made.p12, PASSWORD, NOW);
    const signer = await loadSigner(dataDir, NOW);
    const signed = signer?.sign(INVOICE);
    expect(signed && verifyUbl(signed.xml, made.certificatePem)).toBe(true);
  });

  it('refuses to sign once the stored certificate has expired, and still describes it', async () => {
    const notAfter = new Date(NOW.getTime() + DAY);
    await saveCertificate(dataDir, makeTestPkcs12(PASSWORD, { notAfter }).p12, PASSWORD, NOW);
    await expect(loadSigner(dataDir, new Date(NOW.getTime() + 2 * DAY))).rejects.toMatchObject({ code: 'CERT_EXPIRED' });
    expect(await storedCertificateInfo(dataDir)).toMatchObject({ ruc: '20123456789', expired: false });
  });

  it('a damaged file is CERT_UNREADABLE, not a crash with its content', async () => {
    await saveCertificate(dataDir, makeTestPkcs12(PASSWORD).p12, PASSWORD, NOW);
    await writeFile(certificateFile(dataDir), '{"p12": 5}');
    await expect(loadSigner(dataDir)).rejects.toMatchObject({ code: 'CERT_UNREADABLE' });
  });
});

describe('rucInSubject', () => {
  it.each([
    ['OU=RUC 20123456789 - CERTIFICADO', '20123456789'],
    ['OU=DNI 9999999 RUC 10467793549 - CERTIFICADO PARA DEMOSTRACION', '10467793549'],
    ['serialNumber=20600995805, CN=EMPRESA', '20600995805'],
    ['CN=Sin numero', null],
    ['CN=12345678901', null], // not a RUC prefix
  ])('%s -> %s', (subject, ruc) => {
    expect(rucInSubject(subject)).toBe(ruc);
  });
});
