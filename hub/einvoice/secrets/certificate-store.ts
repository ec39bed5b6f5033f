import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, writeFileAtomic } from '../../store/durable-fs.ts';
import { signUbl, type SignatureAlgorithm, type SignedUbl } from '../sign/xmldsig.ts';
import { CertificateError, type CertificateInfo, type SigningMaterial } from './pkcs12.ts';
import { readPkcs12OffThread } from './pkcs12-thread.ts';

/**
 * The owner's signing certificate, kept in the data directory.
 *
 * Stored as it came: the PKCS#12 bytes and their password in one JSON file, mode 0600, in
 * `secrets/` (mode 0700). Why not encrypted at rest: the hub signs unattended (a boleta at
 * 3 a.m. offline, sent when the line is back), so whatever key would decrypt the file must sit
 * on the same box, readable by the same user; that key "kept apart" adds a step, not a lock.
 * The real protections are the file modes, the file never entering the log, a snapshot, a
 * broadcast or the export, and the password never appearing in errors.
 */
const DIR = 'secrets';
const FILE = 'einvoice-certificate.json';

type StoredCertificate = { version: 1; p12: string; password: string; savedAt: string };

/** Where the certificate file lives in `dataDir` (the export and snapshot code must skip `secrets/`). */
export function certificateFile(dataDir: string): string {
  return path.join(dataDir, DIR, FILE);
}

/**
 * Checks the PKCS#12 (password, private key, validity at `now`) and keeps it; returns what the
 * settings page shows. A refused file changes nothing on disk.
 */
export async function saveCertificate(dataDir: string, p12Bytes: Uint8Array, password: string, now: Date = new Date()): Promise<CertificateInfo> {
  // Capped and off the event loop (pkcs12-thread.ts): a crafted file cannot stall the hub.
  const material = await readPkcs12OffThread(p12Bytes, password, now);
  const dir = path.join(dataDir, DIR);
  await makePrivateDir(dir);
  // An existing folder made by an older hub may be wider: narrow it before writing a secret in it.
  await fs.chmod(dir, PRIVATE_DIR_MODE);
  const stored: StoredCertificate = { version: 1, p12: Buffer.from(p12Bytes).toString('base64'), password, savedAt: now.toISOString() };
  await writeFileAtomic(certificateFile(dataDir), JSON.stringify(stored), PRIVATE_FILE_MODE);
  return material.info;
}

/** The stored file, or null when none was saved. A damaged file is `CERT_UNREADABLE`. */
async function readStored(dataDir: string): Promise<StoredCertificate | null> {
  let text: string;
  try {
    text = await fs.readFile(certificateFile(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new CertificateError('CERT_UNREADABLE', 'the stored certificate file is damaged');
  const { p12, password } = parsed as Partial<StoredCertificate>;
  if (typeof p12 !== 'string' || typeof password !== 'string') throw new CertificateError('CERT_UNREADABLE', 'the stored certificate file is damaged');
  return { version: 1, p12, password, savedAt: String((parsed as Partial<StoredCertificate>).savedAt ?? '') };
}

/**
 * The stored file last opened (by the digest of its bytes and password) and
 * what came out. The outbox asks for the signer before every document: the
 * same file is opened in a worker once, not once per document; another file
 * (a new upload) is opened anew.
 */
let lastOpened: { key: string; material: SigningMaterial } | null = null;

async function openStored(stored: StoredCertificate, now: Date, skipValidity: boolean): Promise<SigningMaterial> {
  const key = createHash('sha256').update(stored.p12).update('\0').update(stored.password).digest('hex');
  if (lastOpened?.key !== key) {
    const material = await readPkcs12OffThread(Buffer.from(stored.p12, 'base64'), stored.password, now, { skipValidity: true });
    lastOpened = { key, material };
  }
  const { material } = lastOpened;
  if (!skipValidity) {
    // The same refusals readPkcs12 gives, from the dates it read.
    if (now.getTime() < Date.parse(material.info.notBefore)) throw new CertificateError('CERT_NOT_YET_VALID', `the certificate is valid from ${material.info.notBefore}`);
    if (now.getTime() > Date.parse(material.info.notAfter)) throw new CertificateError('CERT_EXPIRED', `the certificate expired on ${material.info.notAfter}`);
  }
  return material;
}

/** What signs the hub's documents. */
export type Signer = {
  info: CertificateInfo;
  /** Signs a UBL document (its `ext:ExtensionContent` receives the ds:Signature). */
  sign(xml: string, algorithm?: SignatureAlgorithm): SignedUbl;
};

/** Wraps opened material as a Signer (also used by tests with a certificate made on the fly). */
export function signerFrom(material: SigningMaterial): Signer {
  return {
    info: material.info,
    sign: (xml, algorithm) => signUbl(xml, material, algorithm === undefined ? {} : { algorithm }),
  };
}

/**
 * The signer of the stored certificate, checked again at `now` (an expired certificate refuses
 * with `CERT_EXPIRED`, so the outbox shows why nothing leaves). Null when none was saved.
 */
export async function loadSigner(dataDir: string, now: Date = new Date()): Promise<Signer | null> {
  const stored = await readStored(dataDir);
  if (!stored) return null;
  return signerFrom(await openStored(stored, now, false));
}

/** The settings page's view of the stored certificate (it may have expired since), or null. */
export async function storedCertificateInfo(dataDir: string): Promise<(CertificateInfo & { expired: boolean }) | null> {
  const stored = await readStored(dataDir);
  if (!stored) return null;
  // Read without the validity check so an expired certificate can still be described.
  const probe = await openStored(stored, new Date(), true);
  return { ...probe.info, expired: Date.parse(probe.info.notAfter) < Date.now() };
}

/** Forgets the stored certificate (the owner replaces or withdraws it). */
export async function removeCertificate(dataDir: string): Promise<void> {
  await fs.rm(certificateFile(dataDir), { force: true });
}
