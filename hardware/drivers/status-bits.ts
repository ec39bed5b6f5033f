/**
 * What a printer's answers to DLE EOT 1, 2 and 4 (real-time status, one
 * byte each) mean. Epson ESC/POS reference, DLE EOT: n=1 bit 3 off-line;
 * n=2 bit 2 cover open, bit 5 printing stopped by paper end, bit 6 error;
 * n=4 bits 5-6 paper roll end. A question left unanswered says nothing.
 */
import type { PrinterStatus } from '#protocol';

/** The answer bytes by question (1, 2, 4); absent where the printer did not answer. */
export type StatusAnswers = Partial<Record<1 | 2 | 4, number>>;

/** The status the answers describe: paper, then cover, then error, then off-line; ok when nothing is wrong. */
export function statusFromAnswers(answers: StatusAnswers): PrinterStatus {
  const printer = answers[1] ?? 0;
  const cause = answers[2] ?? 0;
  const paper = answers[4] ?? 0;
  if ((paper & 0x60) !== 0 || (cause & 0x20) !== 0) return { state: 'needsPerson', reason: 'PAPER_OUT' };
  if ((cause & 0x04) !== 0) return { state: 'needsPerson', reason: 'COVER_OPEN' };
  if ((cause & 0x40) !== 0) return { state: 'needsPerson', reason: 'PRINTER_ERROR' };
  if ((printer & 0x08) !== 0) return { state: 'needsPerson', reason: 'PRINTER_ERROR' };
  return { state: 'ok' };
}

/** The DLE EOT answer bytes a printer in `status` gives (the fake printer answers with these). */
export function answersFor(flags: { paperOut?: boolean; coverOpen?: boolean; offline?: boolean; error?: boolean }): Record<1 | 2 | 4, number> {
  // Bits 1 and 4 are always set in real answers: a plain 0x12 means "nothing to report".
  const stopped = flags.paperOut || flags.coverOpen || flags.error || flags.offline;
  return {
    1: 0x12 | (stopped ? 0x08 : 0),
    2: 0x12 | (flags.coverOpen ? 0x04 : 0) | (flags.paperOut ? 0x20 : 0) | (flags.error ? 0x40 : 0),
    4: 0x12 | (flags.paperOut ? 0x60 : 0),
  };
}
