import forge from 'node-forge';

/**
 * How much work a PKCS#12 file asks for before its password can be checked
 * (issue 19 item 16). node-forge derives keys with whatever iteration counts
 * the file names: a 3 KB file whose MAC asks for 5,000,000 rounds held the
 * hub's event loop for 5-11 s before `CERT_BAD_PASSWORD`. This walks the
 * file's ASN.1 (cheap: no key is derived) and reads every count it carries
 * in the clear, so a file asking for more than any real issuer uses is
 * refused before anything is derived.
 *
 * Counts read: the MAC's (`MacData.iterations`, default 1), and every
 * password-based encryption's parameters found anywhere in the structure,
 * the nested DER inside OCTET STRINGs included (the AuthenticatedSafe, the
 * SafeContents of unencrypted bags): PKCS#12 PBE (1.2.840.113549.1.12.1.x),
 * PBES1 (1.2.840.113549.1.5.x) and PBKDF2 (inside PBES2). Bags inside an
 * encrypted SafeContents are only readable after decrypting it; the worker's
 * time limit bounds those (pkcs12-thread.ts).
 */

/**
 * The most rounds one derivation may ask for. Real files: OpenSSL and
 * Windows' certificate export write 2,000-2,048 (what Peruvian issuers'
 * browser and Windows exports give), Java's keytool and OpenSSL 3 PBES2
 * 10,000; a few recent tools 100,000. Past this the file is refused as
 * CERT_TOO_COSTLY (re-exporting it with the issuer's or the OS's tool fixes it).
 */
export const MAX_ITERATIONS = 100_000;
/** The most rounds all derivations of one file may ask for together (a key, a few bags, the MAC). */
export const MAX_TOTAL_ITERATIONS = 400_000;
/** A file with more derivations than this is no certificate anyone exported. */
const MAX_DERIVATIONS = 16;
/** How deep the walk goes (real files nest 6-8 levels, nested DER included). */
const MAX_DEPTH = 24;

const PKCS12_PBE = '1.2.840.113549.1.12.1.';
const PBES1 = new Set(['1', '3', '4', '6', '10', '11'].map((n) => `1.2.840.113549.1.5.${n}`));
const PBKDF2 = '1.2.840.113549.1.5.12';

/** What the walk found: every count, in order (the MAC's first when present). */
export type Pkcs12Costs = { macIterations: number | null; derivations: number[] };

/** Why a file's costs refuse it, or null when they are within reason. */
export function costRefusal(costs: Pkcs12Costs): string | null {
  const all = [...(costs.macIterations === null ? [] : [costs.macIterations]), ...costs.derivations];
  if (all.length > MAX_DERIVATIONS) return `the file asks for ${all.length} key derivations`;
  const worst = Math.max(0, ...all);
  if (worst > MAX_ITERATIONS) return `the file asks for ${worst} rounds (at most ${MAX_ITERATIONS})`;
  const total = all.reduce((a, b) => a + b, 0);
  if (total > MAX_TOTAL_ITERATIONS) return `the file asks for ${total} rounds in all (at most ${MAX_TOTAL_ITERATIONS})`;
  return null;
}

/** An INTEGER's value; Infinity past 2^31 (nobody needs that many rounds); null when the node is no INTEGER. */
function integerOf(node: forge.asn1.Asn1 | undefined): number | null {
  if (!node || node.tagClass !== forge.asn1.Class.UNIVERSAL || node.type !== forge.asn1.Type.INTEGER || typeof node.value !== 'string') return null;
  const bytes = node.value;
  if (bytes.length === 0) return null;
  // Leading zero bytes carry no value; a negative count is nonsense and counts as too many.
  const trimmed = bytes.replace(/^\x00+/, '');
  if ((bytes.charCodeAt(0) & 0x80) !== 0 || trimmed.length > 4) return Infinity;
  let n = 0;
  for (const ch of trimmed) n = n * 256 + ch.charCodeAt(0);
  return n;
}

function oidOf(node: forge.asn1.Asn1 | undefined): string | null {
  if (!node || node.tagClass !== forge.asn1.Class.UNIVERSAL || node.type !== forge.asn1.Type.OID || typeof node.value !== 'string') return null;
  try {
    return forge.asn1.derToOid(node.value);
  } catch {
    return null;
  }
}

/** forge's fromDer takes an options object (strict, parseAllBytes, decodeBitStrings); its typings know only the boolean. */
const fromDer = forge.asn1.fromDer as unknown as (bytes: forge.util.ByteStringBuffer, options: { strict: boolean; parseAllBytes: boolean; decodeBitStrings: boolean }) => forge.asn1.Asn1;

/** DER inside an OCTET STRING, when it is DER through to its last byte; else null. */
function nestedDer(bytes: string): forge.asn1.Asn1 | null {
  const first = bytes.charCodeAt(0);
  // Only a SEQUENCE or SET can be a structure worth walking; encrypted bytes rarely start so, and fail the full parse.
  if (bytes.length < 2 || (first !== 0x30 && first !== 0x31)) return null;
  try {
    return fromDer(forge.util.createBuffer(bytes), { strict: true, parseAllBytes: true, decodeBitStrings: false });
  } catch {
    return null;
  }
}

/** Every count of the file, without deriving anything. Throws on what is no DER at all. */
export function readPkcs12Costs(bytes: Uint8Array): Pkcs12Costs {
  const root = fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')), { strict: true, parseAllBytes: true, decodeBitStrings: false });
  const derivations: number[] = [];
  let walked = 0;
  const walk = (node: forge.asn1.Asn1, depth: number): void => {
    if (depth > MAX_DEPTH || ++walked > 10_000) throw new Error('structure too deep or too large');
    if (Array.isArray(node.value)) {
      const children = node.value;
      const oid = oidOf(children[0]);
      const params = children[1];
      if (oid && params && Array.isArray(params.value)) {
        // PKCS#12 PBE and PBES1: params = SEQUENCE { salt, iterations }; PBKDF2: { salt, iterationCount, ... }.
        if (oid.startsWith(PKCS12_PBE) || PBES1.has(oid) || oid === PBKDF2) derivations.push(integerOf(params.value[1]) ?? 1);
      }
      for (const child of children) walk(child, depth + 1);
      return;
    }
    if (node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === forge.asn1.Type.OCTETSTRING && typeof node.value === 'string') {
      const inner = nestedDer(node.value);
      if (inner) walk(inner, depth + 1);
    }
  };
  walk(root, 0);
  // PFX ::= SEQUENCE { version, authSafe, macData MacData OPTIONAL }; MacData ::= SEQUENCE { DigestInfo, salt, iterations DEFAULT 1 }.
  const top = Array.isArray(root.value) ? root.value : [];
  const macData = top[2];
  const macIterations = macData && Array.isArray(macData.value) ? (macData.value[2] ? (integerOf(macData.value[2]) ?? Infinity) : 1) : null;
  return { macIterations, derivations };
}
