/**
 * Reads ESC/POS bytes back into what they print, for tests and for checking
 * captured printer traffic: the text lines (code-page bytes and GB18030 in
 * Chinese mode back to Unicode), QR payloads (GS ( k), cuts, drawer kicks
 * (the exact bytes sent) and raster images. It knows the commands encode()
 * and the drivers send; an unknown ESC/GS command is skipped by its 2 bytes.
 */
import iconv from 'iconv-lite';
import type { CodePage } from '#protocol';
import type { EncodeSettings } from '../printer.ts';
import { CODE_PAGE_NUMBERS, charFor } from './code-pages.ts';
import { DLE, ESC, FS, GS, LF } from './commands.ts';

/** What a stream of bytes prints. */
export type ParsedPrintout = { texts: string[]; qrs: string[]; cuts: number; drawerKicks: Uint8Array[]; images: number };

const PAGE_BY_NUMBER = new Map<number, CodePage>(Object.entries(CODE_PAGE_NUMBERS).map(([page, n]) => [n, page as CodePage]));

/** Decodes `bytes` as a printer set to `settings` would print them. */
export function parseEscPos(bytes: Uint8Array, settings: Pick<EncodeSettings, 'codePage'>): ParsedPrintout {
  const result: ParsedPrintout = { texts: [], qrs: [], cuts: 0, drawerKicks: [], images: 0 };
  let page: CodePage = settings.codePage;
  let chinese = false;
  let line = '';
  let storedQr = '';
  const at = (i: number) => bytes[i] ?? 0;
  let i = 0;
  while (i < bytes.length) {
    const b = at(i);
    if (b === LF) {
      result.texts.push(line);
      line = '';
      i += 1;
    } else if (b === ESC) {
      const cmd = at(i + 1);
      if (cmd === 0x74) page = PAGE_BY_NUMBER.get(at(i + 2)) ?? page;
      if (cmd === 0x70) result.drawerKicks.push(bytes.slice(i, i + 5));
      // ESC @ takes 2 bytes; ESC p 5; ESC a/E/t/d/! 3.
      i += cmd === 0x40 ? 2 : cmd === 0x70 ? 5 : 3;
      if (cmd === 0x40) chinese = false;
    } else if (b === GS) {
      const cmd = at(i + 1);
      if (cmd === 0x56) {
        result.cuts += 1;
        const m = at(i + 2);
        i += m === 65 || m === 66 ? 4 : 3;
      } else if (cmd === 0x76) {
        result.images += 1;
        const widthBytes = at(i + 4) | (at(i + 5) << 8);
        const rows = at(i + 6) | (at(i + 7) << 8);
        i += 8 + widthBytes * rows;
      } else if (cmd === 0x28 && at(i + 2) === 0x6b) {
        const length = at(i + 3) | (at(i + 4) << 8);
        const fn = at(i + 6);
        if (fn === 80) storedQr = new TextDecoder().decode(bytes.slice(i + 8, i + 5 + length));
        if (fn === 81) result.qrs.push(storedQr);
        i += 5 + length;
      } else {
        i += 3;
      }
    } else if (b === FS) {
      const cmd = at(i + 1);
      if (cmd === 0x26) chinese = true;
      if (cmd === 0x2e) chinese = false;
      i += 2;
    } else if (b === DLE) {
      i += 3;
    } else if (chinese && b >= 0x81) {
      // GB18030: two bytes, or four when the second is a digit 0x30..0x39.
      const width = at(i + 1) >= 0x30 && at(i + 1) <= 0x39 ? 4 : 2;
      line += iconv.decode(Buffer.from(bytes.subarray(i, i + width)), 'gb18030');
      i += width;
    } else {
      if (b >= 0x20) line += charFor(page, b);
      i += 1;
    }
  }
  if (line) result.texts.push(line);
  return result;
}
