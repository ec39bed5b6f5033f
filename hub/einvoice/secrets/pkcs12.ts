import forge from 'node-forge';

/** Why a PKCS#12 file was refused; the settings page translates each code. */
export type CertificateErrorCode =
  | 'CERT_UNREADABLE' // not a PKCS#12 file at all
  | 'CERT_TOO_COSTLY' // asks for more key-derivation rounds than any real issuer uses (pkcs12-costs.ts)
  | 'CERT_BAD_PASSWORD' // a PKCS#12 file, but the password does not open it
  | 'CERT_NO_PRIVATE_KEY' // it opens, but holds only certificates (nothing to sign with)
  | 'CERT_NO_CERTIFICATE' // a key without the certificate that goes with it
  | 'CERT_NOT_RSA' // SUNAT's signatures are RSA (rsa-sha1 / rsa-sha256)
  | 'CERT_EXPIRED' // past its "not after" date
  | 'CERT_NOT_YET_VALID' // before its "not before" date
  | 'CERT_NONE'; // no certificate was saved yet

/**
 * A refusal about the owner's certificate. The message is the code and a short English reason:
 * never the password, never bytes of the file (this error may be logged).
 */
export class CertificateError extends Error {
  readonly code: CertificateErrorCode;
  constructor(code: CertificateErrorCode, reason: string) {
    super(`${code}: ${reason}`);
    this.name = 'CertificateError';
    this.code = code;
  }
}

/** What the settings page shows about the certificate; nothing secret. */
export type CertificateInfo = {
  subject: string;
  issuer: string;
  /** The RUC when the subject names one (SUNAT-accredited certificates carry it in OU or serialNumber). */
  ruc: string | null;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
};

/** The key and certificate taken out of a PKCS#12 file, ready to sign with. */
export type SigningMaterial = {
  privateKeyPem: string;
  certificatePem: string;
  /** The DER certificate in base64 on one line: what goes into ds:X509Certificate. */
  certificateBase64: string;
  info: CertificateInfo;
};

/** A distinguished name as `CN=..., O=..., C=PE` (short names where forge knows them). */
function dnText(attributes: forge.pki.CertificateField[]): string {
  return attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`).join(', ');
}

/** The first 11-digit run that starts like a RUC (10, 15, 16, 17 or 20) after "RUC", else any such run. */
export function rucInSubject(subject: string): string | null {
  const labelled = /RUC[^0-9]{0,3}((?:10|15|16|17|20)\d{9})(?!\d)/i.exec(subject);
  if (labelled?.[1]) return labelled[1];
  const bare = /(?<!\d)((?:10|15|16|17|20)\d{9})(?!\d)/.exec(subject);
  return bare?.[1] ?? null;
}

/** forge's asn1/p12 readers throw plain errors; this tells a wrong password from a broken file. */
function openPkcs12(bytes: Uint8Array, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));
  } catch {
    throw new CertificateError('CERT_UNREADABLE', 'the file is not a PKCS#12 (.p12/.pfx) file');
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, true, password);
  } catch (err) {
    const text = err instanceof Error ? err.message : '';
    // forge says "PKCS#12 MAC could not be verified. Invalid password?" or fails decrypting the bags.
    if (/password|MAC|decrypt|Invalid/i.test(text)) throw new CertificateError('CERT_BAD_PASSWORD', 'the password does not open this file');
    throw new CertificateError('CERT_UNREADABLE', 'the file is not a PKCS#12 (.p12/.pfx) file');
  }
}

/** Refuses a certificate outside its validity at `now`. */
function checkValidity(cert: forge.pki.Certificate, now: Date): void {
  if (now.getTime() < cert.validity.notBefore.getTime()) throw new CertificateError('CERT_NOT_YET_VALID', `the certificate is valid from ${cert.validity.notBefore.toISOString()}`);
  if (now.getTime() > cert.validity.notAfter.getTime()) throw new CertificateError('CERT_EXPIRED', `the certificate expired on ${cert.validity.notAfter.toISOString()}`);
}

const SHROUDED_KEY_BAG = forge.pki.oids.pkcs8ShroudedKeyBag as string;
const KEY_BAG = forge.pki.oids.keyBag as string;
const CERT_BAG = forge.pki.oids.certBag as string;

/** Key bags of both kinds (shrouded is the usual one; some tools write plain key bags). */
function privateKeys(p12: forge.pkcs12.Pkcs12Pfx): forge.pki.PrivateKey[] {
  const shrouded = p12.getBags({ bagType: SHROUDED_KEY_BAG })[SHROUDED_KEY_BAG] ?? [];
  const plain = p12.getBags({ bagType: KEY_BAG })[KEY_BAG] ?? [];
  return [...shrouded, ...plain].flatMap((bag) => (bag.key ? [bag.key] : []));
}

/**
 * Opens a PKCS#12 file: refuses a wrong password, a file without a private key or without the
 * certificate of that key, a non-RSA key, and a certificate outside its validity at `now`.
 * When the file holds a chain, the certificate whose public key matches the private key is used.
 */
export function readPkcs12(bytes: Uint8Array, password: string, now: Date, options: { skipValidity?: boolean } = {}): SigningMaterial {
  const p12 = openPkcs12(bytes, password);
  const keys = privateKeys(p12);
  if (keys.length === 0) throw new CertificateError('CERT_NO_PRIVATE_KEY', 'the file holds no private key');
  const key = keys[0] as forge.pki.rsa.PrivateKey;
  if (typeof key.n === 'undefined' || typeof key.e === 'undefined') throw new CertificateError('CERT_NOT_RSA', 'the private key is not an RSA key');
  const certs = (p12.getBags({ bagType: CERT_BAG })[CERT_BAG] ?? [])
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert !== undefined && cert !== null);
  const cert = certs.find((c) => {
    const pub = c.publicKey as forge.pki.rsa.PublicKey;
    return pub.n !== undefined && pub.n.equals(key.n) && pub.e.equals(key.e);
  });
  if (!cert) throw new CertificateError('CERT_NO_CERTIFICATE', 'the file holds no certificate for its private key');
  if (!options.skipValidity) checkValidity(cert, now);
  const der = forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes();
  const subject = dnText(cert.subject.attributes);
  return {
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(cert),
    certificateBase64: forge.util.encode64(der),
    info: {
      subject,
      issuer: dnText(cert.issuer.attributes),
      ruc: rucInSubject(subject),
      serialNumber: cert.serialNumber,
      notBefore: cert.validity.notBefore.toISOString(),
      notAfter: cert.validity.notAfter.toISOString(),
    },
  };
}
