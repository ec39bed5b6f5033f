import type { PrintDocument, TicketLanguage } from '#protocol';
import { marker } from './format.ts';

const WORDS: Record<TicketLanguage, string> = { es: 'REIMPRESIÓN', en: 'REPRINT', zh: '重印' };

/** The REPRINT mark in a language (tests and the kitchen display read it). */
export function reprintWord(language: TicketLanguage): string {
  return WORDS[language];
}

/**
 * A reprint: the same paper with a REPRINT mark at the top. A document that
 * already starts with a reprint mark (a reprint of a reprint) is not marked
 * twice.
 */
export function markedReprint(document: PrintDocument, language: TicketLanguage): PrintDocument {
  const first = document.blocks[0];
  const marked = first?.kind === 'text' && first.invert === true && Object.values(WORDS).includes(first.text);
  return marked ? document : { ...document, blocks: [marker(WORDS[language]), ...document.blocks] };
}
