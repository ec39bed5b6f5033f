import type { PrintDocument, TicketLanguage } from '#protocol';
import { rule, text } from './format.ts';

const WORDS: Record<TicketLanguage, { title: string; scan: string }> = {
  es: { title: 'CONFIGURAR EL SISTEMA', scan: 'Escanee el código con su teléfono o escriba la dirección en el navegador' },
  en: { title: 'SET UP THE SYSTEM', scan: 'Scan the code with your phone or type the address in its browser' },
  zh: { title: '系统设置', scan: '用手机扫描二维码，或在浏览器中输入地址' },
};

/**
 * The setup slip as the rules know it: the restaurant's name and how to use
 * the slip. The rules do not know the hub's addresses nor its claim code:
 * the print runner adds them (address as text and QR, claim code while the
 * hub is unclaimed) at print time, to jobs whose purpose is `setupSlip`.
 */
export function setupSlipDocument(restaurantName: string, language: TicketLanguage): PrintDocument {
  const w = WORDS[language];
  return {
    blocks: [
      text(w.title, { align: 'center', size: 'tall', bold: true }),
      ...(restaurantName ? [text(restaurantName, { align: 'center', bold: true })] : []),
      rule(),
      text(w.scan, { align: 'center' }),
    ],
    cut: true,
  };
}
