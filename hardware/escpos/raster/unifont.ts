/**
 * The glyph source of the raster path: GNU Unifont (a bitmap font covering
 * every Chinese character of the Basic Multilingual Plane, 16 x 16 dots;
 * SIL OFL 1.1 / GPL with font exception), shipped as the WOFF file of the
 * `@fontsource/unifont` package. Loaded on first use only (a few MB), and
 * only by printers set to `cjk: 'raster'`. In the single binary it is read
 * from the SEA asset `fonts/unifont.woff` when the build embeds it; without
 * a font, characters print as empty boxes rather than failing the job.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readOutlineFont, type OutlineFont } from './truetype.ts';
import { readWoff } from './woff.ts';

/** The SEA asset key the binary build may embed the font under. */
export const UNIFONT_ASSET = 'fonts/unifont.woff';
/** The font file in its npm package (the binary build embeds it as UNIFONT_ASSET). */
export const UNIFONT_PACKAGE_FILE = '@fontsource/unifont/files/unifont-latin-400-normal.woff';

let cached: OutlineFont | null | undefined;
/** The font's bytes handed in by whoever started this thread (the encode worker gets them from the hub's main thread). */
let given: Uint8Array | null | undefined;

/**
 * Uses these bytes as the font file instead of looking for it: the encode worker
 * (../encode-worker.ts) cannot count on reaching the single binary's assets, so the
 * main thread reads the file and hands it over.
 */
export function useUnifontFile(bytes: Uint8Array | null): void {
  given = bytes;
  cached = undefined;
}

/** The font file's bytes (SEA asset, else the npm package's file), unparsed; null when neither is there. */
export function readUnifontFile(): Uint8Array | null {
  if (given !== undefined) return given;
  return readFontFile();
}

function readFontFile(): Uint8Array | null {
  try {
    // Synchronous on purpose: encode() is synchronous, and this runs once per process.
    const sea = process.getBuiltinModule('node:sea');
    if (sea.isSea() && sea.getAssetKeys().includes(UNIFONT_ASSET)) return new Uint8Array(sea.getAsset(UNIFONT_ASSET));
  } catch {
    // Not a single binary (or an old Node): read the package's file below.
  }
  try {
    return readFileSync(createRequire(import.meta.url).resolve(UNIFONT_PACKAGE_FILE));
  } catch {
    return null;
  }
}

/** The Unifont outline font, or null when it is not shipped (then glyphs are drawn as boxes). */
export function loadUnifont(): OutlineFont | null {
  if (cached !== undefined) return cached;
  const file = readUnifontFile();
  try {
    cached = file ? readOutlineFont(readWoff(file)) : null;
  } catch {
    cached = null;
  }
  return cached;
}
