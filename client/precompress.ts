import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Beside each text file of the build, writes `<file>.br` (brotli, best) and
 * `<file>.gz` (gzip, best) when they are smaller. The hub sends one of them
 * when the browser accepts it (hub/http/middleware/static.ts), so it never
 * compresses on a request: the box is small, the files never change.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => TEXT.has(path.extname(f)));
      await Promise.all(files.map((f) => writeCompressedTwins(path.join(outDir, f))));
    },
  };
}

/** Writes `<file>.br` and `<file>.gz` beside a text file, each only when it is smaller. */
export async function writeCompressedTwins(file: string): Promise<void> {
  const raw = await fs.readFile(file);
  if (raw.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
}
