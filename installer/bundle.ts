import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT } from './client-build.ts';
import { readSellerKey, REPO_SELLER_KEY_FILE } from '../hub/licence/keys.ts';

/** `supports-color` (an optional dependency of `debug`) probes the terminal at load; the bundle gets an empty module instead. */
const emptySupportsColor: esbuild.Plugin = {
  name: 'empty-supports-color',
  setup(build) {
    build.onResolve({ filter: /^supports-color$/ }, () => ({ path: 'supports-color', namespace: 'empty-module' }));
    build.onLoad({ filter: /.*/, namespace: 'empty-module' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
  },
};

/**
 * The PKCS#12 worker (hub/einvoice/secrets/pkcs12-worker.ts) as one CommonJS
 * text with node-forge inside: the binary has no worker file on disk, so
 * pkcs12-thread.ts starts this text (`eval: true`), given to the hub bundle as
 * `__POS_PKCS12_WORKER__`. It requires only Node's own modules.
 */
export function bundlePkcs12Worker(logLevel: esbuild.LogLevel = 'warning'): Promise<string> {
  return bundleWorker(path.join(ROOT, 'hub', 'einvoice', 'secrets', 'pkcs12-worker.ts'), 'the PKCS#12 worker', logLevel);
}

/**
 * The printouts' encode worker (hardware/escpos/encode-worker.ts) as one CommonJS text, for the
 * same reason as the PKCS#12 worker: started by hardware/escpos/encode-thread.ts from
 * `__POS_ENCODE_WORKER__` (`eval: true`). The font's bytes are handed to it by the main thread.
 */
export function bundleEncodeWorker(logLevel: esbuild.LogLevel = 'warning'): Promise<string> {
  return bundleWorker(path.join(ROOT, 'hardware', 'escpos', 'encode-worker.ts'), 'the encode worker', logLevel, { 'import.meta.url': '""' });
}

/**
 * The reports' decode worker (hub/reports/decode-worker.ts) as one CommonJS text: started by
 * hub/reports/decode-thread.ts from `__POS_REPORTS_WORKER__` (`eval: true`). It reads the
 * archive's day files itself; the job comes from the main thread.
 */
export function bundleReportsWorker(logLevel: esbuild.LogLevel = 'warning'): Promise<string> {
  return bundleWorker(path.join(ROOT, 'hub', 'reports', 'decode-worker.ts'), 'the reports worker', logLevel, { 'import.meta.url': '""' });
}

/** One worker's entry as one CommonJS text that requires only Node's own modules. */
async function bundleWorker(entry: string, what: string, logLevel: esbuild.LogLevel, define?: Record<string, string>): Promise<string> {
  const built = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    write: false,
    legalComments: 'none',
    logLevel,
    ...(define ? { define } : {}),
  });
  const text = built.outputFiles[0]?.text;
  if (!text) throw new Error(`${what} did not bundle`);
  return text;
}

/**
 * hub/main.ts as the single binary carries it (`sellerKey`: the raw public
 * key of the seller whose licence codes it accepts, the repo's by default): one CommonJS file with every
 * dependency inside (a SEA's `require` only knows Node's built-in modules).
 * import.meta.url is rebuilt from __filename (in a SEA that is the
 * executable's path), so no code sees an empty import.meta. Used by
 * installer/build-binary.ts and by the start-up benchmark.
 */
export async function bundleHub(outfile: string, logLevel: esbuild.LogLevel = 'warning', sellerKey: string = readSellerKey(readFileSync(REPO_SELLER_KEY_FILE, 'utf8'))): Promise<esbuild.BuildResult> {
  const pkcs12Worker = await bundlePkcs12Worker(logLevel);
  const encodeWorker = await bundleEncodeWorker(logLevel);
  const reportsWorker = await bundleReportsWorker(logLevel);
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'hub', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node24',
    format: 'cjs',
    define: {
      'process.env.WS_NO_BUFFER_UTIL': '"1"',
      'process.env.WS_NO_UTF_8_VALIDATE': '"1"',
      'import.meta.url': '__posImportMetaUrl',
      __POS_PKCS12_WORKER__: JSON.stringify(pkcs12Worker),
      __POS_ENCODE_WORKER__: JSON.stringify(encodeWorker),
      __POS_REPORTS_WORKER__: JSON.stringify(reportsWorker),
      __POS_BUILD__: JSON.stringify(buildId()),
      // The seller's public key the binary trusts (hub/licence/keys.ts): build-binary's --licence-public-key.
      __POS_SELLER_KEY__: JSON.stringify(sellerKey),
    },
    banner: { js: "var __posImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [emptySupportsColor],
    legalComments: 'none',
    // Comments out: a single non-ASCII character in one (an em dash in a dependency's note) made V8
    // hold the whole 7 MB source as a two-byte string, 14 MB of heap for as long as the hub runs.
    // Strings and names stay as written (charset 'ascii', the default, escapes what is not ASCII).
    minifyWhitespace: true,
    charset: 'ascii',
    logLevel,
  });
  if (result.errors.length === 0) await fs.writeFile(outfile, asciiOnly(await fs.readFile(outfile, 'utf8')));
  return result;
}

/**
 * The bundle with every character past ASCII written as a \uXXXX escape. esbuild's ascii
 * charset leaves regular expression literals as written (hub/domain/goods/cells.ts has
 * full-width brackets in one); the escape means the same there, in a string or in a name.
 */
export function asciiOnly(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * What `pos-hub --version` prints after the release (hub/update/hub-version.ts):
 * the UTC day of the build and the commit it was built from, so two binaries
 * of one release can be told apart on a box.
 */
function buildId(): string {
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
  let commit = 'nogit';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || commit;
  } catch {
    // A build from a source tarball: no commit to name.
  }
  return `${day}.${commit}`;
}
