/**
 * Builds the hub as ONE executable (Node single executable application):
 *
 *   1. bundle hub/main.ts with esbuild into one CommonJS file (everything inlined),
 *   2. write sea-config.json with that bundle as `main` and every file of the
 *      built client as an asset keyed `client/<relative path>` (hub/http/assets.ts),
 *   3. make the SEA blob with this very Node (`process.execPath`), the same
 *      binary that becomes the executable, as SEA requires,
 *   4. copy that Node binary to the output and inject the blob with postject.
 *
 * Run with `npm run build:binary` (npm puts the project's Node 24 first on PATH).
 * `--arch arm64` (Raspberry Pi OS 64-bit) builds on this x64 machine: the blob
 * is made without V8's code cache or startup snapshot (both are machine code
 * of the Node that makes them; without them the blob is the same for every
 * architecture) and injected into the official arm64 Node of the same version
 * (node-base.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, promises as fs, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { inject } from 'postject';
import { UNIFONT_ASSET, UNIFONT_PACKAGE_FILE } from '../hardware/escpos/raster/unifont.ts';
import { bundleHub } from './bundle.ts';
import { keyFingerprint, readSellerKey, REPO_SELLER_KEY_FILE } from '../hub/licence/keys.ts';
import { ARCHES, nodeBase, NodeBaseError, stripCommand, type Arch } from './node-base.ts';
import { HUB_NODE_FLAGS } from './node-flags.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';
const USAGE = `Usage: node installer/build-binary.ts [options]   (or: npm run build:binary -- [options])

  --client-dir DIR  built client to embed (default client/dist, built with vite if missing)
  --out FILE        the executable to write (default dist/pos-hub, or dist/pos-hub-arm64); work files go beside it
  --arch ARCH       x64 or arm64 (default: this machine's); another machine's Node is fetched once
                    with npm pack into .cache/node-bases/
  --strip           strip the Node binary's symbols first (about 16 MB smaller)
  --licence-public-key FILE
                    the seller's public key the binary trusts for licence codes (licence-public.key
                    from licence-sign.ts keygen, or a PEM public key); default the repo's
                    hub/licence/seller-public-key.txt, whose private half nobody has
  --help            this text
`;

class BuildError extends Error {
  override name = 'BuildError';
}

type Options = { clientDir: string; out: string; arch: Arch; strip: boolean; defaultClient: boolean; sellerKey: string; sellerKeyFile: string };

function options(argv: string[]): Options | null {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        'client-dir': { type: 'string' },
        out: { type: 'string' },
        arch: { type: 'string' },
        strip: { type: 'boolean' },
        'licence-public-key': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new BuildError(`${(err as Error).message}\n\n${USAGE}`);
  }
  if (values.help) return null;
  const arch = (values.arch ?? process.arch) as Arch;
  if (!ARCHES.includes(arch)) throw new BuildError(`--arch ${values.arch}: only ${ARCHES.join(' or ')}.\n\n${USAGE}`);
  const sellerKeyFile = values['licence-public-key'] ? path.resolve(values['licence-public-key']) : fileURLToPath(REPO_SELLER_KEY_FILE);
  let sellerKey: string;
  try {
    sellerKey = readSellerKey(readFileSync(sellerKeyFile, 'utf8'));
  } catch (err) {
    throw new BuildError(`--licence-public-key ${sellerKeyFile}: ${(err as Error).message}`, { cause: err });
  }
  return {
    sellerKey,
    sellerKeyFile,
    clientDir: path.resolve(values['client-dir'] ?? path.join(ROOT, 'client', 'dist')),
    // The default name says the machine when it is not this one's: dist/pos-hub stays the x64 build here.
    out: path.resolve(values.out ?? path.join(ROOT, 'dist', arch === process.arch ? 'pos-hub' : `pos-hub-${arch}`)),
    arch,
    strip: values.strip ?? false,
    defaultClient: values['client-dir'] === undefined,
  };
}

/** The default client folder is built on demand; one given with --client-dir must exist. */
function ensureClient(opts: Options): void {
  if (existsSync(path.join(opts.clientDir, 'index.html'))) return;
  if (!opts.defaultClient) throw new BuildError(`${opts.clientDir} holds no index.html: not a built client.`);
  const viteConfig = path.join(ROOT, 'client', 'vite.config.ts');
  if (!existsSync(viteConfig)) {
    throw new BuildError(`The client is not built (no ${opts.clientDir}) and cannot be: ${viteConfig} does not exist yet.\nBuild it first, or pass --client-dir DIR.`);
  }
  console.log('Building the client (vite build)...');
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', viteConfig], { cwd: ROOT, stdio: 'inherit' });
  } catch {
    throw new BuildError('vite build failed (see above): fix the client, or pass --client-dir DIR.');
  }
  if (!existsSync(path.join(opts.clientDir, 'index.html'))) throw new BuildError(`vite build left no ${path.join(opts.clientDir, 'index.html')}.`);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function build(opts: Options): Promise<void> {
  const started = Date.now();
  const cross = opts.arch !== process.arch;
  // Checked before the slow steps: a cross build that cannot be stripped here says so at once.
  const strip = opts.strip ? stripCommand(opts.arch) : null;
  if (opts.strip && !strip) throw new BuildError(`--strip for ${opts.arch} needs binutils for it (Debian: binutils-aarch64-linux-gnu); build without --strip.`);
  const base = nodeBase(opts.arch, ROOT, (line) => console.log(line));
  ensureClient(opts);
  const work = path.dirname(opts.out);
  await fs.mkdir(work, { recursive: true });
  const bundlePath = path.join(work, 'pos-hub.cjs');
  const blobPath = path.join(work, 'pos-hub.blob');
  const configPath = path.join(work, 'sea-config.json');

  console.log('Bundling hub/main.ts (esbuild)...');
  const repoKey = opts.sellerKeyFile === fileURLToPath(REPO_SELLER_KEY_FILE);
  console.log(`Licence codes: trusting the seller key ${keyFingerprint(opts.sellerKey)} (${opts.sellerKeyFile})`);
  if (repoKey) console.log("  That is the repo's key: nobody holds its private half, so no code will ever count on this binary. A box to sell is built with --licence-public-key (installer/README.md).");
  const bundled = await bundleHub(bundlePath, 'warning', opts.sellerKey);
  if (bundled.errors.length > 0) throw new BuildError('esbuild failed');

  const assets: Record<string, string> = {};
  for (const file of await listFiles(opts.clientDir)) {
    assets[`client/${path.relative(opts.clientDir, file).split(path.sep).join('/')}`] = file;
  }
  // The bitmap font for Chinese printed as an image (hardware/escpos/raster): a package file the binary cannot reach otherwise.
  assets[UNIFONT_ASSET] = createRequire(import.meta.url).resolve(UNIFONT_PACKAGE_FILE);
  const seaConfig = {
    main: bundlePath,
    output: blobPath,
    disableExperimentalSEAWarning: true,
    useSnapshot: false,
    // V8's code cache made at build time: the hub's code is not compiled again at each start (an
    // empty store started in ~150 ms instead of ~200, 8 MB less RSS). No import() may run in the
    // bundle then (hub/http/assets.ts takes node:sea through process.getBuiltinModule).
    // Not for another machine: the cache is this Node's compiled code, which the arm64 Node rejects.
    useCodeCache: !cross,
    // The hub's V8 settings (node-flags.ts); NODE_OPTIONS can still add to them.
    execArgv: HUB_NODE_FLAGS,
    assets,
  };
  await fs.writeFile(configPath, `${JSON.stringify(seaConfig, null, 2)}\n`);

  console.log(`Making the SEA blob with Node ${process.version} (${Object.keys(assets).length} embedded files: the client and the font)...`);
  execFileSync(process.execPath, ['--experimental-sea-config', configPath], { cwd: work, stdio: 'inherit' });

  await fs.rm(opts.out, { force: true });
  await fs.copyFile(base, opts.out);
  await fs.chmod(opts.out, 0o755);
  if (strip) {
    console.log(`Stripping the Node binary (${strip})...`);
    execFileSync(strip, [opts.out], { stdio: 'inherit' });
  }
  console.log('Injecting the blob (postject)...');
  await inject(opts.out, 'NODE_SEA_BLOB', await fs.readFile(blobPath), { sentinelFuse: SEA_FUSE });

  const { size } = await fs.stat(opts.out);
  console.log(`Built ${opts.out} (${mb(size)}, linux-${opts.arch}, Node ${process.version}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const rel = path.relative(process.cwd(), opts.out);
  const shown = rel.startsWith('..') ? opts.out : `./${rel}`;
  if (cross) console.log(`Copy it to a linux-${opts.arch} box (Raspberry Pi OS 64-bit) and run: ${path.basename(opts.out)} --data /var/lib/pos-hub --port 8080`);
  else console.log(`Run it: ${shown} --data /var/lib/pos-hub --port 8080`);
}

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  if (!opts) {
    console.log(USAGE);
    return;
  }
  if (process.platform !== 'linux') throw new BuildError(`This build makes a Linux executable from the running Node; this is ${process.platform}.`);
  await build(opts);
}

main().catch((err: unknown) => {
  console.error(err instanceof BuildError || err instanceof NodeBaseError ? `build-binary: ${err.message}` : err);
  process.exit(1);
});
