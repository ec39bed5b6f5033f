/**
 * The seller's licence tool (issue 23; installer/README.md "Licence codes").
 *
 *   node installer/licence-sign.ts keygen --out <folder>
 *       makes the seller's Ed25519 key pair once: <folder>/licence-private.pem
 *       (mode 0600: keep it offline; a folder inside this checkout is refused,
 *       so it never lands in the repo) and <folder>/licence-public.key, the
 *       file boxes are built with (`npm run build:binary -- --licence-public-key
 *       <folder>/licence-public.key`); prints the key's fingerprint.
 *   node installer/licence-sign.ts sign --key <private.pem> --hub <store id>
 *       --plan invoicing|ordering|demo --until YYYY-MM-DD [--issued YYYY-MM-DD] [--url http://pos.local/]
 *       prints one code (the owner types or scans it on /pages/licence/index); with --url also
 *       a link to that page with the code in it, for a QR code any phone's camera opens.
 *
 * The store id is on the box's licence page. Exit 2 with a line on stderr
 * for anything it cannot do.
 */
import fs, { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { signLicence } from '../hub/licence/code.ts';
import { keyFingerprint, newSellerKeyPair } from '../hub/licence/keys.ts';
import { licenceTermsSchema } from '../hub/protocol/licence.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function fail(message: string): never {
  process.stderr.write(`licence-sign: ${message}\n`);
  process.exit(2);
}

/** Runs the tool on `argv` (without node and the script); returns what it prints. */
export function licenceTool(argv: readonly string[], today: () => string = () => new Date().toISOString().slice(0, 10)): string {
  const [verb, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      out: { type: 'string' },
      key: { type: 'string' },
      hub: { type: 'string' },
      plan: { type: 'string' },
      until: { type: 'string' },
      issued: { type: 'string' },
      url: { type: 'string' },
    },
    strict: true,
  });
  if (verb === 'keygen') {
    if (!values.out) throw new Error('keygen needs --out <folder>');
    const out = path.resolve(values.out);
    const inRepo = path.relative(fs.realpathSync(REPO), fs.realpathSync(out));
    if (!inRepo.startsWith('..') && !path.isAbsolute(inRepo)) throw new Error(`${out} is inside this checkout: the private key must never be committed; keygen into a folder outside it (a USB stick kept offline)`);
    const file = path.join(out, 'licence-private.pem');
    const pub = path.join(out, 'licence-public.key');
    if (existsSync(file) || existsSync(pub)) throw new Error(`${file} exists: a second key would make every code signed with the first one useless`);
    const { privatePem, publicRaw } = newSellerKeyPair();
    writeFileSync(file, privatePem, { mode: 0o600, flag: 'wx' });
    writeFileSync(pub, `${publicRaw}\n`, { mode: 0o644, flag: 'wx' });
    return `private key written to ${file} (mode 0600: keep it offline)\npublic key written to ${pub} (build boxes with it: npm run build:binary -- --licence-public-key ${pub})\nSELLER_PUBLIC_KEY = '${publicRaw}'\nfingerprint ${keyFingerprint(publicRaw)}\n`;
  }
  if (verb === 'sign') {
    if (!values.key) throw new Error('sign needs --key <private.pem>');
    const terms = licenceTermsSchema.safeParse({ hubId: values.hub, plan: values.plan, paidUntil: values.until, issued: values.issued ?? today() });
    if (!terms.success) throw new Error(`--hub, --plan (invoicing|ordering|demo) and --until YYYY-MM-DD are needed: ${terms.error.issues.map((i) => i.path.join('.')).join(', ')}`);
    const code = signLicence(terms.data, readFileSync(values.key, 'utf8'));
    if (!values.url) return `${code}\n`;
    const base = new URL(values.url);
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('--url must be an http(s) address of the box');
    return `${code}\n${base.origin}/?code=${code}#/pages/licence/index\n`;
  }
  throw new Error('use: keygen --out <folder> | sign --key <pem> --hub <id> --plan <plan> --until YYYY-MM-DD');
}

if (import.meta.main) {
  try {
    process.stdout.write(licenceTool(process.argv.slice(2)));
  } catch (err) {
    fail((err as Error).message);
  }
}
