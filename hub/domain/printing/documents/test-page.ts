import type { PrintDocument, Printer, TicketLanguage } from '#protocol';
import { formatSoles } from '../../money.ts';
import { limaDate, limaTime, row, rule, text } from './format.ts';

const WORDS: Record<TicketLanguage, { title: string; paper: string; codePage: string; chinese: string; qr: string; columns: string }> = {
  es: { title: 'PÁGINA DE PRUEBA', paper: 'Papel', codePage: 'Página de códigos', chinese: 'Modo chino', qr: 'Código QR', columns: 'Columnas' },
  en: { title: 'TEST PAGE', paper: 'Paper', codePage: 'Code page', chinese: 'Chinese mode', qr: 'QR code', columns: 'Columns' },
  zh: { title: '打印测试页', paper: '纸宽', codePage: '代码页', chinese: '中文模式', qr: '二维码', columns: '对齐' },
};

/** Every Spanish letter a ticket may need: the accents, ñ, ü and the opening marks. */
export const SPANISH_SAMPLE = 'Ají de gallina, ñandú, pingüino: ¿Qué tal? ¡Olé! ÁÉÍÓÚ áéíóú Ññ Üü';
/** Chinese as the kitchen reads it (GB18030 or the raster image must both show it). */
export const CHINESE_SAMPLE = '宫保鸡丁 麻婆豆腐 炒饭 谢谢';

/**
 * The test page: the printer's name and settings, a Spanish line with every
 * accent and ñ ¿ ¡, a Chinese line, a QR code and label-amount columns, so
 * the owner sees at once whether the code page, the Chinese mode and the QR
 * mode are right for this printer.
 */
export function testPageDocument(printer: Printer, at: string, language: TicketLanguage = printer.language): PrintDocument {
  const w = WORDS[language];
  return {
    blocks: [
      text(w.title, { align: 'center', size: 'large', bold: true }),
      text(printer.name, { align: 'center', size: 'tall' }),
      text(`${limaDate(at)} ${limaTime(at)}`),
      rule(),
      row(w.paper, `${printer.paper} mm`),
      row(w.codePage, printer.codePage),
      row(w.chinese, printer.cjk),
      rule(),
      text(SPANISH_SAMPLE),
      text(CHINESE_SAMPLE),
      text(CHINESE_SAMPLE, { size: 'large' }),
      rule(),
      text(w.columns, { bold: true }),
      row('Lomo saltado', formatSoles(3800)),
      row('Chicha morada 1 L', formatSoles(1200)),
      row('TOTAL', formatSoles(5000), true),
      rule(),
      text(w.qr, { align: 'center' }),
      { kind: 'qr', data: `TEST ${printer.id}`, align: 'center' },
    ],
    cut: true,
  };
}
