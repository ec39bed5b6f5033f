import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** What `makeTestPkcs12` may vary: the subject, the validity window, what goes into the file. */
export type TestCertificateOptions = {
  commonName?: string;
  organizationalUnit?: string;
  notBefore?: Date;
  notAfter?: Date;
  withKey?: boolean;
  /** false: the file carries a certificate of another key instead of the key's own. */
  withCertificate?: boolean;
  /** Key size; 1024 keeps tests fast (never used outside tests). */
  bits?: number;
};

/** A self-signed certificate and its PKCS#12, made on the fly for tests: no real certificate lives in the repo. */
export type TestPkcs12 = { p12: Uint8Array; certificatePem: string; privateKeyPem: string };

/** Builds a self-signed RSA certificate and packs it with its key into a PKCS#12 under `password`. */
export function makeTestPkcs12(password: string, options: TestCertificateOptions = {}): TestPkcs12 {
  const { privatePem, cert } = makeSelfSigned(options);
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const key = options.withKey === false ? null : privateKey;
  const certs = options.withCertificate === false ? [makeSelfSigned(options).cert] : [cert];
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, certs, password, { algorithm: '3des' });
  const der = forge.asn1.toDer(asn1).getBytes();
  return { p12: Buffer.from(der, 'binary'), certificatePem: forge.pki.certificateToPem(cert), privateKeyPem: privatePem };
}

/** A fresh RSA key and a self-signed certificate for it. */
function makeSelfSigned(options: TestCertificateOptions): { privatePem: string; cert: forge.pki.Certificate } {
  // node:crypto makes the key in C (forge's pure-JS generator takes seconds); forge builds the rest.
  const { privateKey: privatePem, publicKey: publicPem } = generateKeyPairSync('rsa', {
    modulusLength: options.bits ?? 1024,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const privateKey = forge.pki.privateKeyFromPem(privatePem);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicPem);
  cert.serialNumber = '01';
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: options.commonName ?? 'RESTAURANTE DE PRUEBA SAC' },
    { shortName: 'OU', value: options.organizationalUnit ?? 'RUC 20123456789 - CERTIFICADO DE PRUEBA' },
    { name: 'countryName', value: 'PE' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.sign(privateKey, forge.md.sha256.create());
  return { privatePem, cert };
}
