/**
 * One line of text as printer bytes: Spanish (and any non-Chinese text) in
 * the printer's code page, byte by byte, with an ASCII spelling for what the
 * page lacks; Chinese runs in GB18030 between FS & and FS . (the printer's
 * Chinese mode must be off for accented letters, whose bytes would otherwise
 * be read as halves of Chinese characters).
 */
import iconv from 'iconv-lite';
import type { CodePage } from '#protocol';
import { asciiFallback } from './ascii-fallback.ts';
import { isCjk } from './cjk.ts';
import { byteFor } from './code-pages.ts';
import { CHINESE_OFF, CHINESE_ON } from './commands.ts';

/** The code-page bytes of `text` (no Chinese in it): control characters become spaces, so no text can inject a command. */
export function codePageBytes(text: string, page: CodePage): number[] {
  const out: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) {
      out.push(0x20);
      continue;
    }
    const byte = byteFor(page, char);
    if (byte !== undefined) {
      out.push(byte);
      continue;
    }
    for (const c of asciiFallback(char)) out.push(c.charCodeAt(0));
  }
  return out;
}

/** Splits text into runs that are all Chinese or all not. */
export function cjkRuns(text: string): Array<{ cjk: boolean; text: string }> {
  const runs: Array<{ cjk: boolean; text: string }> = [];
  for (const char of text) {
    const cjk = isCjk(char);
    const last = runs[runs.length - 1];
    if (last && last.cjk === cjk) last.text += char;
    else runs.push({ cjk, text: char });
  }
  return runs;
}

/** The bytes of one line's text in GB18030 mode (without the line feed). */
export function gb18030LineBytes(text: string, page: CodePage): number[] {
  const out: number[] = [];
  for (const run of cjkRuns(text)) {
    if (run.cjk) out.push(...CHINESE_ON, ...iconv.encode(run.text, 'gb18030'), ...CHINESE_OFF);
    else out.push(...codePageBytes(run.text, page));
  }
  return out;
}
