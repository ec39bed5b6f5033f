/**
 * Reads the tables out of a WOFF 1.0 font file (a TrueType font whose
 * tables are each zlib-compressed): the raster path's glyph source ships as
 * one (GNU Unifont from the @fontsource/unifont package). WOFF 1.0 spec:
 * a 44-byte header, then 20 bytes per table (tag, offset, compLength,
 * origLength, checksum); a table is stored raw when compLength = origLength.
 */
import { inflateSync } from 'node:zlib';

/** The font's tables by tag ('cmap', 'glyf'...), uncompressed. */
export type FontTables = Map<string, DataView>;

/** The tables of a WOFF 1.0 file; throws on anything else (the caller falls back to boxes). */
export function readWoff(file: Uint8Array): FontTables {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 file');
  const numTables = view.getUint16(12);
  const tables: FontTables = new Map();
  for (let i = 0; i < numTables; i += 1) {
    const at = 44 + i * 20;
    const tag = String.fromCharCode(file[at] ?? 0, file[at + 1] ?? 0, file[at + 2] ?? 0, file[at + 3] ?? 0);
    const offset = view.getUint32(at + 4);
    const compLength = view.getUint32(at + 8);
    const origLength = view.getUint32(at + 12);
    const stored = file.subarray(offset, offset + compLength);
    const bytes = compLength < origLength ? new Uint8Array(inflateSync(stored)) : stored;
    tables.set(tag, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  return tables;
}
