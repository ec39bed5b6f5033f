import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { costRefusal, MAX_ITERATIONS, readPkcs12Costs } from './pkcs12-costs.ts';
import { readPkcs12OffThread } from './pkcs12-thread.ts';
import { makeTestPkcs12 } from './test-certificate.ts';

/**
 * Issue 19 item 16: a 3 KB certificate whose MAC asks for 5,000,000 rounds
 * held the event loop for 5-11 s. Its counts are read from the ASN.1 and
 * refused before anything is derived; a real file is opened in a worker
 * thread while the event loop keeps turning. No timing assertions: the loop's
 * freedom is shown by a setImmediate ticker that kept running.
 */

const PASSWORD = 'clave-del-certificado';
const good = makeTestPkcs12(PASSWORD, { bits: 2048 });

/** The file with its MAC's iteration count replaced (the MAC no longer verifies: forge would derive, then say CERT_BAD_PASSWORD). */
function withMacIterations(p12: Uint8Array, count: number): Uint8Array {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
  const macData = (asn1.value as forge.asn1.Asn1[])[2]!;
  // Big-endian bytes by hand: forge's integerToDer stops at 32 bits, a crafted file need not.
  let bytes = '';
  for (let n = count; n > 0; n = Math.floor(n / 256)) bytes = String.fromCharCode(n % 256) + bytes;
  if (bytes.charCodeAt(0) & 0x80) bytes = `\x00${bytes}`;
  (macData.value as forge.asn1.Asn1[])[2] = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.INTEGER, false, bytes);
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** Every PBE parameter INTEGER in the clear set to `count` (the key bag's, the encrypted certificates'). */
function withPbeIterations(p12: Uint8Array, count: number): Uint8Array {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(p12).toString('binary')));
  // forge writes the AuthenticatedSafe inside an OCTET STRING: rebuild it from the decoded tree.
  const authSafe = (asn1.value as forge.asn1.Asn1[])[1]!;
  const explicit = (authSafe.value as forge.asn1.Asn1[])[1]!;
  const octets = (explicit.value as forge.asn1.Asn1[])[0]!;
  const safe = forge.asn1.fromDer(forge.util.createBuffer(octets.value as string));
  const patch = (node: forge.asn1.Asn1): forge.asn1.Asn1 => {
    if (Array.isArray(node.value)) {
      const [first, params] = node.value;
      if (first?.type === forge.asn1.Type.OID && forge.asn1.derToOid(first.value as string).startsWith('1.2.840.113549.1.12.1.') && params && Array.isArray(params.value)) {
        params.value[1] = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.INTEGER, false, forge.asn1.integerToDer(count).getBytes());
      }
      node.value = node.value.map(patch);
      return node;
    }
    if (node.type === forge.asn1.Type.OCTETSTRING && typeof node.value === 'string' && node.value.charCodeAt(0) === 0x30) {
      try {
        const inner = forge.asn1.fromDer(forge.util.createBuffer(node.value));
        return { ...node, value: forge.asn1.toDer(patch(inner)).getBytes() };
      } catch {
        return node;
      }
    }
    return node;
  };
  octets.value = forge.asn1.toDer(patch(safe)).getBytes();
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

describe('a PKCS#12 file\'s costs', () => {
  it('reads the MAC and every PBE count of a real file (forge writes 2048)', () => {
    const costs = readPkcs12Costs(good.p12);
    expect(costs.macIterations).toBe(2048);
    // The shrouded key bag's (forge leaves the certificate bag unencrypted).
    expect(costs.derivations.length).toBeGreaterThanOrEqual(1);
    expect(costs.derivations.every((n) => n === 2048)).toBe(true);
    expect(costRefusal(costs)).toBeNull();
  });

  it.each([
    ['a MAC of 5,000,000 rounds', (p: Uint8Array) => withMacIterations(p, 5_000_000)],
    ['a MAC just past the cap', (p: Uint8Array) => withMacIterations(p, MAX_ITERATIONS + 1)],
    ['a MAC count past 2^31', (p: Uint8Array) => withMacIterations(p, 2 ** 40)],
    ['bags of 5,000,000 rounds', (p: Uint8Array) => withPbeIterations(p, 5_000_000)],
  ])('%s is refused CERT_TOO_COSTLY before anything is derived', async (_what, craft) => {
    const crafted = craft(good.p12);
    expect(crafted.length).toBeLessThan(4096);
    expect(costRefusal(readPkcs12Costs(crafted))).not.toBeNull();
    await expect(readPkcs12OffThread(crafted, PASSWORD, new Date())).rejects.toMatchObject({ code: 'CERT_TOO_COSTLY' });
  });

  it('a count within the cap is still opened (here the MAC then fails as a wrong password would)', async () => {
    await expect(readPkcs12OffThread(withMacIterations(good.p12, 3000), PASSWORD, new Date())).rejects.toMatchObject({ code: 'CERT_BAD_PASSWORD' });
  });

  it.each([
    ['nothing', new Uint8Array()],
    ['text', Buffer.from('no soy un certificado')],
    ['a cut file', good.p12.slice(0, 200)],
  ])('%s is CERT_UNREADABLE', async (_what, bytes) => {
    await expect(readPkcs12OffThread(bytes, PASSWORD, new Date())).rejects.toMatchObject({ code: 'CERT_UNREADABLE' });
  });
});

describe('opening off the event loop', () => {
  it('a real certificate opens in a worker while the event loop keeps turning', async () => {
    let ticks = 0;
    let running = true;
    const tick = () => {
      ticks++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const opened = readPkcs12OffThread(good.p12, PASSWORD, new Date());
    const material = await opened;
    running = false;
    expect(material.certificatePem).toBe(good.certificatePem);
    expect(material.info.ruc).toBe('20123456789');
    // The ticker ran while the worker started and derived: the loop was never held for the whole opening.
    expect(ticks).toBeGreaterThan(1);
  });

  it('a wrong password is CERT_BAD_PASSWORD from the worker, and the password is in no message', async () => {
    const err = await readPkcs12OffThread(good.p12, 'otra-clave', new Date()).then(
      () => null,
      (e: unknown) => e as Error & { code: string },
    );
    expect(err).toMatchObject({ code: 'CERT_BAD_PASSWORD' });
    expect(err?.message).not.toContain('otra-clave');
  });

  it('a worker that does not answer in time is ended: CERT_TOO_COSTLY', async () => {
    await expect(readPkcs12OffThread(good.p12, PASSWORD, new Date(), { limitMs: 0 })).rejects.toMatchObject({ code: 'CERT_TOO_COSTLY' });
  });
});
