import { parseEscPos, type ParsedPrintout } from '../escpos/parse.ts';
import type { FakePrinter } from './fake-printer.ts';

/**
 * Each document a fake printer printed, read back: its connections' bytes
 * split after each cut (GS V), since one connection may carry several
 * documents; what follows the last cut counts as one more. Code page PC858
 * (the printers' default in the tests).
 */
export function papersOf(fake: FakePrinter): ParsedPrintout[] {
  const out: ParsedPrintout[] = [];
  for (const bytes of fake.received) {
    let start = 0;
    for (let i = 0; i + 1 < bytes.length; i += 1) {
      if (bytes[i] !== 0x1d || bytes[i + 1] !== 0x56) continue;
      // GS V m (3 bytes), or GS V 65/66 n (4 bytes: cut after feeding n).
      const end = i + (bytes[i + 2] === 65 || bytes[i + 2] === 66 ? 4 : 3);
      out.push(parseEscPos(bytes.slice(start, end), { codePage: 'cp858' }));
      start = end;
      i = end - 1;
    }
    if (start < bytes.length) out.push(parseEscPos(bytes.slice(start), { codePage: 'cp858' }));
  }
  return out;
}
