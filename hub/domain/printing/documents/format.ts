import type { Names, PrintBlock, TicketLanguage } from '#protocol';
import { RESTAURANT_UTC_OFFSET_MINUTES } from '../../reservations/calendar.ts';

/**
 * Small pieces every printout shares: the restaurant's clock (Lima keeps
 * UTC−5 all year, so an event's `at` is formatted without reading any clock),
 * a dish's name in the printer's language, and block shorthands.
 */

/** Lima time of an ISO instant as HH:MM. */
export function limaTime(iso: string): string {
  return new Date(Date.parse(iso) + RESTAURANT_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(11, 16);
}

/** Lima date of an ISO instant as DD/MM/YYYY (how Peruvian receipts write it). */
export function limaDate(iso: string): string {
  const [y, m, d] = new Date(Date.parse(iso) + RESTAURANT_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** A name in the printer's language, falling back to Spanish (the menu's first language) when it has none. */
export function nameIn(names: Names | null | undefined, language: TicketLanguage): string {
  if (!names) return '';
  return names[language].trim() || names.es;
}

/** A dish as a ticket names it: its name, and its size in brackets when it has one. */
export function dishName(line: { names: Names; specNames: Names | null }, language: TicketLanguage): string {
  const spec = nameIn(line.specNames, language);
  return spec ? `${nameIn(line.names, language)} (${spec})` : nameIn(line.names, language);
}

/** A line of text. */
export function text(value: string, style: Omit<Extract<PrintBlock, { kind: 'text' }>, 'kind' | 'text'> = {}): PrintBlock {
  return { kind: 'text', text: value, ...style };
}

/** A label and an amount on one line. */
export function row(left: string, right: string, bold = false): PrintBlock {
  return bold ? { kind: 'columns', left, right, bold } : { kind: 'columns', left, right };
}

/** A full-width rule. */
export function rule(char: '-' | '=' | '*' = '-'): PrintBlock {
  return { kind: 'rule', char };
}

/** A marker as the kitchen must not miss it: large, bold, white on black. */
export function marker(value: string): PrintBlock {
  return { kind: 'text', text: value, align: 'center', size: 'large', bold: true, invert: true };
}
