import type { ShiftReport, TicketLanguage } from '#protocol';
import { zReportDocument } from '#hub/domain/printing/documents/z-report.ts';
import { previewText } from '../../../hardware/escpos/preview.ts';

/**
 * A shift's Z report as plain text, exactly as an 80 mm receipt printer lays
 * it out (the virtual printer's preview: same wrapping and columns), for the
 * nightly export's `Z-<shift>.txt` files. One line per paper line, `\n` ended.
 */
export function zReportText(report: ShiftReport, language: TicketLanguage, paper: 58 | 80 = 80): string {
  return `${previewText(zReportDocument(report, language), { paper }).join('\n')}\n`;
}
